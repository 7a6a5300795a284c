import ControlProtocol

/// Everything `springboard` can be told on its command line.
public struct SpringBoardConfiguration: Sendable {
    /// Where hid-source connects (PULL).
    public var eventEndpoint: String
    /// Where apps connect (ROUTER; DEALER peers with the bundle id as routing identity).
    public var appEndpoint: String
    /// Where sbctl connects (ROUTER; JSON requests).
    public var controlEndpoint: String
    /// Where `sbctl monitor` subscribes (XPUB; one JSON record per frame read); nil: no frame monitor.
    public var monitorEndpoint: String?
    /// The runtime directory whose lock this springboard holds (nil: no lock, e.g. tcp-only runs).
    var runtimeDirectory: String?
    /// An app whose oldest unacknowledged event is older than this is not responding (Android: 5 s).
    public var ackTimeoutMilliseconds: UInt32 = 5000
    /// A source silent for longer than this while it has fingers down loses them (their gesture is cancelled).
    /// hid-source sends a keep-alive every 250 ms while it holds fingers without sending frames; 0 disables.
    public var sourceTimeoutMilliseconds: UInt32 = 2000
    /// The watchdog (iOS's ends an app that stays unresponsive past its limit): an app not responding for this
    /// long without a break is killed (SIGKILL to its kernel-verified pid), counted in `watchdogKills` and
    /// logged. 0: no watchdog (the default: a stuck app stays, not responding, until it recovers or is killed).
    public var watchdogMilliseconds: UInt64 = 0
    /// Heartbeats missed for this many of the app's own intervals make SpringBoard check the app.
    public var missedHeartbeats: UInt64 = 3
    /// Events in flight (sent, not acknowledged) per app before further events wait in its outbound queue.
    /// Apps acknowledge a whole dispatch pass at once, so the window bounds how much can pile up in the
    /// app's socket (where nothing can be coalesced any more), not the throughput.
    public var ackWindow = 4096
    /// In shed mode the window in use is sized from the acks (8 × the bandwidth-delay product, `WindowSizer`)
    /// between this and `ackWindow`; backpressure mode uses all of `ackWindow`.
    public var minimumAckWindow = 32
    /// Events waiting per app. Moves coalesce into the last queued move, so the queue grows only with downs,
    /// ups and buttons; at this bound springboard stops reading the event port until it is down to half.
    public var outboundCapacity = 256
    /// At most this many samples (the event's own frame included) travel in one coalesced event.
    public var coalesceLimit = 1024
    /// Acknowledged events kept per app for the `frames` that presents them (touch-to-present; rounded up to a
    /// power of two). An event still waiting when its slot is needed again is counted `eventsOverwritten`.
    public var presentRing = PresentRing.defaultCapacity
    /// What to do when an app cannot take events as fast as they come.
    public var overload: OverloadMode = .shed
    /// Backpressure mode: frames queued for an app before springboard stops reading the event port (it reads
    /// again at half).
    public var backpressureQueue = 64
    /// Messages read from the event port per source1 callout, so control requests are served under load.
    var eventBatch = 256
    public var screenWidth: Double = 390
    public var screenHeight: Double = 844
    /// CURVE (Z85 secret key): every socket is a CURVE server, and the ZAP handler admits only `authorizedKeys`.
    public var curveSecretKey: String?
    public var authorizedKeys: AuthorizedKeys?
    /// Per-launch secrets of the apps a launcher started: their registrations must carry them.
    public var launchSecrets = LaunchSecrets()
    /// Apps springboard launches itself (and relaunches with back-off), with the app-host executable and the
    /// arguments every launch gets after `SCENE --apps ENDPOINT --trace-file <runtime dir>/logs/BUNDLE.trace.jsonl`.
    public var launches: [AppLaunch] = []
    public var appHostPath = "app-host"
    public var appArguments: [String] = []
    /// Every peer shares springboard's CLOCK_MONOTONIC (no tcp endpoint): hops between processes are timed.
    /// Over tcp the peers may be on other hosts, whose monotonic clocks are unrelated: only hops timed on
    /// one clock are recorded (protocols/control.md, "Latency across hosts").
    var sharedClock: Bool {
        ![eventEndpoint, appEndpoint, controlEndpoint].contains { $0.hasPrefix("tcp://") }
    }
    /// Log registrations, foreground changes, liveness decisions and the home screen's calls (never per event).
    public var verbose = false

    public init(eventEndpoint: String, appEndpoint: String, controlEndpoint: String, runtimeDirectory: String? = nil) {
        self.eventEndpoint = eventEndpoint
        self.appEndpoint = appEndpoint
        self.controlEndpoint = controlEndpoint
        self.runtimeDirectory = runtimeDirectory
    }
}
