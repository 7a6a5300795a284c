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
