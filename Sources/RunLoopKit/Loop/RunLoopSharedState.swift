/// What other threads may change in a loop, guarded by its handle's mutex (CF's loop lock).
struct RunLoopSharedState: Sendable {
    /// The innermost active run's state; CF creates a loop ignoring wake-ups until a run starts.
    var currentRun = RunLoopRunState(ignoresWakeUps: true)
    /// CF `_blocks_head`: every queued block, from any thread, in the order queued.
    var blocks: [RunLoopPendingBlock] = []
}
