import ZeroMQ

/// Everything `app-host SCENE.yaml` can be told on its command line.
public struct AppHostConfiguration: Sendable {
    /// SpringBoard's app channel (ROUTER).
    var appEndpoint: String
    /// The routing identity and registered bundle id (1...255 bytes, not starting with a zero byte).
    var bundleID: String
    var displayName: String
    /// How often the main run loop's timer sends a heartbeat.
    public var heartbeatIntervalMilliseconds: UInt32 = 500
    /// JSON-lines trace file (appended), for tools that follow the trace.
    public var traceFile: String?
    /// A PUB endpoint to bind that publishes the same JSON lines.
    public var traceEndpoint: String?
    /// Echo trace lines as plain text on stdout.
    public var traceToStdout = true
    /// Stdout lines start with the record's monotonic time, `[   5.120333] ` (seconds, as dmesg prints them).
    public var traceTimestamps = false
    /// Written at exit: the run as Chrome trace-event JSON (hops from the HID stamps, the run loop, UIKit).
    public var timelineFile: String?
    /// Test-only: SIGUSR1 blocks the main thread (no acks, no heartbeats) until SIGTERM/SIGKILL.
    public var hangOnSIGUSR1 = false
    public var verbose = false
    /// UIKit coalesces moves that queued up behind each other into one event (the default, as on iOS). Off:
    /// every frame is its own event, so a trace does not depend on how fast the app kept up.
    public var coalescesQueuedMoves = true
    /// The app channel's high-water mark (nil: `AppChannelWire.socketHighWaterMark`) and kernel buffer sizes (nil:
    /// the OS's defaults). Small values let a test fill the channel.
    package var channelHighWaterMark: Int?
    /// Connect with CURVE: springboard admits the app only with a key bound to its bundle id.
    package var curve: ZMQCurveClient?
    /// The per-launch secret from the launcher ($TOUCHPIPELINE_LAUNCH_SECRET, 64 hex digits), sent with
    /// every registration.
    public var launchSecret: [UInt8]?
    package var channelBufferBytes: Int?

    public init(appEndpoint: String, bundleID: String, displayName: String) {
        self.appEndpoint = appEndpoint
        self.bundleID = bundleID
        self.displayName = displayName
    }
}
