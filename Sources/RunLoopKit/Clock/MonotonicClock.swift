import Glibc

/// Real time: `CLOCK_MONOTONIC` in nanoseconds (the clock `poll(2)`'s timeout also runs on). Every
/// process of the pipeline stamps its hops with this clock, so it is read here and nowhere else.
public final class MonotonicClock: RunLoopClock {
    public init() {}

    /// The time now, for code that has no loop (hid-source, benchmarks, tests).
    public static var now: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    public var now: UInt64 { Self.now }
}
