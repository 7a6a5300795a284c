/// Where each of springboard's run-loop sources stands. Among source1s whose ports are ready in the same wait,
/// the lower order is served first, and a turn serves one; source0s signalled in the same turn run by order
/// too. So the order says what springboard does first when several things are waiting at once.
enum SpringBoardSourceOrder {
    /// The event port first: frames are the hot path, and a callout reads a bounded batch
    /// (`eventBatch`), so everything below still gets its turn under load.
    static let eventPort = 0
    /// Acks next: each settles events in an app's window, and the room it frees is what the next batch of
    /// frames is sent into (and, paused, what lets the event port be read again).
    static let appChannel = 1
    /// sbctl between event batches: a `stats` or `home` is answered while frames flow.
    static let control = 2
    /// An app connection closed: the probes that find the dead app follow the acks it may have sent last.
    static let appMonitor = 3
    /// A source connection closed: marked here, its fingers are cancelled on the next liveness tick, after
    /// the frames it left in the queue (which the event port, first, has read).
    static let eventMonitor = 4
    /// CURVE handshakes: a connection waits on them, but never a frame already in flight.
    static let zap = 5
    /// `sbctl monitor`'s subscriptions: only a watcher waits on them.
    static let frameMonitor = 6
    /// The source0 that hears a launched app exited: after the home screen's own source0 (UIKit's event
    /// queue, order -1), since it only marks the app dead and schedules a relaunch.
    static let launchedExits = 6
}
