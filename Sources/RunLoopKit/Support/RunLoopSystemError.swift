import Glibc

/// A system call the run loop depends on failed: which call, `errno`, and its `strerror` text.
public struct RunLoopSystemError: Error, CustomStringConvertible, Sendable {
    /// The call that failed, e.g. `"eventfd"` or `"zmq_poll"`.
    package let operation: String
    /// `errno` (or `zmq_errno()`) read right after the failing call.
    package let code: Int32
    /// The system's text for `code`.
    let message: String

    package init(operation: String, code: Int32, message: String) {
        self.operation = operation
        self.code = code
        self.message = message
    }

    /// Captures `errno` now; call it right after the failing call.
    static func lastErrno(_ operation: String) -> RunLoopSystemError {
        let code = errno
        return RunLoopSystemError(operation: operation, code: code, message: String(cString: strerror(code)))
    }

    public var description: String { "\(operation) failed: \(message) (errno \(code))" }
}
