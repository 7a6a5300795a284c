import Glibc

/// What a source1 waits on: the loop puts every source1 port of the running mode into its one wait, so a
/// readable port wakes the loop by itself (CF: a source1's mach port is in the wait set).
///
/// RunLoopKit knows file descriptors, which it waits on with `poll(2)`. A port of another kind (a ZeroMQ
/// socket: `.zmq(_)` in RunLoopZeroMQ) names the waiter that understands it, and a loop given such a port
/// waits with that waiter from then on (as NIOCore leaves sockets to NIOPosix).
public enum RunLoopPort {
    /// A file descriptor (pipe, eventfd, socket): readable per `poll(2)`. An error or hang-up on it also
    /// counts as ready, so the callout gets to see it.
    case fileDescriptor(Int32)
    /// An object only `waiter` can wait on; the port retains it, so the loop never waits on a freed one.
    /// A module that adds a kind of port spells it as a static func (`RunLoopPort.zmq(socket)`).
    case object(AnyObject, waiter: any RunLoopWaiter.Type)
}

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

    /// CF's step-5 poll (a zero-timeout wait after a turn's source0s ran) answered from what the waiter knows,
    /// without a system call where it can: as `wait` with a zero timeout, for every port but the last (the loop's
    /// wake-up port, which the loop answers itself and this leaves false). nil when the waiter cannot answer as
    /// exactly as a poll would; the loop then waits with a zero timeout. The loop asks at most once between two
    /// waits, and only for a wait in the same run as the one before. The default answers nil.
    func readyWithoutWaiting(on ports: [RunLoopPort], ready: inout [Bool]) throws(RunLoopSystemError) -> Int?
}

extension RunLoopWaiter {
    /// Never: the loop always polls.
    public func readyWithoutWaiting(on ports: [RunLoopPort], ready: inout [Bool]) throws(RunLoopSystemError) -> Int? {
        nil
    }
}

/// The default waiter: `poll(2)` on file-descriptor ports, its `pollfd` array reused from wait to wait.
final class PollWaiter: RunLoopWaiter {
    @exclusivity(unchecked)
    private var descriptors: [pollfd] = []

    init() {}

    func wait(on ports: [RunLoopPort], timeoutMilliseconds: Int, ready: inout [Bool]) throws(RunLoopSystemError) -> Int {
        descriptors.removeAll(keepingCapacity: true)
        for port in ports {
            guard case .fileDescriptor(let descriptor) = port else {
                // The loop hands `.object` ports only to their own waiter (see `EventRunLoop.waiter(for:)`).
                preconditionFailure("PollWaiter cannot wait on \(port)")
            }
            descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
        }
        let woken = descriptors.withUnsafeMutableBufferPointer {
            poll($0.baseAddress, nfds_t($0.count), Int32(clamping: timeoutMilliseconds))
        }
        if woken < 0 {
            // A signal: nothing is ready, and the loop waits again with the time left.
            guard errno == EINTR else { throw RunLoopSystemError.lastErrno("poll") }
            return 0
        }
        for index in descriptors.indices where descriptors[index].revents != 0 { ready[index] = true }
        return Int(woken)
    }
}

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

    /// `operation failed: message (errno N)`.
    public var description: String { "\(operation) failed: \(message) (errno \(code))" }
}
