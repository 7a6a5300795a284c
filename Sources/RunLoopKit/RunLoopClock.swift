import Foundation
import Glibc
import Synchronization

/// The loop's notion of time: monotonic nanoseconds. Timer fire dates and run deadlines are values
/// of the clock they were made for.
///
/// `EventRunLoop` treats `ManualClock` specially (it moves the clock instead of sleeping; see
/// `EventRunLoop.run(mode:until:returnAfterSourceHandled:)`); any other clock is assumed to advance
/// in real time, so the loop sleeps in its wait until the clock reaches a deadline.
///
/// Sendable: other threads read the time of a loop they only hold a handle of (and tests move a
/// `ManualClock` from their own thread).
public protocol RunLoopClock: AnyObject, Sendable {
    /// Nanoseconds; never decreases.
    var now: UInt64 { get }
}

/// Real time: `CLOCK_MONOTONIC` in nanoseconds (the clock `poll(2)`'s timeout also runs on). Every
/// process of the pipeline stamps its hops with this clock, so it is read here and nowhere else.
public final class MonotonicClock: RunLoopClock {
    /// The system's monotonic clock.
    public init() {}

    /// The time now, for code that has no loop (hid-source, benchmarks, tests).
    public static var now: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Nanoseconds of CLOCK_MONOTONIC.
    public var now: UInt64 { Self.now }
}

// Paced senders (hid-source load, the relay's source) sleep on the same clock they stamp with.
extension MonotonicClock {
    /// Sleeps until `deadline` (monotonic ns); an interrupting signal ends the sleep early only when it asked
    /// to stop (`Interruption.requested`).
    public static func sleep(until deadline: UInt64) {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR, !Interruption.requested {}
    }

    /// Linux rounds a sleeping thread's wake-up up by its timer slack, 50 µs by default, to batch wake-ups. A
    /// paced generator that sleeps until each frame is due would then send every frame ~50 µs late, and since
    /// frames are stamped with their intended time, that lateness would be charged to the pipeline. A process
    /// may set its own slack through /proc (prctl is variadic and not callable from Swift); best effort, as
    /// /proc may be missing.
    public static func minimizeTimerSlack() {
        try? "1".write(toFile: "/proc/self/timerslack_ns", atomically: false, encoding: .utf8)
    }
}

/// A clock that moves only when told to: by the test, or by the run loop itself, which advances it to
/// the next timer or deadline instead of sleeping (see `EventRunLoop.advance(to:mode:)`).
///
/// Thread-safe, so a test thread may read it while a loop thread drives it.
public final class ManualClock: RunLoopClock {
    private let value: Mutex<UInt64>

    /// A clock that reads `now` until it is advanced.
    public init(now: UInt64 = 0) {
        value = Mutex(now)
    }

    /// The time it was last set to, in nanoseconds.
    public var now: UInt64 { value.withLock { $0 } }

    /// Moves the clock forward by `nanoseconds` (saturating at `UInt64.max`).
    func advance(by nanoseconds: UInt64) {
        value.withLock { value in
            let (sum, overflow) = value.addingReportingOverflow(nanoseconds)
            value = overflow ? .max : sum
        }
    }

    /// The run loop's move: to `nanoseconds` unless the clock is already past it (another thread may
    /// have moved it meanwhile).
    func moveForward(to nanoseconds: UInt64) {
        value.withLock { $0 = Swift.max($0, nanoseconds) }
    }

    /// Sets the clock to `nanoseconds`, which must not be earlier than `now`: the clock is monotonic,
    /// and moving it back would make timers that already fired due again.
    package func set(to nanoseconds: UInt64) {
        value.withLock { value in
            precondition(nanoseconds >= value, "ManualClock.set(to: \(nanoseconds)) would move the clock back from \(value)")
            value = nanoseconds
        }
    }
}
