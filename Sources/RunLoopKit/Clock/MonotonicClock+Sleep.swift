import Foundation

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
