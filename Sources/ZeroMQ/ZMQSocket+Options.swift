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
    public var sendHighWaterMark: Int { get throws { try int(ZMQ_SNDHWM, "ZMQ_SNDHWM") } }

    /// `ZMQ_RCVHWM`: messages queued per peer on the receiving side (0 = no limit).
    public func setReceiveHighWaterMark(_ messages: Int) throws { try setInt(ZMQ_RCVHWM, "ZMQ_RCVHWM", messages) }
    public var receiveHighWaterMark: Int { get throws { try int(ZMQ_RCVHWM, "ZMQ_RCVHWM") } }

    /// `ZMQ_LINGER`: how long unsent messages survive `close()` (-1 = until delivered, 0 = drop at once).
    public func setLinger(_ milliseconds: Int) throws { try setInt(ZMQ_LINGER, "ZMQ_LINGER", milliseconds) }
    public var linger: Int { get throws { try int(ZMQ_LINGER, "ZMQ_LINGER") } }

    /// `ZMQ_SNDTIMEO`: how long a blocking send waits before returning false (-1 = forever).
    public func setSendTimeout(_ milliseconds: Int) throws { try setInt(ZMQ_SNDTIMEO, "ZMQ_SNDTIMEO", milliseconds) }
    public var sendTimeout: Int { get throws { try int(ZMQ_SNDTIMEO, "ZMQ_SNDTIMEO") } }

    /// `ZMQ_RCVTIMEO`: how long a blocking receive waits before returning false/nil (-1 = forever).
    public func setReceiveTimeout(_ milliseconds: Int) throws {
        try setInt(ZMQ_RCVTIMEO, "ZMQ_RCVTIMEO", milliseconds)
    }
    public var receiveTimeout: Int { get throws { try int(ZMQ_RCVTIMEO, "ZMQ_RCVTIMEO") } }

    /// `ZMQ_IMMEDIATE`: queue only onto completed connections (PUSH/DEALER then block instead of queuing).
    public func setImmediate(_ enabled: Bool) throws { try setInt(ZMQ_IMMEDIATE, "ZMQ_IMMEDIATE", enabled ? 1 : 0) }
    public var immediate: Bool { get throws { try int(ZMQ_IMMEDIATE, "ZMQ_IMMEDIATE") != 0 } }

    // MARK: Routing

    /// `ZMQ_ROUTING_ID`, set before connecting; a ROUTER sees it as the first frame. libzmq accepts
    /// 1-255 bytes and reserves ids starting with a zero byte for the ones it generates.
    public func setRoutingID(_ id: [UInt8]) throws {
        guard (1...255).contains(id.count), id[0] != 0 else {
            throw ZMQError(code: EINVAL, operation: "zmq_setsockopt(ZMQ_ROUTING_ID)",
                           detail: "a routing id is 1-255 bytes not starting with 0x00, got \(id.count) bytes"
                               + (id.first == 0 ? " starting with 0x00" : ""))
        }
        try id.withUnsafeBytes { try setBytes(ZMQ_ROUTING_ID, "ZMQ_ROUTING_ID", $0) }
    }
    public var routingID: [UInt8] { get throws { try bytes(ZMQ_ROUTING_ID, "ZMQ_ROUTING_ID", capacity: 255) } }

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

    /// `ZMQ_SUBSCRIBE`: receive messages starting with `prefix` (empty = everything).
    public func subscribe(_ prefix: [UInt8] = []) throws {
        try prefix.withUnsafeBytes { try setBytes(ZMQ_SUBSCRIBE, "ZMQ_SUBSCRIBE", $0) }
    }
    public func subscribe(_ prefix: String) throws { try subscribe(Array(prefix.utf8)) }

    /// `ZMQ_UNSUBSCRIBE`: removes one matching `subscribe` call.
    public func unsubscribe(_ prefix: [UInt8] = []) throws {
        try prefix.withUnsafeBytes { try setBytes(ZMQ_UNSUBSCRIBE, "ZMQ_UNSUBSCRIBE", $0) }
    }
    public func unsubscribe(_ prefix: String) throws { try unsubscribe(Array(prefix.utf8)) }

    // MARK: Heartbeats (ZMTP 3.1 PING/PONG, answered by libzmq's I/O thread)

    /// `ZMQ_HEARTBEAT_IVL`: send a PING this often (0 = off).
    public func setHeartbeatInterval(_ milliseconds: Int) throws {
        try setInt(ZMQ_HEARTBEAT_IVL, "ZMQ_HEARTBEAT_IVL", milliseconds)
    }
    public var heartbeatInterval: Int { get throws { try int(ZMQ_HEARTBEAT_IVL, "ZMQ_HEARTBEAT_IVL") } }

    /// `ZMQ_HEARTBEAT_TIMEOUT`: drop the connection when no traffic came this long after a PING
    /// (-1 = use the interval).
    public func setHeartbeatTimeout(_ milliseconds: Int) throws {
        try setInt(ZMQ_HEARTBEAT_TIMEOUT, "ZMQ_HEARTBEAT_TIMEOUT", milliseconds)
    }
    public var heartbeatTimeout: Int { get throws { try int(ZMQ_HEARTBEAT_TIMEOUT, "ZMQ_HEARTBEAT_TIMEOUT") } }

    /// `ZMQ_HEARTBEAT_TTL`: tells the peer to drop us after this long without traffic. libzmq stores it
    /// in deciseconds (so it reads back rounded down to 100 ms) and accepts 0...6_553_599.
    public func setHeartbeatTTL(_ milliseconds: Int) throws {
        try setInt(ZMQ_HEARTBEAT_TTL, "ZMQ_HEARTBEAT_TTL", milliseconds)
    }
    public var heartbeatTTL: Int { get throws { try int(ZMQ_HEARTBEAT_TTL, "ZMQ_HEARTBEAT_TTL") } }

    // MARK: CURVE security (keys are 32 bytes, or 40 Z85 characters)

    /// `ZMQ_CURVE_SERVER`: this side is the CURVE server (needs only its secret key).
    public func setCurveServer(_ enabled: Bool) throws {
        try setInt(ZMQ_CURVE_SERVER, "ZMQ_CURVE_SERVER", enabled ? 1 : 0)
    }
    public var curveServer: Bool { get throws { try int(ZMQ_CURVE_SERVER, "ZMQ_CURVE_SERVER") != 0 } }

    /// `ZMQ_CURVE_PUBLICKEY`: this client's long-term public key.
    public func setCurvePublicKey(_ key: [UInt8]) throws { try setCurveKey(ZMQ_CURVE_PUBLICKEY, "ZMQ_CURVE_PUBLICKEY", key) }
    public func setCurvePublicKey(z85 key: String) throws {
        try setCurveKey(ZMQ_CURVE_PUBLICKEY, "ZMQ_CURVE_PUBLICKEY", z85: key)
    }
    public var curvePublicKey: [UInt8] { get throws { try bytes(ZMQ_CURVE_PUBLICKEY, "ZMQ_CURVE_PUBLICKEY", capacity: 32) } }

    /// `ZMQ_CURVE_SECRETKEY`: this side's long-term secret key.
    public func setCurveSecretKey(_ key: [UInt8]) throws { try setCurveKey(ZMQ_CURVE_SECRETKEY, "ZMQ_CURVE_SECRETKEY", key) }
    public func setCurveSecretKey(z85 key: String) throws {
        try setCurveKey(ZMQ_CURVE_SECRETKEY, "ZMQ_CURVE_SECRETKEY", z85: key)
    }
    public var curveSecretKey: [UInt8] { get throws { try bytes(ZMQ_CURVE_SECRETKEY, "ZMQ_CURVE_SECRETKEY", capacity: 32) } }

    /// `ZMQ_CURVE_SERVERKEY`: the server's public key, set on a client (makes it a CURVE client).
    public func setCurveServerKey(_ key: [UInt8]) throws { try setCurveKey(ZMQ_CURVE_SERVERKEY, "ZMQ_CURVE_SERVERKEY", key) }
    public func setCurveServerKey(z85 key: String) throws {
        try setCurveKey(ZMQ_CURVE_SERVERKEY, "ZMQ_CURVE_SERVERKEY", z85: key)
    }
    public var curveServerKey: [UInt8] { get throws { try bytes(ZMQ_CURVE_SERVERKEY, "ZMQ_CURVE_SERVERKEY", capacity: 32) } }

    // MARK: Read-only state

    /// `ZMQ_LAST_ENDPOINT`: the endpoint last bound or connected, with wildcards resolved
    /// (`tcp://127.0.0.1:*` reads back as `tcp://127.0.0.1:40123`).
    public var lastEndpoint: String {
        get throws {
            var bytes = try self.bytes(ZMQ_LAST_ENDPOINT, "ZMQ_LAST_ENDPOINT", capacity: 1024)
            if bytes.last == 0 { bytes.removeLast() }  // libzmq includes the C terminator in the size
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// `ZMQ_EVENTS`: whether a receive or send would succeed now (also resets `fileDescriptor`'s edge).
    public var events: ZMQPollEvents {
        get throws { ZMQPollEvents(rawValue: Int16(truncatingIfNeeded: try int(ZMQ_EVENTS, "ZMQ_EVENTS"))) }
    }

    /// `ZMQ_FD`: an edge-triggered readiness fd for external loops; after it wakes, drain until `events`
    /// no longer contains `.in`.
    public var fileDescriptor: Int32 { get throws { Int32(truncatingIfNeeded: try int(ZMQ_FD, "ZMQ_FD")) } }

    /// `ZMQ_RCVMORE`: the frame just received is followed by another frame of the same message.
    public var hasMore: Bool { get throws { try int(ZMQ_RCVMORE, "ZMQ_RCVMORE") != 0 } }

    // MARK: Raw access for options without a typed wrapper

    /// `zmq_setsockopt` for an `int` option.
    public func setOption(_ option: Int32, int value: Int) throws { try setInt(option, "option \(option)", value) }

    /// `zmq_setsockopt` for a binary or string option.
    public func setOption(_ option: Int32, bytes value: [UInt8]) throws {
        try value.withUnsafeBytes { try setBytes(option, "option \(option)", $0) }
    }

    /// `zmq_getsockopt` for an `int` option.
    public func intOption(_ option: Int32) throws -> Int { try int(option, "option \(option)") }

    /// `zmq_getsockopt` for a binary or string option of at most `capacity` bytes.
    public func bytesOption(_ option: Int32, capacity: Int) throws -> [UInt8] {
        try bytes(option, "option \(option)", capacity: capacity)
    }

    // MARK: Plumbing

    func setInt(_ option: Int32, _ name: @autoclosure () -> String, _ value: Int) throws {
        let socket = try openHandle("zmq_setsockopt(\(name()))")
        guard let cValue = Int32(exactly: value) else {
            throw ZMQError(code: EINVAL, operation: "zmq_setsockopt(\(name()))",
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

    private func setCurveKey(_ option: Int32, _ name: String, _ key: [UInt8]) throws {
        guard key.count == 32 else {
            throw ZMQError(code: EINVAL, operation: "zmq_setsockopt(\(name))",
                           detail: "a binary CURVE key is 32 bytes, got \(key.count)")
        }
        try key.withUnsafeBytes { try setBytes(option, name, $0) }
    }

    private func setCurveKey(_ option: Int32, _ name: String, z85 key: String) throws {
        let utf8 = Array(key.utf8)
        guard utf8.count == 40 else {
            throw ZMQError(code: EINVAL, operation: "zmq_setsockopt(\(name))",
                           detail: "a Z85 CURVE key is 40 characters, got \(utf8.count)")
        }
        // 40 bytes without the terminator is how libzmq tells a Z85 key from a binary one.
        try utf8.withUnsafeBytes { try setBytes(option, name, $0) }
    }
}
