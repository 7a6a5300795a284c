import Synchronization

extension EventRunLoop {
    /// The part of a loop other threads may use. `EventRunLoop` belongs to the thread that runs it (it
    /// is not Sendable); `loop.handle` is what a signal handler or another thread holds to wake it,
    /// stop it, or queue a block on it (the calls CF allows from any thread).
    package final class Handle: Sendable {
        let wakeUpPort = WakeUpPort()
        let shared = Mutex(RunLoopSharedState())

        init() {}

        /// Wakes the loop if it is sleeping (or about to sleep in this turn). Any thread.
        ///
        /// CF `CFRunLoopWakeUp`: writes the wake-up port unless the loop ignores wake-ups, which it does
        /// from waking until its next turn starts (that turn runs every signalled source0 before sleeping
        /// again) and while no run is active.
        package func wakeUp() {
            let ignores = shared.withLock { $0.currentRun.ignoresWakeUps }
            if !ignores { wakeUpPort.signal() }
        }

        /// Makes the innermost active run return `.stopped` at the end of its current turn. Any thread.
        /// CF `CFRunLoopStop`: the stop belongs to that run (a later run starts afresh) and wakes the loop.
        package func stop() {
            shared.withLock { $0.currentRun.stopped = true }
            wakeUp()
        }

        /// Queues `block` for the next turn of a run in one of `modes` (`.common` means every common
        /// mode). Any thread. CF `CFRunLoopPerformBlock`: this does not wake a sleeping loop; call
        /// `wakeUp()`.
        package func perform(inModes modes: [RunLoopMode] = [.common], _ block: @escaping @Sendable () -> Void) {
            guard !modes.isEmpty else { return }
            shared.withLock { $0.blocks.append(RunLoopPendingBlock(modes: modes, body: .shared(block))) }
        }
    }
}
