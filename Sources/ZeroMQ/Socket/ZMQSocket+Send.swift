import CZeroMQ
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Sending. Every call returns false for EAGAIN (dontWait and the queue is full, or ZMQ_SNDTIMEO expired),
// retries EINTR, and throws ZMQError for anything else.
extension ZMQSocket {
    /// Sends one frame, copying `bytes` into libzmq (a single memcpy; fine for small frames).
    /// - Parameter more: another frame of the same message follows (`ZMQ_SNDMORE`).
    /// - Returns: false when the frame was not queued (EAGAIN).
    @discardableResult
    public func send(_ bytes: UnsafeRawBufferPointer, more: Bool = false, dontWait: Bool = false) throws -> Bool {
        let socket = try openHandle("zmq_send")
        let flags = ZMQSocket.sendFlags(more: more, dontWait: dontWait)
        while true {
            if zmq_send(socket, bytes.baseAddress, bytes.count, flags) >= 0 { return true }
            let code = zmq_errno()
            if code == EINTR { continue }
            if code == EAGAIN { return false }
            throw ZMQError(code: code, operation: "zmq_send")
        }
    }

    /// Sends one frame holding a copy of `bytes`.
    @discardableResult
    public func send(_ bytes: [UInt8], more: Bool = false, dontWait: Bool = false) throws -> Bool {
        try bytes.withUnsafeBytes { try send($0, more: more, dontWait: dontWait) }
    }

    /// Hands `message`'s payload to libzmq without copying it. On success `message` is left empty and
    /// can be reused; on false or a throw it still holds its payload, so the caller can retry.
    @discardableResult
    public func send(_ message: ZMQMessage, more: Bool = false, dontWait: Bool = false) throws -> Bool {
        let socket = try openHandle("zmq_msg_send")
        let flags = ZMQSocket.sendFlags(more: more, dontWait: dontWait)
        while true {
            if zmq_msg_send(message.pointer, socket, flags) >= 0 { return true }
            let code = zmq_errno()
            if code == EINTR { continue }
            if code == EAGAIN { return false }
            throw ZMQError(code: code, operation: "zmq_msg_send")
        }
    }

    /// Sends `frames` as one multipart message (libzmq delivers all frames or none).
    ///
    /// Only the first frame can return false: once it is queued libzmq accepts the rest of the message
    /// regardless of the high-water mark, so an EAGAIN on a later frame means a broken message and throws.
    @discardableResult
    public func sendMultipart(_ frames: [[UInt8]], dontWait: Bool = false) throws -> Bool {
        guard !frames.isEmpty else {
            throw ZMQError(code: EINVAL, operation: "zmq_send", detail: "a message has at least one frame")
        }
        let socket = try openHandle("zmq_send")
        for (index, frame) in frames.enumerated() {
            let more = index < frames.count - 1
            let flags = ZMQSocket.sendFlags(more: more, dontWait: dontWait)
            let sent: Bool = try frame.withUnsafeBytes { bytes in
                while true {
                    if zmq_send(socket, bytes.baseAddress, bytes.count, flags) >= 0 { return true }
                    let code = zmq_errno()
                    if code == EINTR { continue }
                    if code == EAGAIN && index == 0 { return false }
                    throw ZMQError(code: code, operation: "zmq_send(frame \(index + 1) of \(frames.count))")
                }
            }
            if !sent { return false }
        }
        return true
    }

    @inline(__always)
    static func sendFlags(more: Bool, dontWait: Bool) -> Int32 {
        (more ? ZMQ_SNDMORE : 0) | (dontWait ? ZMQ_DONTWAIT : 0)
    }
}
