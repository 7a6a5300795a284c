import RunLoopKit

/// CLOCK_MONOTONIC in nanoseconds: the clock every process of the pipeline stamps hops with.
enum MonotonicTime {
    static var now: UInt64 { MonotonicClock.now }

    /// Sleeps until `deadline`; an interrupting signal ends the sleep early only when it asked to stop.
    static func sleep(until deadline: UInt64) { MonotonicClock.sleep(until: deadline) }
}
