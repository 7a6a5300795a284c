// Pausing the event port. Backpressure mode: instead of coalescing, springboard stops reading the event port
// while the app it routes to has `backpressureQueue` frames waiting; shed mode does the same when the queue
// is full of what cannot be coalesced. the PULL socket's queue fills, then the source's
// PUSH blocks at its high-water mark, and the source slows to what the app sustains. CF's way to stop
// listening to a port is to take its source out of the run loop (CFRunLoopRemoveSource); it goes back when
// the queue is down to half. Keeping that much queued (not pausing at the first queued frame) means an ack
// always finds frames ready to send: the app never waits for springboard to read the event port again.
extension SpringBoard {
    /// Frames queued for one app at which the event port pauses: in backpressure mode a short queue (enough
    /// that an ack always finds frames to send); in shed mode the whole queue (moves coalesce, so only downs,
    /// ups and buttons fill it: an app slower than the taps themselves).
    var pauseThreshold: Int {
        configuration.overload == .backpressure ? configuration.backpressureQueue : configuration.outboundCapacity
    }

    func pauseEventPort(for app: AppRecord) {
        guard eventPortPausedFor == nil else { return }
        eventPortPausedFor = app
        counters.eventPortPauses &+= 1
        runLoop.remove(eventSource, mode: .common)
    }

    /// Called whenever an app's backlog may have shrunk (acks, give-ups, deaths, foreground changes, a mode
    /// change): reads the event port again once the app that paused it has nothing waiting.
    func resumeEventPortIfPossible() {
        guard let app = eventPortPausedFor else { return }
        guard app.outbound.count <= pauseThreshold / 2 || !app.isReachable else { return }
        eventPortPausedFor = nil
        runLoop.add(eventSource, mode: .common)
    }
}
