import Synchronization

/// A clock that moves only when told to: by the test, or by the run loop itself, which advances it to
/// the next timer or deadline instead of sleeping (see `EventRunLoop.advance(to:mode:)`).
///
/// Thread-safe, so a test thread may read it while a loop thread drives it.
public final class ManualClock: RunLoopClock {
    private let value: Mutex<UInt64>

    public init(now: UInt64 = 0) {
        value = Mutex(now)
    }

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
