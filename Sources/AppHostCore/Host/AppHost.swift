import AppChannel
import AppTimeline
import Dispatch
import Foundation
import HIDEvent
import Logging
import RunLoopKit
import RunLoopZeroMQ
import Synchronization
import UIKitModel
import ZeroMQ

/// A live app process: the app's main run loop with the app channel as a source1.
///
/// The path of an event (event-delivery.md section 1, app side): the DEALER socket's source1 fires → the
/// callout decodes the HID frame (and any samples coalesced into it) and hands it to UIKit's event fetcher →
/// the fetcher signals UIKit's event source0 → UIApplication's queue → `sendEvent`. Each event goes to UIKit
/// with a delivery token; a source0 of this host ordered after UIKit's (`Order.acknowledge`) takes the
/// dispatcher's report of the tokens it dispatched, with their times, and acknowledges, in one message, every
/// event the pass handled.
public final class AppHost {
    let application: UIApplication
    /// The application's event fetcher and dispatcher, read on every event: `let`s here, so a read is a load (the
    /// application's are `var`s, and each read from this module was a getter call, a retain and a release; issue 27).
    let fetcher: UIEventFetcher
    let dispatcher: UIEventDispatcher
    /// The run loop's clock, read on every event: through `runLoop.clock` each read retained and released it.
    let clock: RunLoopClock
    let configuration: AppHostConfiguration
    let context: ZMQContext
    let socket: ZMQSocket
    /// The app channel's monitor: a disconnect means springboard died or restarted.
    let channelMonitor: ZMQSocket
    let trace: TraceSink
    /// With `timelineFile`: everything the timeline shows, kept until exit.
    let timeline: TimelineCollector?
    /// Channel activity and faults, on stderr: `.info` lines only with `--verbose`.
    let logger: Logger
    var runLoop: EventRunLoop { application.runLoop }

    @exclusivity(unchecked)
    var session: UInt64 = 0
    @exclusivity(unchecked)
    var visibility: AppVisibility = .background
    /// Delivery sequences that skipped a number (lost across a reconnect): counted, not fatal.
    @exclusivity(unchecked)
    var sequenceGaps: UInt64 = 0
    @exclusivity(unchecked)
    package internal(set) var eventsReceived: UInt64 = 0
    /// HID samples received: one per event plus the samples coalesced into it.
    @exclusivity(unchecked)
    var samplesReceived: UInt64 = 0
    /// Events whose coalesced samples were not strictly older than the event (by sender sequence): 0.
    @exclusivity(unchecked)
    var samplesOutOfOrder: UInt64 = 0
    /// Ack messages sent, and times the channel pushed back so acks waited for a later pass.
    @exclusivity(unchecked)
    var ackMessagesSent: UInt64 = 0
    @exclusivity(unchecked)
    package internal(set) var ackSendsDeferred: UInt64 = 0
    /// Ack messages waiting for the channel to take them.
    package var acksWaiting: Int { unsentAcks.count }
    /// Heartbeats or registrations the channel refused (they are sent again by their timer or flow).
    @exclusivity(unchecked)
    var controlMessagesDeferred: UInt64 = 0
    @exclusivity(unchecked)
    var expectedSequence: UInt64 = 1
    @exclusivity(unchecked)
    var heartbeats: UInt64 = 0
    /// Heartbeat ticks that sent nothing because an ack message went out since the tick before (`heartbeatTick`), and
    /// `ackMessagesSent` at the last tick.
    @exclusivity(unchecked)
    package internal(set) var heartbeatsSkipped: UInt64 = 0
    @exclusivity(unchecked)
    var ackMessagesAtLastHeartbeatTick: UInt64 = 0
    /// Answers springboard's `locate` (`hid-source tap @id`): where the view with an id is; nil answers that
    /// the app has no scene to look in.
    @exclusivity(unchecked)
    public var viewLocator: ((String) -> LocationMessage.Result)?
    /// Fingers down in the stream as received, with their newest positions: what a lost channel cancels.
    @exclusivity(unchecked)
    var liveTouches = LiveTouches()
    /// Times the app cancelled its live touches itself (channel lost or re-established), and its own sequence.
    @exclusivity(unchecked)
    package internal(set) var channelCancels: UInt64 = 0
    /// Times the app connected its channel again after a disconnect (`reconnect()`).
    @exclusivity(unchecked)
    package internal(set) var channelReconnects: UInt64 = 0
    @exclusivity(unchecked)
    var ownSequence: UInt64 = 0

