import Foundation

/// Linux rounds a sleeping thread's wake-up up by its timer slack, 50 µs by default, to batch wake-ups. A paced
/// generator that sleeps until each frame is due would then send every frame ~50 µs late, and since frames are
/// stamped with their intended time, that lateness would be charged to the pipeline. A process may set its own
/// slack through /proc (prctl is variadic and not callable from Swift); best effort, as /proc may be missing.
enum TimerSlack {
    static func minimize() {
        try? "1".write(toFile: "/proc/self/timerslack_ns", atomically: false, encoding: .utf8)
    }
}
