import Glibc

/// Real time: `CLOCK_MONOTONIC` in nanoseconds (the clock `zmq_poll`'s timeout also runs on).
public final class MonotonicClock: RunLoopClock {
    public init() {}

    public var now: UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
