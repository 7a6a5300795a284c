import CZeroMQ

/// A failed libzmq call: the errno libzmq reported, its `zmq_strerror` text, and the operation that failed
/// (for example `zmq_bind(tcp://127.0.0.1:5555)`), so a log line alone says what went wrong and where.
public struct ZMQError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The errno value (`zmq_errno()` read right after the failing call, or the code this wrapper chose).
    public let code: Int32
    /// Human-readable text for `code`: `zmq_strerror(code)`, plus a detail when the wrapper rejected bad input.
    package let message: String
    /// The failing call and its argument, e.g. `zmq_setsockopt(ZMQ_HEARTBEAT_TTL)`.
    public let operation: String

    package init(code: Int32, message: String, operation: String) {
        self.code = code
        self.message = message
        self.operation = operation
    }

    /// An error whose message is libzmq's text for `code`.
    init(code: Int32, operation: String) {
        self.init(code: code, message: ZMQError.text(for: code), operation: operation)
    }

    /// An error for input this wrapper rejected before calling libzmq: libzmq's text for `code`, then why.
    init(code: Int32, operation: String, detail: String) {
        self.init(code: code, message: "\(ZMQError.text(for: code)): \(detail)", operation: operation)
    }

    /// libzmq's ETERM (not in errno.h): the context was shut down or terminated.
    package static let contextTerminated: Int32 = ETERM

    /// The context was shut down: the usual signal for a thread's receive loop to end.
    package var isContextTerminated: Bool { code == ETERM }

    public var description: String { "\(operation): \(message) (errno \(code))" }

    /// `zmq_strerror` text for an errno value (libzmq's own codes such as ETERM included).
    public static func text(for code: Int32) -> String {
        String(cString: zmq_strerror(code))
    }

    /// The error for the call that just failed. Must be called before anything else can touch errno.
    /// The operation is an autoclosure so the success path never builds the string.
    @inline(__always)
    static func last(_ operation: @autoclosure () -> String) -> ZMQError {
        let code = zmq_errno()
        return ZMQError(code: code, operation: operation())
    }
}
