/// How a loop sleeps: one wait over every port of the running mode and its wake-up port (CF
/// `__CFRunLoopServiceMachPort` on the mode's port set).
///
/// A loop starts with `PollWaiter` (`poll(2)` on file descriptors). The first `.object` port in a wait
/// replaces it with an instance of the port's waiter type, which must also wait on file descriptors (the
/// wake-up port is one); a loop has one waiter, so one loop cannot mix two kinds of `.object` port.
///
/// The loop calls `wait` once per wait with ports it reuses, so an implementation that keeps its own
/// scratch space allocates nothing per wait once grown.
public protocol RunLoopWaiter: AnyObject {
    init()

    /// Waits until one of `ports` is ready or the timeout passes (-1: forever, 0: just check), then sets
    /// `ready[i]` (`ready` has one element per port, all false on entry) for each port that is readable or
    /// in error, and returns how many are. Returning 0 early (EINTR, a spurious wake-up) is allowed: the
    /// loop waits again with the time left. Throws when it can no longer wait on its ports (a closed
    /// socket): the run then ends `.finished`, with the error in `lastWaitError`.
    func wait(on ports: [RunLoopPort], timeoutMilliseconds: Int, ready: inout [Bool]) throws(RunLoopSystemError) -> Int
}
