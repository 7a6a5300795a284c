import CZeroMQ
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Typed socket options. Property setters cannot throw in Swift, so each writable option is a throwing
// `setX(_:)` method plus, where libzmq can read it back, an `x` getter. Times are milliseconds, as in libzmq.
extension ZMQSocket {
    // MARK: Queues and lifetime

    /// `ZMQ_SNDHWM`: messages queued per peer before PUSH/DEALER block and PUB/ROUTER drop (0 = no limit).
    public func setSendHighWaterMark(_ messages: Int) throws { try setInt(ZMQ_SNDHWM, "ZMQ_SNDHWM", messages) }
    package var sendHighWaterMark: Int { get throws { try int(ZMQ_SNDHWM, "ZMQ_SNDHWM") } }

    /// `ZMQ_RCVHWM`: messages queued per peer on the receiving side (0 = no limit).
    public func setReceiveHighWaterMark(_ messages: Int) throws { try setInt(ZMQ_RCVHWM, "ZMQ_RCVHWM", messages) }
    package var receiveHighWaterMark: Int { get throws { try int(ZMQ_RCVHWM, "ZMQ_RCVHWM") } }

    /// `ZMQ_SNDBUF` / `ZMQ_RCVBUF`: the kernel socket buffer sizes in bytes (-1 = the OS default).
    public func setSendBufferSize(_ bytes: Int) throws { try setInt(ZMQ_SNDBUF, "ZMQ_SNDBUF", bytes) }
    public func setReceiveBufferSize(_ bytes: Int) throws { try setInt(ZMQ_RCVBUF, "ZMQ_RCVBUF", bytes) }

    /// `ZMQ_LINGER`: how long unsent messages survive `close()` (-1 = until delivered, 0 = drop at once).
    public func setLinger(_ milliseconds: Int) throws { try setInt(ZMQ_LINGER, "ZMQ_LINGER", milliseconds) }

    /// `ZMQ_MAXMSGSIZE`: a peer that sends a larger frame is disconnected by libzmq before the frame is
    /// buffered, so no peer can make this process hold more than `bytes` per frame (-1: no limit).
    public func setMaximumMessageSize(_ bytes: Int64) throws {
        let socket = try openHandle("zmq_setsockopt(ZMQ_MAXMSGSIZE)")
        var value = bytes
        if zmq_setsockopt(socket, ZMQ_MAXMSGSIZE, &value, MemoryLayout<Int64>.size) != 0 {
            throw ZMQError.last("zmq_setsockopt(ZMQ_MAXMSGSIZE, \(bytes))")
        }
    }
    package var linger: Int { get throws { try int(ZMQ_LINGER, "ZMQ_LINGER") } }

    /// `ZMQ_SNDTIMEO`: how long a blocking send waits before returning false (-1 = forever).
    public func setSendTimeout(_ milliseconds: Int) throws { try setInt(ZMQ_SNDTIMEO, "ZMQ_SNDTIMEO", milliseconds) }
    package var sendTimeout: Int { get throws { try int(ZMQ_SNDTIMEO, "ZMQ_SNDTIMEO") } }

    /// `ZMQ_RCVTIMEO`: how long a blocking receive waits before returning false/nil (-1 = forever).
    public func setReceiveTimeout(_ milliseconds: Int) throws {
        try setInt(ZMQ_RCVTIMEO, "ZMQ_RCVTIMEO", milliseconds)
    }
    package var receiveTimeout: Int { get throws { try int(ZMQ_RCVTIMEO, "ZMQ_RCVTIMEO") } }

    /// `ZMQ_IMMEDIATE`: queue only onto completed connections (PUSH/DEALER then block instead of queuing).
    package func setImmediate(_ enabled: Bool) throws { try setInt(ZMQ_IMMEDIATE, "ZMQ_IMMEDIATE", enabled ? 1 : 0) }
    package var immediate: Bool { get throws { try int(ZMQ_IMMEDIATE, "ZMQ_IMMEDIATE") != 0 } }

    // MARK: Routing

    /// `ZMQ_ROUTING_ID`, set before connecting; a ROUTER sees it as the first frame. libzmq accepts
    /// 1-255 bytes and reserves ids starting with a zero byte for the ones it generates.
    public func setRoutingID(_ id: [UInt8]) throws {
        guard (1...255).contains(id.count), id[0] != 0 else {
            throw ZMQError(
                code: EINVAL, operation: "zmq_setsockopt(ZMQ_ROUTING_ID)",
                detail: "a routing id is 1-255 bytes not starting with 0x00, got \(id.count) bytes"
                    + (id.first == 0 ? " starting with 0x00" : ""))
        }
        try id.withUnsafeBytes { try setBytes(ZMQ_ROUTING_ID, "ZMQ_ROUTING_ID", $0) }
    }
    package var routingID: [UInt8] { get throws { try bytes(ZMQ_ROUTING_ID, "ZMQ_ROUTING_ID", capacity: 255) } }

