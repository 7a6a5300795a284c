#if canImport(Glibc)
    import Glibc
#endif
import RunLoopKit

/// CLOCK_MONOTONIC in nanoseconds: the clock every process of the pipeline stamps hops with.
enum MonotonicTime {
    static var now: UInt64 { MonotonicClock.now }

    /// Sleeps until `deadline`; an interrupting signal ends the sleep early only when it asked to stop.
    static func sleep(until deadline: UInt64) {
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR, !Interruption.requested {}
    }
}
