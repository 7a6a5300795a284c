import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// One springboard per runtime directory. A second bind on the same ipc path silently takes the path over
/// (libzmq), so springboard takes this lock *before* binding: `flock` on `<dir>/springboard.lock`, released by
/// the kernel when the process dies (no stale lock after SIGKILL), with the pid written into the file.
final class InstanceLock {
    let path: String
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
