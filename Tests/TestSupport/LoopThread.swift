import Foundation
import Glibc

/// Runs a body (typically `loop.run(...)`) on its own thread; `join` waits for it to return.
///
/// The body runs a loop the test built, so it captures non-Sendable state: while it runs, the test
/// touches that loop only through its thread-safe parts (`handle`, signallers, ports, Sendable clocks
/// and tracers), and reads what the body wrote only after `join()` returned true (the semaphore orders it).
public final class LoopThread {
    private let finished = DispatchSemaphore(value: 0)

    public init(_ body: @escaping () -> Void) {
        let body = Body(run: body)
        let thread = Thread { [finished] in
            body.run()
            finished.signal()
        }
        thread.start()
    }

    /// @unchecked: the test hands the body over and does not call it itself (see above).
    private struct Body: @unchecked Sendable {
        let run: () -> Void
    }

    /// True if the body returned within `seconds`.
    public func join(timeout seconds: Double = patience) -> Bool {
        finished.wait(timeout: .now() + seconds) == .success
    }
}

/// CPU time consumed by the calling thread (`CLOCK_THREAD_CPUTIME_ID`), in nanoseconds.
public func threadCPUTimeNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Milliseconds as run-loop clock nanoseconds.
public func ms(_ milliseconds: UInt64) -> UInt64 { milliseconds * 1_000_000 }

// Real-clock tests run on loaded machines (two cores shared by several builds): a thread can wait tens of
// milliseconds for a core. So a wait for something that must happen gets `patience` (a passing test never
// waits it out: only a failure does), and "at once" means within `promptly`, far over any scheduling delay
// and far under `patience`, so that "woken" and "woken only by the deadline" stay apart.

/// Seconds a real-clock test waits for what must happen (a semaphore, a join, the deadline of a run the
/// test ends itself).
public let patience: Double = 30
/// `patience` in run-loop clock nanoseconds.
public let patienceNanoseconds = UInt64(patience * 1e9)
/// Seconds within which something that happens at once (a wake-up, a stop) is seen on a loaded machine.
public let promptly: Double = 2
/// `promptly` in run-loop clock nanoseconds.
public let promptlyNanoseconds = UInt64(promptly * 1e9)
