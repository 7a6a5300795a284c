import CZeroMQ

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

    /// `ZMQ_EVENTS`: whether a receive or send would succeed now (also resets `fileDescriptor`'s edge).
    package var events: ZMQPollEvents {
        get throws { ZMQPollEvents(rawValue: Int16(truncatingIfNeeded: try int(ZMQ_EVENTS, "ZMQ_EVENTS"))) }
    }

    /// `ZMQ_FD`: an edge-triggered readiness fd for external loops; after it wakes, drain until `events`
    /// no longer contains `.in`.
    package var fileDescriptor: Int32 { get throws { Int32(truncatingIfNeeded: try int(ZMQ_FD, "ZMQ_FD")) } }

    /// `ZMQ_RCVMORE`: the frame just received is followed by another frame of the same message.
    package var hasMore: Bool { get throws { try int(ZMQ_RCVMORE, "ZMQ_RCVMORE") != 0 } }
}
