import CZeroMQ

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
