import CZeroMQ
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// zmq_socket_monitor: libzmq publishes this socket's connection events on a PAIR socket bound to an
// inproc endpoint; a PAIR socket of the same context connects there and reads `ZMQMonitorEvent`s.
extension ZMQSocket {
    /// Starts publishing `events` on `endpoint` (must be `inproc://`), replacing any previous monitor.
    package func monitor(_ endpoint: String, events: ZMQMonitorEvents) throws {
        let socket = try openHandle("zmq_socket_monitor(\(endpoint))")
        Self.notePosting()
        if zmq_socket_monitor(socket, endpoint, Int32(events.rawValue)) != 0 {
            throw ZMQError.last("zmq_socket_monitor(\(endpoint))")
        }
    }

    /// Stops the monitor; libzmq sends `monitorStopped` to it first.
    package func stopMonitor() throws {
        let socket = try openHandle("zmq_socket_monitor(NULL)")
        Self.notePosting()
        if zmq_socket_monitor(socket, nil, 0) != 0 { throw ZMQError.last("zmq_socket_monitor(NULL)") }
    }

    /// Starts a monitor on a fresh inproc endpoint and returns the PAIR socket that reads it
    /// (`ZMQMonitorEvent.receive(from:)`). Call before `bind`/`connect` to see their events.
    public func openMonitor(events: ZMQMonitorEvents = .all) throws -> ZMQSocket {
        // Random rather than derived from the handle: a closed socket's monitor endpoint can outlive
        // the socket briefly (libzmq's reaper), and a new socket may reuse the address.
        let endpoint = "inproc://zeromq-swift.monitor.\(String(UInt64.random(in: .min ... .max), radix: 16))"
        try monitor(endpoint, events: events)
        let reader = try context.socket(.pair)
        try reader.connect(endpoint)
        return reader
    }
}

/// One `zmq_socket_monitor` notification: libzmq 4.3.4 sends two frames, the first 6 bytes (u16 event,
/// u32 value, host byte order), the second the affected endpoint.
public struct ZMQMonitorEvent: Sendable, Hashable, CustomStringConvertible {
    /// Exactly one event kind (unknown future kinds keep their raw bits).
    public let event: ZMQMonitorEvents
    /// The event's value: an fd, an errno, a retry interval... (see `ZMQMonitorEvents`).
    package let value: Int32
    /// The endpoint the event concerns, e.g. `tcp://127.0.0.1:40123`.
    package let endpoint: String

    package init(event: ZMQMonitorEvents, value: Int32, endpoint: String) {
        self.event = event
        self.value = value
        self.endpoint = endpoint
    }

    /// Parses the two frames of a monitor message; a malformed message throws EPROTO naming the problem.
    package init(frames: [[UInt8]]) throws {
        let operation = "ZMQMonitorEvent(frames:)"
        guard frames.count == 2 else {
            throw ZMQError(
                code: EPROTO, operation: operation,
                detail: "a monitor message has 2 frames, got \(frames.count)")
        }
        let header = frames[0]
        guard header.count == 6 else {
            throw ZMQError(
                code: EPROTO, operation: operation,
                detail: "frame 1 of a monitor message is 6 bytes (u16 event, u32 value), "
                    + "got \(header.count)")
        }
        // libzmq memcpy's the integers in host order; loadUnaligned because the value sits at offset 2.
        let (event, value) = header.withUnsafeBytes { bytes in
            (
                bytes.loadUnaligned(fromByteOffset: 0, as: UInt16.self),
                bytes.loadUnaligned(fromByteOffset: 2, as: UInt32.self)
            )
        }
        self.init(
            event: ZMQMonitorEvents(rawValue: event), value: Int32(bitPattern: value),
            endpoint: String(decoding: frames[1], as: UTF8.self))
    }

    /// Receives the next event from a PAIR socket connected to a monitor endpoint, or nil (EAGAIN).
    public static func receive(from socket: ZMQSocket, dontWait: Bool = false) throws -> ZMQMonitorEvent? {
        guard let frames = try socket.receiveMultipart(dontWait: dontWait) else { return nil }
        return try ZMQMonitorEvent(frames: frames)
    }

    public var description: String { "\(event)(\(value)) \(endpoint)" }
}

