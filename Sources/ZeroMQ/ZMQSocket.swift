import CZeroMQ
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One libzmq socket. libzmq sockets are not thread-safe: use a socket from one thread at a time.
///
/// The socket is closed in `deinit` if `close()` was not called; its linger stays libzmq's default (wait
/// for unsent messages) unless `setLinger(_:)` was used. Every call after `close()` throws ENOTSOCK
/// instead of touching the freed libzmq socket.
public final class ZMQSocket {
    /// The `void*` socket, for `zmq_poll` and direct libzmq calls. Invalid after `close()`.
    let handle: UnsafeMutableRawPointer
    package let type: ZMQSocketType
    /// Retained so the context outlives the socket: `zmq_ctx_term` blocks while sockets are open.
    package let context: ZMQContext
    @exclusivity(unchecked)
    package private(set) var isClosed = false

    /// Frame storage reused by the multipart receive conveniences (one socket, one thread: no sharing).
    @exclusivity(unchecked)
    var scratch: ZMQMessage?

    /// `ZMQPoller`'s knowledge of this socket (see `ZMQPoller.poll`): what `ZMQ_EVENTS` said last, and whether
    /// a call made since (every libzmq call goes through `openHandle`) may have changed it without a signal.
    @exclusivity(unchecked)
    var pollEvents: ZMQPollEvents = []
    @exclusivity(unchecked)
    var pollEventsStale = true
    /// Set by a non-blocking receive that found nothing: libzmq processed every command in the mailbox just
    /// before answering EAGAIN, so "no input" is fresh and the next command will signal `ZMQ_FD` again. Only
    /// `.out` may have changed unseen, so an item waiting for input alone need not ask. Set too by the poller's own
    /// receive (`ZMQPoller.add(receivingFrom:)`), found or not: the input answer is fresh, a held frame being input.
    @exclusivity(unchecked)
    var pollInputDrained = false
    /// `ZMQ_FD`, read once (it does not change for the socket's life).
    @exclusivity(unchecked)
    var pollDescriptor: Int32?
    /// How many times the poller asked this socket for `ZMQ_EVENTS` (each ask is a `getpid` and a `poll` of its
    /// mailbox): what the poller's tests count.
    @exclusivity(unchecked)
    package internal(set) var pollAsks: UInt64 = 0
    /// How many times `ZMQPoller.pollWithoutWaiting` answered for this socket (what the run-loop tests count).
    @exclusivity(unchecked)
    package internal(set) var pollAnswersWithoutWaiting: UInt64 = 0
    /// The socket has an inproc endpoint: a call on it can make another socket of this process readable before
    /// it returns (an inproc peer's pipe and mailbox are written by the calling thread), so it counts as a posting.
    @exclusivity(unchecked)
    var postsInProcess = false
    /// A frame `ZMQPoller` received to answer whether input is ready (an item added with `add(receivingFrom:)`),
    /// kept for the next receive, which returns it before anything libzmq has: CF's wait receives the message on
    /// the port it reports (`__CFRunLoopServiceMachPort`), and a frame found by receiving costs no system call where
    /// asking `ZMQ_EVENTS` costs two (issue 27). `holdsFrame` says whether `heldFrame` holds one.
    @exclusivity(unchecked)
    var heldFrame: ZMQMessage?
    @exclusivity(unchecked)
    package internal(set) var holdsFrame = false
    /// How many times the poller received a frame to answer for this socket (or found it had none): what the tests
    /// of the receiving items count, beside `pollAsks`.
    @exclusivity(unchecked)
    package internal(set) var pollReceives: UInt64 = 0

    /// Calls, in this process, that may have made a socket readable without libzmq's I/O thread: any call on an
    /// inproc socket, and bind, unbind, connect, disconnect, close and monitor changes (libzmq sends some monitor
    /// events from the calling thread). `ZMQPoller.pollWithoutWaiting` trusts its last answers only while this is
    /// unchanged; a message from an I/O thread comes at a time no caller controls, so it need not count.
    static let inProcessPostings = Atomic<UInt64>(0)

    /// Counts a call that may post to another socket of this process (`inProcessPostings`).
    @inline(__always)
    static func notePosting() {
        inProcessPostings.add(1, ordering: .relaxed)
    }

    init(handle: UnsafeMutableRawPointer, type: ZMQSocketType, context: ZMQContext) {
        self.handle = handle
        self.type = type
        self.context = context
    }

    deinit {
        if !isClosed { zmq_close(handle) }
    }

