#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