    /// `ZMQ_ROUTER_MANDATORY`: a ROUTER reports EHOSTUNREACH for unknown peers and blocks (EAGAIN with
    /// dontWait) at the high-water mark instead of dropping silently. Write-only in libzmq.
    public func setRouterMandatory(_ enabled: Bool) throws {
        try setInt(ZMQ_ROUTER_MANDATORY, "ZMQ_ROUTER_MANDATORY", enabled ? 1 : 0)
    }

    /// `ZMQ_ROUTER_HANDOVER`: a reconnecting peer with a known routing id takes it over. Write-only.
    public func setRouterHandover(_ enabled: Bool) throws {
        try setInt(ZMQ_ROUTER_HANDOVER, "ZMQ_ROUTER_HANDOVER", enabled ? 1 : 0)
    }

    /// `ZMQ_PROBE_ROUTER`: send an empty message on every (re)connect so the ROUTER learns the peer. Write-only.
    public func setProbeRouter(_ enabled: Bool) throws {
        try setInt(ZMQ_PROBE_ROUTER, "ZMQ_PROBE_ROUTER", enabled ? 1 : 0)
    }

    // MARK: Subscriptions (SUB/XSUB)

    /// `ZMQ_XPUB_VERBOSE`: an XPUB passes every subscribe message up, not only a topic's first (so a publisher
    /// can greet each new subscriber).
    package func setXPubVerbose(_ enabled: Bool) throws { try setInt(ZMQ_XPUB_VERBOSE, "ZMQ_XPUB_VERBOSE", enabled ? 1 : 0) }

    /// `ZMQ_XPUB_NODROP`: a send that would pass a subscriber's high-water mark fails with EAGAIN instead of
    /// being dropped silently, so the publisher can count it.
    package func setXPubNoDrop(_ enabled: Bool) throws { try setInt(ZMQ_XPUB_NODROP, "ZMQ_XPUB_NODROP", enabled ? 1 : 0) }

    /// `ZMQ_SUBSCRIBE`: receive messages starting with `prefix` (empty = everything).
    package func subscribe(_ prefix: [UInt8] = []) throws {
        try prefix.withUnsafeBytes { try setBytes(ZMQ_SUBSCRIBE, "ZMQ_SUBSCRIBE", $0) }
    }
    package func subscribe(_ prefix: String) throws { try subscribe(Array(prefix.utf8)) }

    /// `ZMQ_UNSUBSCRIBE`: removes one matching `subscribe` call.
    func unsubscribe(_ prefix: [UInt8] = []) throws {
        try prefix.withUnsafeBytes { try setBytes(ZMQ_UNSUBSCRIBE, "ZMQ_UNSUBSCRIBE", $0) }
    }
    package func unsubscribe(_ prefix: String) throws { try unsubscribe(Array(prefix.utf8)) }

    // MARK: Heartbeats (ZMTP 3.1 PING/PONG, answered by libzmq's I/O thread)

    /// `ZMQ_HEARTBEAT_IVL`: send a PING this often (0 = off).
    package func setHeartbeatInterval(_ milliseconds: Int) throws {
        try setInt(ZMQ_HEARTBEAT_IVL, "ZMQ_HEARTBEAT_IVL", milliseconds)
    }
    package var heartbeatInterval: Int { get throws { try int(ZMQ_HEARTBEAT_IVL, "ZMQ_HEARTBEAT_IVL") } }

    /// `ZMQ_HEARTBEAT_TIMEOUT`: drop the connection when no traffic came this long after a PING
    /// (-1 = use the interval).
    package func setHeartbeatTimeout(_ milliseconds: Int) throws {
        try setInt(ZMQ_HEARTBEAT_TIMEOUT, "ZMQ_HEARTBEAT_TIMEOUT", milliseconds)
    }
    package var heartbeatTimeout: Int { get throws { try int(ZMQ_HEARTBEAT_TIMEOUT, "ZMQ_HEARTBEAT_TIMEOUT") } }

