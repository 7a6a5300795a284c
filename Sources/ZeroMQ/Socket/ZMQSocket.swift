import CZeroMQ
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
    package private(set) var isClosed = false

    /// Frame storage reused by the multipart receive conveniences (one socket, one thread: no sharing).
    var scratch: ZMQMessage?

    /// `ZMQPoller`'s knowledge of this socket (see `ZMQPoller.poll`): what `ZMQ_EVENTS` said last, and whether
    /// a call made since (every libzmq call goes through `openHandle`) may have changed it without a signal.
    var pollEvents: ZMQPollEvents = []
    var pollEventsStale = true
    /// Set by a non-blocking receive that found nothing: libzmq processed every command in the mailbox just
    /// before answering EAGAIN, so "no input" is fresh and the next command will signal `ZMQ_FD` again. Only
    /// `.out` may have changed unseen, so an item waiting for input alone need not ask.
    var pollInputDrained = false
    /// `ZMQ_FD`, read once (it does not change for the socket's life).
    var pollDescriptor: Int32?
    /// How many times the poller asked this socket for `ZMQ_EVENTS` (each ask is a `getpid` and a `poll` of its
    /// mailbox): what the poller's tests count.
    package internal(set) var pollAsks: UInt64 = 0

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
        zmq_close(handle)
    }

    /// The socket handle, or ENOTSOCK (naming `operation`) when the socket was closed.
    @inline(__always)
    func openHandle(_ operation: @autoclosure () -> String) throws -> UnsafeMutableRawPointer {
        if isClosed { throw ZMQError(code: ENOTSOCK, operation: operation(), detail: "the socket was closed") }
        pollEventsStale = true
        pollInputDrained = false
        return handle
    }

    public func bind(_ endpoint: String) throws {
        let socket = try openHandle("zmq_bind(\(endpoint))")
        if zmq_bind(socket, endpoint) != 0 { throw ZMQError.last("zmq_bind(\(endpoint))") }
    }

    public func connect(_ endpoint: String) throws {
        let socket = try openHandle("zmq_connect(\(endpoint))")
        if zmq_connect(socket, endpoint) != 0 { throw ZMQError.last("zmq_connect(\(endpoint))") }
    }

    /// Unbinds an endpoint; for wildcard binds pass the resolved `lastEndpoint`, as libzmq requires.
    package func unbind(_ endpoint: String) throws {
        let socket = try openHandle("zmq_unbind(\(endpoint))")
        if zmq_unbind(socket, endpoint) != 0 { throw ZMQError.last("zmq_unbind(\(endpoint))") }
    }
}