    /// Closes the socket now. Unsent messages are kept for the linger period by libzmq's reaper thread.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Self.notePosting()
        if holdsFrame {
            holdsFrame = false
            heldFrame?.reset()
        }
        zmq_close(handle)
    }

    /// The socket handle, or ENOTSOCK (naming `operation`) when the socket was closed.
    @inline(__always)
    func openHandle(_ operation: @autoclosure () -> String) throws -> UnsafeMutableRawPointer {
        if isClosed { throw ZMQError(code: ENOTSOCK, operation: operation(), detail: "the socket was closed") }
        pollEventsStale = true
        pollInputDrained = false
        if postsInProcess { Self.notePosting() }
        return handle
    }

    public func bind(_ endpoint: String) throws {
        let socket = try openHandle("zmq_bind(\(endpoint))")
        notePostings(endpoint)
        if zmq_bind(socket, endpoint) != 0 { throw ZMQError.last("zmq_bind(\(endpoint))") }
    }

    public func connect(_ endpoint: String) throws {
        let socket = try openHandle("zmq_connect(\(endpoint))")
        notePostings(endpoint)
        if zmq_connect(socket, endpoint) != 0 { throw ZMQError.last("zmq_connect(\(endpoint))") }
    }

    /// Ends the connection (and its reconnecting) to an endpoint this socket connected to.
    package func disconnect(_ endpoint: String) throws {
        let socket = try openHandle("zmq_disconnect(\(endpoint))")
        Self.notePosting()
        if zmq_disconnect(socket, endpoint) != 0 { throw ZMQError.last("zmq_disconnect(\(endpoint))") }
    }

    /// Unbinds an endpoint; for wildcard binds pass the resolved `lastEndpoint`, as libzmq requires.
    package func unbind(_ endpoint: String) throws {
        let socket = try openHandle("zmq_unbind(\(endpoint))")
        Self.notePosting()
        if zmq_unbind(socket, endpoint) != 0 { throw ZMQError.last("zmq_unbind(\(endpoint))") }
    }

    /// A bind or connect: counted as a posting, and an inproc endpoint makes every later call on the socket one.
    private func notePostings(_ endpoint: String) {
        Self.notePosting()
        if endpoint.hasPrefix("inproc://") { postsInProcess = true }
    }
}

/// The socket types Debian's libzmq 4.3.4 provides (no draft API: no CLIENT/SERVER/RADIO/DISH).
public enum ZMQSocketType: Sendable, CaseIterable {
    case pair, pub, sub, req, rep, dealer, router, pull, push, xpub, xsub, stream

    /// The `ZMQ_*` constant passed to `zmq_socket`.
    var rawValue: Int32 {
        switch self {
        case .pair: return ZMQ_PAIR
        case .pub: return ZMQ_PUB
        case .sub: return ZMQ_SUB
        case .req: return ZMQ_REQ
        case .rep: return ZMQ_REP
        case .dealer: return ZMQ_DEALER
        case .router: return ZMQ_ROUTER
        case .pull: return ZMQ_PULL
        case .push: return ZMQ_PUSH
        case .xpub: return ZMQ_XPUB
        case .xsub: return ZMQ_XSUB
        case .stream: return ZMQ_STREAM
        }
    }

    /// The type for a `ZMQ_TYPE` value, or nil for a type this wrapper does not know.
    init?(rawValue: Int32) {
        guard let type = ZMQSocketType.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = type
    }
}

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

// Receiving. Every call returns false/nil for EAGAIN (dontWait and nothing queued, or ZMQ_RCVTIMEO
// expired), retries EINTR (a retried call starts a new ZMQ_RCVTIMEO period), and throws ZMQError for
// anything else.
extension ZMQSocket {
    /// Receives one frame into `message`, replacing (and releasing) its previous payload. No copy:
    /// the message owns libzmq's buffer. `message.more` tells whether another frame follows.
    /// - Returns: false when nothing arrived (EAGAIN).
    public func receive(into message: ZMQMessage, dontWait: Bool = false) throws -> Bool {
        let socket = try openHandle("zmq_msg_recv")
        if holdsFrame {
            holdsFrame = false
            zmq_msg_move(message.pointer, heldFrame!.pointer)  // closes what `message` held
            return true
        }
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
        if holdsFrame {
            holdsFrame = false
            let held = heldFrame!
            held.withUnsafeBytes { frame in
                if let base = buffer.baseAddress, let source = frame.baseAddress {
                    base.copyMemory(from: source, byteCount: min(frame.count, buffer.count))
                }
            }
            let size = held.count
            held.reset()
            return size
        }
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
