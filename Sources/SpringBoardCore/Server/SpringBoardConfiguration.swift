/// Everything `springboard` can be told on its command line.
public struct SpringBoardConfiguration: Sendable {
    /// Where hid-source connects (PULL).
    public var eventEndpoint: String
    /// Where apps connect (ROUTER; DEALER peers with the bundle id as routing identity).
    public var appEndpoint: String
    /// Where sbctl connects (ROUTER; JSON requests).
    public var controlEndpoint: String
    /// The runtime directory whose lock this springboard holds (nil: no lock, e.g. tcp-only runs).
    public var runtimeDirectory: String?
    /// An app whose oldest unacknowledged event is older than this is not responding (Android: 5 s).
    public var ackTimeoutMilliseconds: UInt32 = 5000
    /// Heartbeats missed for this many of the app's own intervals make SpringBoard check the app.
    public var missedHeartbeats: UInt64 = 3
    /// Events in flight (sent, not acknowledged) per app before further events wait in its outbound queue.
    public var ackWindow = 64
    /// Events waiting per app before moves are dropped (then anything, counted as queueFull).
    public var outboundCapacity = 256
    /// Messages read from the event port per source1 callout, so control requests are served under load.
    public var eventBatch = 256
    public var screenWidth: Double = 390
    public var screenHeight: Double = 844
    /// Log registrations, foreground changes, liveness decisions and the home screen's calls (never per event).
    public var verbose = false

    public init(eventEndpoint: String, appEndpoint: String, controlEndpoint: String, runtimeDirectory: String? = nil) {
        self.eventEndpoint = eventEndpoint
        self.appEndpoint = appEndpoint
        self.controlEndpoint = controlEndpoint
        self.runtimeDirectory = runtimeDirectory
    }
}
