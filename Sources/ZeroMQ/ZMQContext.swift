import CZeroMQ
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A libzmq context: the I/O threads and the inproc namespace shared by its sockets.
///
/// Lifetime: every `ZMQSocket` keeps its context alive, so an owned context is terminated (`zmq_ctx_term`,
/// in `deinit`) only after all of its sockets were closed; `zmq_ctx_term` would otherwise block forever.
/// It still waits, as libzmq specifies, until each closed socket's unsent messages were delivered or its
/// linger period expired: set `linger` (or create the context with `blocky: false`) for sockets whose peers
/// may be gone. `shared` is never terminated. A context is thread-safe (libzmq guarantees it).
public final class ZMQContext: @unchecked Sendable {
    // @unchecked Sendable: the stored properties never change, and libzmq makes a context thread-safe.

    /// The process-wide context. Never terminated, so it can back sockets with any lifetime.
    public static let shared = ZMQContext(sharedContext: ())

    /// The `void*` from `zmq_ctx_new`; nil only if creating the shared context failed.
    private let rawHandle: UnsafeMutableRawPointer?
    /// Why the shared context could not be created; reported by `socket(_:)` instead of crashing.
    private let creationError: ZMQError?
    private let terminatesOnDeinit: Bool

    /// The `void*` context handle for direct libzmq calls.
    var handle: UnsafeMutableRawPointer? { rawHandle }

    /// Creates an owned context, terminated when the last reference (including its sockets') goes away.
    /// - Parameters:
    ///   - ioThreads: `ZMQ_IO_THREADS`; one thread moves well over a million messages per second.
    ///   - blocky: `ZMQ_BLOCKY`; false gives new sockets linger 0, so termination never waits on peers.
    public init(ioThreads: Int32 = 1, blocky: Bool = true) throws {
        guard let context = zmq_ctx_new() else { throw ZMQError.last("zmq_ctx_new") }
        if zmq_ctx_set(context, ZMQ_IO_THREADS, ioThreads) != 0 {
            let error = ZMQError.last("zmq_ctx_set(ZMQ_IO_THREADS, \(ioThreads))")
            zmq_ctx_term(context)
            throw error
        }
        if !blocky, zmq_ctx_set(context, ZMQ_BLOCKY, 0) != 0 {
            let error = ZMQError.last("zmq_ctx_set(ZMQ_BLOCKY, 0)")
            zmq_ctx_term(context)
            throw error
        }
        rawHandle = context
        creationError = nil
        terminatesOnDeinit = true
    }

    private init(sharedContext: Void) {
        rawHandle = zmq_ctx_new()
        creationError = rawHandle == nil ? ZMQError.last("zmq_ctx_new") : nil
        terminatesOnDeinit = false
    }

    deinit {
        guard terminatesOnDeinit, let context = rawHandle else { return }
        // No ZMQSocket of ours is alive (each one retains its context), so this only waits for linger.
        while zmq_ctx_term(context) != 0 && zmq_errno() == EINTR {}
    }

    /// Creates a socket. It is closed when it is deallocated, if `close()` was not called.
    public func socket(_ type: ZMQSocketType) throws -> ZMQSocket {
        guard let context = rawHandle else {
            throw creationError ?? ZMQError(code: EFAULT, operation: "zmq_ctx_new")
        }
        guard let socket = zmq_socket(context, type.rawValue) else {
            throw ZMQError.last("zmq_socket(\(type))")
        }
        return ZMQSocket(handle: socket, type: type, context: self)
    }

    /// `zmq_ctx_shutdown`: every blocking call on this context's sockets returns ETERM from now on, and
    /// further sockets cannot be created. Safe from any thread; use it to unblock a thread before closing.
    /// Refused for `shared`, which other code in the process may still rely on.
    package func shutdown() throws {
        guard terminatesOnDeinit else {
            throw ZMQError(code: EINVAL, operation: "zmq_ctx_shutdown", detail: "the shared context is never shut down")
        }
        guard let context = rawHandle else { return }
        if zmq_ctx_shutdown(context) != 0 { throw ZMQError.last("zmq_ctx_shutdown") }
    }
}

/// Facts about the libzmq the process is linked against.
package enum ZMQLibrary {
    /// `zmq_version`, e.g. (4, 3, 4).
    package static var version: (major: Int32, minor: Int32, patch: Int32) {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        zmq_version(&major, &minor, &patch)
        return (major, minor, patch)
    }

    /// `zmq_has`: whether a capability ("ipc", "curve", "draft", ...) was built in.
    package static func has(_ capability: String) -> Bool { zmq_has(capability) != 0 }
}
