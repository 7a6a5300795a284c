import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The private directory that holds the ipc sockets, pid and lock files: created with mode 0700, and refused
/// when it exists but belongs to someone else or is open to others (another user could take our sockets).
struct RuntimeDirectory: Sendable {
    let path: String

    /// libzmq's ipc limit (sun_path, 108 bytes with the terminating zero).
    static let maxIPCPathLength = 107

    init(path: String) { self.path = path }

    /// Creates the directory (0700) if needed and checks owner and mode.
    func prepare() throws(RuntimeDirectoryError) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .notPrivate(path: path, reason: "not a directory") }
        guard info.st_uid == getuid() else {
            throw .notPrivate(path: path, reason: "owned by uid \(info.st_uid), not \(getuid())")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw .notPrivate(path: path, reason: "mode \(String(info.st_mode & 0o777, radix: 8)), expected 700")
        }
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// `ipc://<dir>/<name>`, checked against the ipc path limit.
    func ipcEndpoint(_ name: String) throws(RuntimeDirectoryError) -> String {
        let socketPath = file(name)
        guard socketPath.utf8.count <= Self.maxIPCPathLength else {
            throw .pathTooLong(path: socketPath, limit: Self.maxIPCPathLength)
        }
        return "ipc://" + socketPath
    }
}

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

/// One springboard per runtime directory. A second bind on the same ipc path silently takes the path over
/// (libzmq), so springboard takes this lock *before* binding: `flock` on `<dir>/springboard.lock`, released by
/// the kernel when the process dies (no stale lock after SIGKILL), with the pid written into the file.
final class InstanceLock {
    let path: String
    @exclusivity(unchecked)
    private var fd: Int32

    /// `what` names the resource in the error (default: the runtime directory's lock file).
    init(path: String, what: String? = nil) throws(RuntimeDirectoryError) {
        self.path = path
        // O_NOFOLLOW: a planted symlink is refused rather than followed.
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .lockFailed(lockPath: path, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = InstanceLock.readPid(fd)
            close(fd)
            throw .alreadyRunning(lockPath: what ?? path, pid: holder)
        }
        _ = ftruncate(fd, 0)
        let text = "\(getpid())\n"
        _ = text.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit { release() }

    func release() {
        guard fd >= 0 else { return }
        _ = ftruncate(fd, 0)
        close(fd)
        fd = -1
    }

    private static func readPid(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 31, 0) }
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// One springboard per endpoint, not only per runtime directory: a second springboard started with its own
/// runtime directory but the first one's `--events/--apps/--control` would otherwise take the ipc paths over
/// (libzmq unlinks and rebinds) and, on exit, unlink them. Each ipc endpoint is locked (`flock` on
/// `<socket path>.lock`) before anything binds, and a socket file is unlinked at exit only if it is still the
/// one this process bound (same device and inode). tcp endpoints need no lock: a second bind fails
/// (`EADDRINUSE`).
final class EndpointLocks {
    @exclusivity(unchecked)
    private var locks: [InstanceLock] = []
    /// The socket files this process bound: path, device, inode.
    @exclusivity(unchecked)
    private var bound: [(path: String, device: UInt64, inode: UInt64)] = []

    init(endpoints: [String]) throws(RuntimeDirectoryError) {
        for path in endpoints.compactMap(EndpointLocks.ipcPath) {
            locks.append(try InstanceLock(path: path + ".lock", what: "the endpoint ipc://\(path)"))
        }
    }

    static func ipcPath(_ endpoint: String) -> String? {
        endpoint.hasPrefix("ipc://") ? String(endpoint.dropFirst("ipc://".count)) : nil
    }

    /// After binding: remember which files are ours.
    func noteBound(_ endpoints: [String]) {
        for path in endpoints.compactMap(EndpointLocks.ipcPath) {
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            bound.append((path, UInt64(info.st_dev), UInt64(info.st_ino)))
        }
    }

    /// Unlinks the socket files this process bound that are still the same files, then releases the locks.
    func release() {
        for (path, device, inode) in bound {
            var info = stat()
            guard lstat(path, &info) == 0, UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode else { continue }
            unlink(path)
        }
        bound.removeAll()
        for lock in locks { lock.release() }
        locks.removeAll()
    }
}