    /// `ZMQ_HEARTBEAT_TTL`: tells the peer to drop us after this long without traffic. libzmq stores it
    /// in deciseconds (so it reads back rounded down to 100 ms) and accepts 0...6_553_599.
    package func setHeartbeatTTL(_ milliseconds: Int) throws {
        try setInt(ZMQ_HEARTBEAT_TTL, "ZMQ_HEARTBEAT_TTL", milliseconds)
    }
    package var heartbeatTTL: Int { get throws { try int(ZMQ_HEARTBEAT_TTL, "ZMQ_HEARTBEAT_TTL") } }
}

// Read-only socket state.
extension ZMQSocket {
    /// `ZMQ_LAST_ENDPOINT`: the endpoint last bound or connected, with wildcards resolved
    /// (`tcp://127.0.0.1:*` reads back as `tcp://127.0.0.1:40123`).
    public var lastEndpoint: String {
        get throws {
            var bytes = try self.bytes(ZMQ_LAST_ENDPOINT, "ZMQ_LAST_ENDPOINT", capacity: 1024)
            if bytes.last == 0 { bytes.removeLast() }  // libzmq includes the C terminator in the size
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// `ZMQ_EVENTS`: whether a receive or send would succeed now (also resets `fileDescriptor`'s edge); a frame the
    /// poller holds for the next receive (`holdsFrame`) counts as input.
    package var events: ZMQPollEvents {
        get throws {
            let events = ZMQPollEvents(rawValue: Int16(truncatingIfNeeded: try int(ZMQ_EVENTS, "ZMQ_EVENTS")))
            return holdsFrame ? events.union(.in) : events
        }
    }

    /// `ZMQ_FD`: an edge-triggered readiness fd for external loops; after it wakes, drain until `events`
    /// no longer contains `.in`.
    package var fileDescriptor: Int32 { get throws { Int32(truncatingIfNeeded: try int(ZMQ_FD, "ZMQ_FD")) } }

    /// `ZMQ_RCVMORE`: the frame just received is followed by another frame of the same message.
    package var hasMore: Bool { get throws { try int(ZMQ_RCVMORE, "ZMQ_RCVMORE") != 0 } }
}

// Untyped option access, for options without a typed wrapper, and the plumbing the typed ones share.
extension ZMQSocket {
    /// `zmq_setsockopt` for an `int` option.
    func setOption(_ option: Int32, int value: Int) throws { try setInt(option, "option \(option)", value) }

    /// `zmq_setsockopt` for a binary or string option.
    func setOption(_ option: Int32, bytes value: [UInt8]) throws {
        try value.withUnsafeBytes { try setBytes(option, "option \(option)", $0) }
    }

    /// `zmq_getsockopt` for an `int` option.
    package func intOption(_ option: Int32) throws -> Int { try int(option, "option \(option)") }

    // MARK: Plumbing

    func setInt(_ option: Int32, _ name: @autoclosure () -> String, _ value: Int) throws {
        let socket = try openHandle("zmq_setsockopt(\(name()))")
        guard let cValue = Int32(exactly: value) else {
            throw ZMQError(
                code: EINVAL, operation: "zmq_setsockopt(\(name()))",
                detail: "\(value) does not fit in a C int")
        }
        var storage = cValue
        if zmq_setsockopt(socket, option, &storage, MemoryLayout<Int32>.size) != 0 {
            throw ZMQError.last("zmq_setsockopt(\(name()), \(value))")
        }
    }

    func setBytes(_ option: Int32, _ name: @autoclosure () -> String, _ value: UnsafeRawBufferPointer) throws {
        let socket = try openHandle("zmq_setsockopt(\(name()))")
        if zmq_setsockopt(socket, option, value.baseAddress, value.count) != 0 {
            throw ZMQError.last("zmq_setsockopt(\(name()))")
        }
    }

    func int(_ option: Int32, _ name: @autoclosure () -> String) throws -> Int {
        let socket = try openHandle("zmq_getsockopt(\(name()))")
        var value: Int32 = 0
        var size = MemoryLayout<Int32>.size
        if zmq_getsockopt(socket, option, &value, &size) != 0 { throw ZMQError.last("zmq_getsockopt(\(name()))") }
        return Int(value)
    }

    func bytes(_ option: Int32, _ name: @autoclosure () -> String, capacity: Int) throws -> [UInt8] {
        let socket = try openHandle("zmq_getsockopt(\(name()))")
        var size = capacity
        var result = [UInt8](repeating: 0, count: capacity)
        let rc = result.withUnsafeMutableBytes { zmq_getsockopt(socket, option, $0.baseAddress, &size) }
        if rc != 0 { throw ZMQError.last("zmq_getsockopt(\(name()))") }
        result.removeSubrange(size...)
        return result
    }
}
