import CZeroMQ
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Receiving. Every call returns false/nil for EAGAIN (dontWait and nothing queued, or ZMQ_RCVTIMEO
// expired), retries EINTR (a retried call starts a new ZMQ_RCVTIMEO period), and throws ZMQError for
// anything else.
extension ZMQSocket {
    /// Receives one frame into `message`, replacing (and releasing) its previous payload. No copy:
    /// the message owns libzmq's buffer. `message.more` tells whether another frame follows.
    /// - Returns: false when nothing arrived (EAGAIN).
    public func receive(into message: ZMQMessage, dontWait: Bool = false) throws -> Bool {
        let socket = try openHandle("zmq_msg_recv")
        let flags = dontWait ? ZMQ_DONTWAIT : 0
        while true {
            if zmq_msg_recv(message.pointer, socket, flags) >= 0 { return true }
            let code = zmq_errno()
            if code == EINTR { continue }
            if code == EAGAIN {
                if dontWait { noteInputDrained() }
                return false
            }
            throw ZMQError(code: code, operation: "zmq_msg_recv")
        }
    }

    /// Receives one frame into `buffer` (`zmq_recv`). Returns the frame's full size, which is larger than
    /// `buffer.count` when the frame was truncated, or nil when nothing arrived (EAGAIN).
    package func receive(into buffer: UnsafeMutableRawBufferPointer, dontWait: Bool = false) throws -> Int? {
        let socket = try openHandle("zmq_recv")
        let flags = dontWait ? ZMQ_DONTWAIT : 0
        while true {
            let size = zmq_recv(socket, buffer.baseAddress, buffer.count, flags)
            if size >= 0 { return Int(size) }
            let code = zmq_errno()
            if code == EINTR { continue }
            if code == EAGAIN {
                if dontWait { noteInputDrained() }
                return nil
            }
            throw ZMQError(code: code, operation: "zmq_recv")
        }
    }

    /// Receives one frame as a new array (copies: convenient, not for the hot path), or nil (EAGAIN).
    public func receive(dontWait: Bool = false) throws -> [UInt8]? {
        let message = scratchMessage()
        guard try receive(into: message, dontWait: dontWait) else { return nil }
        return message.bytes
    }

    /// Receives all frames of the next message as arrays (copies), or nil when nothing arrived (EAGAIN).
    public func receiveMultipart(dontWait: Bool = false) throws -> [[UInt8]]? {
        let message = scratchMessage()
        guard try receive(into: message, dontWait: dontWait) else { return nil }
        var frames = [message.bytes]
        while message.more {
            try receiveFollowingFrame(into: message, index: frames.count)
            frames.append(message.bytes)
        }
        return frames
    }

    /// Receives all frames of the next message into `messages` without copying payloads, reusing the
    /// message objects already there and appending new ones only when a message has more frames than
    /// ever before. Returns the number of frames (`messages[0..<n]`), or nil when nothing arrived.
    package func receiveMultipart(into messages: inout [ZMQMessage], dontWait: Bool = false) throws -> Int? {
        if messages.isEmpty { messages.append(ZMQMessage()) }
        guard try receive(into: messages[0], dontWait: dontWait) else { return nil }
        var count = 1
        while messages[count - 1].more {
            if messages.count == count { messages.append(ZMQMessage()) }
            try receiveFollowingFrame(into: messages[count], index: count)
            count += 1
        }
        return count
    }

    /// The frames after the first are already queued (libzmq delivers whole messages), so this blocks
    /// only in theory; EAGAIN here would mean a torn message, reported as an error.
    private func receiveFollowingFrame(into message: ZMQMessage, index: Int) throws {
        guard try receive(into: message, dontWait: false) else {
            throw ZMQError(
                code: EAGAIN, operation: "zmq_msg_recv(frame \(index + 1))",
                detail: "the rest of a multipart message did not arrive")
        }
    }

    /// libzmq answers a non-blocking receive's EAGAIN only after processing every command in the mailbox
    /// (`socket_base_t::recv`), so the socket has no input now and its `ZMQ_FD` will signal the next command:
    /// the poller need not ask it about input until another call (see `pollInputDrained`).
    private func noteInputDrained() {
        pollEvents.remove(.in)
        pollInputDrained = true
    }

    private func scratchMessage() -> ZMQMessage {
        if let message = scratch { return message }
        let message = ZMQMessage()
        scratch = message
        return message
    }
}
