/// CF `_per_run_data`: the state of one (possibly nested) run. A new run starts with fresh state, so a
/// `stop()` made while no run is active, or aimed at an inner run, does not stop another run.
/// Kept in the loop's `RunLoopSharedState` (`stop()` and `wakeUp()` may come from any thread).
struct RunLoopRunState: Sendable {
    var stopped = false
    /// CF: wake-ups are ignored from the moment the loop wakes until the next turn starts (it will
    /// run every signalled source0 before sleeping again anyway), and while no run is active.
    var ignoresWakeUps: Bool

    init(ignoresWakeUps: Bool) {
        self.ignoresWakeUps = ignoresWakeUps
    }
}