/// `zmq_socket_monitor` event kinds, as a set (to choose what to monitor) or a single member (what
/// happened, in `ZMQMonitorEvent`). Values are libzmq's `ZMQ_EVENT_*` (16 bits in 4.3.4's v1 format).
public struct ZMQMonitorEvents: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    private init(_ value: Int32) { rawValue = UInt16(truncatingIfNeeded: value) }

    /// Value: the connection's fd.
    package static let connected = ZMQMonitorEvents(ZMQ_EVENT_CONNECTED)
    /// A non-blocking connect is in progress. Value: errno (EINPROGRESS).
    static let connectDelayed = ZMQMonitorEvents(ZMQ_EVENT_CONNECT_DELAYED)
    /// A reconnect was scheduled. Value: the reconnect interval in ms.
    static let connectRetried = ZMQMonitorEvents(ZMQ_EVENT_CONNECT_RETRIED)
    /// Value: the listening fd.
    package static let listening = ZMQMonitorEvents(ZMQ_EVENT_LISTENING)
    /// Value: errno.
    package static let bindFailed = ZMQMonitorEvents(ZMQ_EVENT_BIND_FAILED)
    /// Value: the accepted connection's fd.
    package static let accepted = ZMQMonitorEvents(ZMQ_EVENT_ACCEPTED)
    /// Value: errno.
    static let acceptFailed = ZMQMonitorEvents(ZMQ_EVENT_ACCEPT_FAILED)
    /// Value: the closed fd.
    package static let closed = ZMQMonitorEvents(ZMQ_EVENT_CLOSED)
    /// Value: errno.
    static let closeFailed = ZMQMonitorEvents(ZMQ_EVENT_CLOSE_FAILED)
    /// The session was broken (peer gone). Value: the fd.
    public static let disconnected = ZMQMonitorEvents(ZMQ_EVENT_DISCONNECTED)
    /// The monitor was stopped (the last event a monitor delivers).
    package static let monitorStopped = ZMQMonitorEvents(ZMQ_EVENT_MONITOR_STOPPED)
    /// A handshake failed for a reason other than protocol or authentication. Value: errno.
    static let handshakeFailedNoDetail = ZMQMonitorEvents(ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL)
    /// The ZMTP handshake (including security) completed. Value: 0.
    package static let handshakeSucceeded = ZMQMonitorEvents(ZMQ_EVENT_HANDSHAKE_SUCCEEDED)
    /// The peer broke the ZMTP protocol. Value: a `ZMQ_PROTOCOL_ERROR_*` code.
    package static let handshakeFailedProtocol = ZMQMonitorEvents(ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL)
    /// Authentication (ZAP) refused the peer. Value: the ZAP status code (e.g. 400).
    static let handshakeFailedAuth = ZMQMonitorEvents(ZMQ_EVENT_HANDSHAKE_FAILED_AUTH)
    /// Every event.
    public static let all = ZMQMonitorEvents(ZMQ_EVENT_ALL)

    private static let names: [(ZMQMonitorEvents, String)] = [
        (.connected, "connected"), (.connectDelayed, "connectDelayed"), (.connectRetried, "connectRetried"),
        (.listening, "listening"), (.bindFailed, "bindFailed"), (.accepted, "accepted"),
        (.acceptFailed, "acceptFailed"), (.closed, "closed"), (.closeFailed, "closeFailed"),
        (.disconnected, "disconnected"), (.monitorStopped, "monitorStopped"),
        (.handshakeFailedNoDetail, "handshakeFailedNoDetail"), (.handshakeSucceeded, "handshakeSucceeded"),
        (.handshakeFailedProtocol, "handshakeFailedProtocol"), (.handshakeFailedAuth, "handshakeFailedAuth"),
    ]

    public var description: String {
        var known: UInt16 = 0
        var parts: [String] = []
        for (event, name) in ZMQMonitorEvents.names where contains(event) {
            parts.append(name)
            known |= event.rawValue
        }
        if rawValue & ~known != 0 { parts.append("0x" + String(rawValue & ~known, radix: 16)) }
        return parts.count == 1 ? parts[0] : "[" + parts.joined(separator: ", ") + "]"
    }
}