    let frame = ZMQMessage()
    /// Events read and not yet acknowledged, in delivery order.
    @exclusivity(unchecked)
    var pending: [PendingAck] = []
    /// The last delivery token handed to UIKit with an event: 1, 2, 3, ... for the life of the process (a
    /// session's delivery sequences restart, so they cannot tell an old session's report from a new one's).
    @exclusivity(unchecked)
    var lastDeliveryToken: UInt64 = 0
    /// UIKit's report of the events it dispatched, taken by each ack pass (its storage reused).
    @exclusivity(unchecked)
    var dispatchReport: [UIEventDispatcher.Dispatched] = []
    /// Encoded ack messages the channel refused (high-water mark): sent first on the next pass.
    @exclusivity(unchecked)
    var unsentAcks: [[UInt8]] = []
    @exclusivity(unchecked)
    var ackScratch: [UInt8] = []
    @exclusivity(unchecked)
    var ackSource: RunLoopSource0!
    /// The app port's source1 (UIKit's event fetcher source), kept to be removed with the host (see `deinit`).
    @exclusivity(unchecked)
    private var appPortSource: RunLoopSource1?
    /// The display's `frames` messages (AppHost+Display.swift): the last delivery sequence a presented frame
    /// showed, the last sequence each committed frame shows (by frame number), what was sent and refused.
    @exclusivity(unchecked)
    var lastShownSequence: UInt64 = 0
    @exclusivity(unchecked)
    var frameLastSequence: [UInt64: UInt64] = [:]
    @exclusivity(unchecked)
    package internal(set) var framesSent: UInt64 = 0
    @exclusivity(unchecked)
    package internal(set) var framesRefused: UInt64 = 0
    /// An older springboard refused a `frames`: none are sent for the rest of the session.
    @exclusivity(unchecked)
    var framesStopped = false
    /// Retries unsent acks while the channel pushes back (only then in the run loop).
    @exclusivity(unchecked)
    var ackRetryTimer: RunLoopTimer?
    @exclusivity(unchecked)
    private var heartbeatTimer: RunLoopTimer!
    private let heartbeatBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: HeartbeatMessage.size, alignment: 8)
    @exclusivity(unchecked)
    private var signalHandlers: [RunLoopSignalHandler] = []
    @exclusivity(unchecked)
    private var stopping = false
    /// Set when the host stopped for a reason of its own (its launcher is gone): the process's exit status.
    @exclusivity(unchecked)
    public private(set) var exitStatus: Int32?

    public init(application: UIApplication, configuration: AppHostConfiguration) throws {
        self.application = application
        self.fetcher = application.eventFetcher
        self.dispatcher = application.eventDispatcher
        self.clock = application.runLoop.clock
        self.configuration = configuration
        var logger = Logger(label: "app-host[\(configuration.bundleID)]", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = configuration.verbose ? .info : .warning
        self.logger = logger
        guard let first = configuration.bundleID.utf8.first, first != 0,
            configuration.bundleID.utf8.count <= AppChannelWire.maxBundleIDLength
        else {
            throw AppHostError.invalidBundleID(configuration.bundleID)
        }
        context = try ZMQContext(ioThreads: 1)
        socket = try context.socket(.dealer)
        // Every (re)connect sends an empty message; SpringBoard answers `hello` and the app registers.
        try socket.setProbeRouter(true)
        try socket.setLinger(100)
        try socket.setMaximumMessageSize(AppChannelWire.maxSpringBoardToAppFrame)
        try configuration.curve?.apply(to: socket)
        channelMonitor = try socket.openMonitor(events: [.disconnected])
        let messages = configuration.channelHighWaterMark ?? AppChannelWire.socketHighWaterMark
        try socket.setSendHighWaterMark(messages)
        try socket.setReceiveHighWaterMark(messages)
        if let bytes = configuration.channelBufferBytes {
            try socket.setSendBufferSize(bytes)
            try socket.setReceiveBufferSize(bytes)
        }
        trace = try TraceSink(
            bundleID: configuration.bundleID, toStdout: configuration.traceToStdout,
            timestamps: configuration.traceTimestamps,
            filePath: configuration.traceFile, publishEndpoint: configuration.traceEndpoint, context: context)
        pending.reserveCapacity(64)
        // Streamed out as recorded; a long-running app keeps no trace in memory.
        let timeline = configuration.timelineFile.map { _ in TimelineCollector(processName: configuration.bundleID) }
        self.timeline = timeline
        if let timeline {
            application.runLoop.tracer = timeline
            application.trace.explains = true
        }
        // What the scene printed while loading (its `onLoad` steps) goes out first.
        for line in application.trace.lines {
            trace.write(line)
            timeline?.add(line)
        }
        application.trace.removeAll()
        application.trace.retainsLines = false
        application.trace.onRecord = { [trace] line in
            trace.write(line)
            timeline?.add(line)
        }
        installSources()
        try socket.connect(configuration.appEndpoint)
    }

    deinit {
        heartbeatBuffer.deallocate()
        // The two sources that run every event capture the host unretained: they leave the loop (the
        // application's, which may outlive the host) before the host is gone.
        if let appPortSource { runLoop.remove(appPortSource, mode: .common) }
        if let ackSource { runLoop.remove(ackSource, mode: .common) }
    }

    /// Where this host's sources sit around UIKit's in a run-loop pass (`UIApplication.RunLoopOrder`).
    enum Order {
        /// The app port's source1 is UIKit's event fetcher source.
        static let appPort = UIApplication.RunLoopOrder.eventFetcher
        static let channelMonitor = UIApplication.RunLoopOrder.afterEventFetcher
        /// After UIKit's source0 in the same pass: every event read so far went through `sendEvent`.
        static let acknowledge = UIApplication.RunLoopOrder.afterEvents
    }

    func installSources() {
        // The app port's source1 (UIKit's event fetcher source): frames go straight to the fetcher. This source and
        // the ack source0 run every event and call the host unretained (`unowned` cost a checked retain and a
        // release each, every event; issue 27): `deinit` removes both from the loop.
        let host = Unmanaged.passUnretained(self)
        let appPortSource = RunLoopSource1(port: .zmq(socket), order: Order.appPort, name: "UIEventFetcher") {
            host._withUnsafeGuaranteedRef { $0.drain() }
        }
        self.appPortSource = appPortSource
        runLoop.add(appPortSource, mode: .common)
        runLoop.add(
            RunLoopSource1(port: .zmq(channelMonitor), order: Order.channelMonitor, name: "channel monitor") { [unowned self] in
                drainChannelMonitor()
            }, mode: .common)
        application.eventDispatcher.coalescesQueuedMoves = configuration.coalescesQueuedMoves
        installDisplay()
        ackSource = RunLoopSource0(order: Order.acknowledge, name: "acknowledge") {
            host._withUnsafeGuaranteedRef { $0.sendAcks() }
        }
        runLoop.add(ackSource, mode: .common)
        let interval = UInt64(configuration.heartbeatIntervalMilliseconds) * 1_000_000
        heartbeatTimer = RunLoopTimer(fireAt: runLoop.clock.now + interval, interval: interval) { [unowned self] _ in
            heartbeatTick()
        }
        runLoop.add(heartbeatTimer, mode: .common)
        if let lifeline = configuration.launcherLifeline {
            runLoop.add(
                RunLoopSource1(port: .fileDescriptor(lifeline), order: Order.channelMonitor, name: "launcher lifeline") {
                    [unowned self] in
                    guard LauncherLifeline.launcherIsGone(reading: lifeline) else { return }
                    launcherGone()
                }, mode: .common)
        }
    }

    /// The launcher (springboard) died: an app it launched must not outlive it. Said on stderr (the app's log)
    /// whatever the log level, then the loop stops and the process exits with `LauncherLifeline.exitStatus`.
    private func launcherGone() {
        guard exitStatus == nil else { return }
        exitStatus = LauncherLifeline.exitStatus
        let line =
            "app-host[\(configuration.bundleID)] pid \(getpid()): the springboard that launched this app is gone (its "
            + "lifeline pipe closed); exiting with status \(LauncherLifeline.exitStatus)\n"
        try? FileHandle.standardError.write(contentsOf: Data(line.utf8))
        stop()
    }

    // MARK: Running

    /// Runs the main run loop until SIGTERM/SIGINT, then says goodbye and closes everything.
    /// In the application's current mode, re-entered on every switch (UIKit's GSEventRunModal): while a scroll
    /// view tracks a finger the loop runs UITrackingRunLoopMode, so default-mode timers wait, as on iOS.
    public func run() {
        installSignalHandlers()
        while !stopping {
            _ = application.runMainLoop()
        }
        flushAcks()
        sendOrLog(AppChannelMessage.goodbye.encoded(), what: "goodbye")
        // One line at exit, verbose or not: what this app received and acknowledged (a load test's last hop).
        let summary =
            "app-host[\(configuration.bundleID)]: events \(eventsReceived), samples \(samplesReceived) "
            + "(\(samplesOutOfOrder) out of order), ack messages \(ackMessagesSent) (\(ackSendsDeferred) deferred, "
            + "\(unsentAcks.count) unsent), heartbeats \(heartbeats) (\(heartbeatsSkipped) skipped after acks), delivery gaps \(sequenceGaps), channel cancels \(channelCancels), reconnects \(channelReconnects), "
            + "touches kept from their views \(application.eventDispatcher.touchesNotDeliveredToViews), "
            + "coalesced in the app \(application.eventDispatcher.framesCoalescedInQueue)" + displaySummary + "\n"
        try? FileHandle.standardError.write(contentsOf: Data(summary.utf8))
        channelMonitor.close()
        socket.close()
        trace.close()
        if let timeline, let file = configuration.timelineFile {
            do { try TimelineExport.json(timeline).write(to: URL(fileURLWithPath: file)) } catch {
                logger.error("timeline not written to \(file): \(error)")
            }
        }
        for handler in signalHandlers { handler.cancel() }
    }

    /// On the loop's thread (the stop signal's source0): leave the run loop; `run()` then shuts down.
    func stop() {
        stopping = true
        runLoop.stop()
    }

    /// SIGTERM/SIGINT stop the loop on its own thread; with `--hang-on-sigusr1`, SIGUSR1 blocks it.
    private func installSignalHandlers() {
        let hanging = HangFlag()
        signalHandlers.append(
            RunLoopSignalHandler(
                signals: [SIGTERM, SIGINT], on: runLoop, name: "stop",
                // A main thread blocked on purpose cannot stop itself: leave at once.
                onSignal: { if hanging.isSet { _exit(0) } }
            ) { [unowned self] in stop() })
        guard configuration.hangOnSIGUSR1 else { return }
        signalHandlers.append(
            RunLoopSignalHandler(signals: [SIGUSR1], on: runLoop, name: "hang") { [unowned self] in
                // Test-only: an app whose main thread is stuck (no acks, no heartbeats; libzmq still answers).
                hanging.set()
                logger.info("SIGUSR1: main thread blocked")
                while true { pause() }
            })
    }
}

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
    /// The app's display (`--refresh-rate`, `--render-delay-frames`, `--immediate-dispatch`; over the scene's
    /// `display:` key): see `UIApplication.configureDisplay`.
    public var refreshHz: UInt32?
    public var renderDelayFrames: UInt64?
    public var immediateDispatch = false
    /// The display a scene without a `display:` key gets when no option names one (nil: none, immediate
    /// dispatch). `app-host serve` sets 60 Hz (`FrameClock.defaultRefreshHz`); an embedding host chooses.
    public var defaultRefreshHz: UInt32?
    /// The app channel's high-water mark (nil: `AppChannelWire.socketHighWaterMark`) and kernel buffer sizes (nil:
    /// the OS's defaults). Small values let a test fill the channel.
    package var channelHighWaterMark: Int?
    /// Connect with CURVE: springboard admits the app only with a key bound to its bundle id.
    package var curve: ZMQCurveClient?
    /// The per-launch secret from the launcher ($TOUCHPIPELINE_LAUNCH_SECRET, 64 hex digits), sent with
    /// every registration.
    public var launchSecret: [UInt8]?
    package var channelBufferBytes: Int?
    /// The read end of the launcher's lifeline pipe ($TOUCHPIPELINE_LAUNCHER_FD, `LauncherLifeline`): at its end
    /// of file the app exits. nil for an app started by hand.
    public var launcherLifeline: Int32?

    public init(appEndpoint: String, bundleID: String, displayName: String) {
        self.appEndpoint = appEndpoint
        self.bundleID = bundleID
        self.displayName = displayName
    }
}

enum AppHostError: Error, CustomStringConvertible {
    case invalidBundleID(String)

    var description: String {
        switch self {
        case .invalidBundleID(let id):
            return "bundle id \"\(id)\" cannot be a routing identity (1...255 bytes, not starting with a zero byte)"
        }
    }
}

/// Set once from the main thread, read from a signal-handling queue.
final class HangFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}

/// An event the app has taken from its socket and not yet acknowledged.
/// Its dispatch times come from UIKit's report (`UIEventDispatcher.takeDispatched(into:)`), found by `token`.
struct PendingAck {
    /// The delivery token UIKit got with the event (0: it never reached UIKit).
    var token: UInt64
    var sequence: UInt64
    var appReceived: UInt64
    /// False when the HID frame did not decode: acknowledged, but never reached UIKit.
    var handled = true
}
