import Glibc

/// A non-blocking Linux eventfd: readable while its counter is non-zero.
///
/// Glibc's Swift module map does not include `<sys/eventfd.h>`, so the libc symbol is resolved
/// once with `dlsym` and called with the C calling convention.
struct EventFD {
    let descriptor: Int32

    private typealias Create = @convention(c) (UInt32, Int32) -> Int32
    private static let create: Create? = dlsym(nil, "eventfd").map { unsafeBitCast($0, to: Create.self) }

    /// Opens an eventfd with counter 0, `EFD_NONBLOCK | EFD_CLOEXEC` (equal to `O_NONBLOCK | O_CLOEXEC`).
    static func open() throws(RunLoopSystemError) -> EventFD {
        guard let create = Self.create else {
            throw RunLoopSystemError(operation: "dlsym(eventfd)", code: ENOSYS, message: "libc has no eventfd")
        }
        let fd = create(0, O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw RunLoopSystemError.lastErrno("eventfd") }
        return EventFD(descriptor: fd)
    }

    /// Adds 1 to the counter, making the descriptor readable. A saturated counter (EAGAIN) is
    /// already readable, so that is not an error.
    func signal() {
        var one: UInt64 = 1
        while write(descriptor, &one, 8) < 0 && errno == EINTR {}
    }

    /// Resets the counter to 0 (one read does it in non-semaphore mode); EAGAIN means already 0.
    func drain() {
        var value: UInt64 = 0
        while read(descriptor, &value, 8) < 0 && errno == EINTR {}
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
