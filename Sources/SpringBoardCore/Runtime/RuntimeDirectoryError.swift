/// Why the runtime directory or its lock cannot be used.
enum RuntimeDirectoryError: Error, CustomStringConvertible, Equatable {
    case cannotCreate(path: String, reason: String)
    case notPrivate(path: String, reason: String)
    case pathTooLong(path: String, limit: Int)
    /// Another live process holds the lock (its pid, when the pid file names it).
    case alreadyRunning(lockPath: String, pid: Int32?)
    case lockFailed(lockPath: String, reason: String)

    var description: String {
        switch self {
        case let .cannotCreate(path, reason): return "cannot create runtime directory \(path): \(reason)"
        case let .notPrivate(path, reason): return "runtime directory \(path) is not private: \(reason)"
        case let .pathTooLong(path, limit): return "ipc path \(path) is longer than \(limit) bytes"
        case let .alreadyRunning(lockPath, pid):
            return "another springboard\(pid.map { " (pid \($0))" } ?? "") holds \(lockPath); refusing to take over its sockets"
        case let .lockFailed(lockPath, reason): return "cannot lock \(lockPath): \(reason)"
        }
    }
}
