import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// One springboard per endpoint, not only per runtime directory: a second springboard started with its own
/// runtime directory but the first one's `--events/--apps/--control` would otherwise take the ipc paths over
/// (libzmq unlinks and rebinds) and, on exit, unlink them. Each ipc endpoint is locked (`flock` on
/// `<socket path>.lock`) before anything binds, and a socket file is unlinked at exit only if it is still the
/// one this process bound (same device and inode). tcp endpoints need no lock: a second bind fails
/// (`EADDRINUSE`).
final class EndpointLocks {
    private var locks: [InstanceLock] = []
    /// The socket files this process bound: path, device, inode.
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
