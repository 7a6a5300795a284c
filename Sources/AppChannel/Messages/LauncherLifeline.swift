#if canImport(Glibc)
    import Glibc
#endif

/// How a launched app knows its launcher (springboard) is gone, so it never outlives it (launchd ends the jobs
/// of a session that ends; an app-host left behind would re-register forever against the next springboard and
/// be refused).
///
/// The launcher makes a pipe for every launch: the child's stdin is the read end; the launcher keeps the write
/// end (close-on-exec, so no other child inherits it) and never writes. When the launcher dies, however it
/// dies (SIGKILL included), the kernel closes the write end and the app reads end-of-file: a run-loop source
/// like any other port, no polling. `$TOUCHPIPELINE_LAUNCHER_FD` (the descriptor number, `0`) says the app was
/// launched so; an app-host started by hand has no such variable and watches nothing.
///
/// Why not the alternatives: `prctl(PR_SET_PDEATHSIG)` must run in the child between fork and exec (Foundation's
/// `Process` gives no hook there), is racy (the parent may die before the call: the child must then check
/// `getppid` again), fires when the forking *thread* exits rather than the process, and is cleared by a setuid
/// exec. Polling `getppid()` notices only on the next poll and takes any reparenting for the launcher's
/// death. The pipe is the kernel's own word, at once, for the process.
public enum LauncherLifeline {
    public static let environmentVariable = "TOUCHPIPELINE_LAUNCHER_FD"

    /// app-host's exit status when its launcher is gone (sysexits' EX_UNAVAILABLE: the service it depends on is
    /// unavailable). Documented in `app-host --help`.
    public static let exitStatus: Int32 = 69

    /// The descriptor to watch, from the environment (removed from it, so child processes do not inherit it), or
    /// nil when the app was not launched with a lifeline.
    public static func takeFromEnvironment() -> Int32? {
        guard let value = getenv(environmentVariable) else { return nil }
        let text = String(cString: value)
        unsetenv(environmentVariable)
        guard let fd = Int32(text), fd >= 0, fcntl(fd, F_GETFD) != -1 else { return nil }
        return fd
    }

    /// Reads what is readable on `fd`: true when the launcher is gone (end of file, or the pipe broken).
    public static func launcherIsGone(reading fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count > 0 { return false }  // the launcher never writes; anything read is ignored
        if count < 0, errno == EINTR || errno == EAGAIN { return false }
        return true
    }
}
