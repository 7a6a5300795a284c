import AppChannel
import Foundation
import HIDEvent
import Logging
import RunLoopKit
import RunLoopZeroMQ
import ZeroMQ

/// The SpringBoard process: one run loop thread owns every socket, the registry, the gesture latch, the home
/// screen and the counters (so counting is a plain increment, and the control server reads them on the same
/// thread). Sources of its run loop: the event port (source1), the app channel (source1), the control socket
/// (source1), the app socket's monitor (source1), the home screen (source0), and a liveness timer.
public final class SpringBoard {
    var configuration: SpringBoardConfiguration
    /// `configuration.sharedClock`, worked out once: the per-frame paths ask it (a computed property of the
    /// struct made them copy the whole configuration every time).
    let sharedClock: Bool
    let runLoop: EventRunLoop
    let logger: Logger
    let context: ZMQContext
    let eventSocket: ZMQSocket
    let appSocket: ZMQSocket
    let controlSocket: ZMQSocket
    let monitorSocket: ZMQSocket
    /// The event port's monitor: a source's connection closed.
    let eventMonitor: ZMQSocket
    /// The ZAP handler's REP socket (CURVE only).
    var zapSocket: ZMQSocket?
    /// The apps springboard launches (`--launch`), nil when it launches none.
    var launcher: AppLauncher?

    let registry: AppRegistry
    var counters = SpringBoardCounters()
    var latch = GestureLatch()
    let homeScreen: any HomeScreenSeam
    let systemGesture: SystemGestureDetector
    var sources: [SourceState] = []

    /// The event port's frames are received into this one message, stamped in place and handed to libzmq
    /// again for the app (zero copy); libzmq leaves it empty after the send, ready for the next receive.
    let eventMessage = ZMQMessage()
    /// The app channel's frames (identity, then body) are received into these, reused.
    let appIdentity = ZMQMessage()
    let appBody = ZMQMessage()
    /// The control socket's frames are received into this one (its `User-Id` says which key sent the request).
    let controlFrame = ZMQMessage()
    /// Scratch for the 24-byte event header, written in place per send.
    /// An `event` message's one frame, assembled for each send (SpringBoard+Delivery).
    let eventFrame = ZMQMessage()
    /// Scratch for synthesized cancels.
    var cancelBytes: [UInt8] = []
    /// Spare buffers swapped with outbound-queue slots while they are sent.
    var flushScratch: [UInt8] = []
    var flushHistoryScratch: [UInt8] = []
    /// The event port's source1; out of the run loop while paused (backpressure mode).
    var eventSource: RunLoopSource1!
    /// The app whose backlog paused the event port, while it is paused.
    var eventPortPausedFor: AppRecord?
    var eventPortPaused: Bool { eventPortPausedFor != nil }
    /// When the counters were last reset (or springboard started).
    var countersSince: UInt64 = 0
    var ownSequence: UInt64 = 0
    let ownSenderID: UInt64

    var livenessTimer: RunLoopTimer!
    /// A disconnect was seen: probe registered apps with mandatory sends on the next liveness ticks.
    var probesPending = 0
    var pingNonce: UInt64 = 0
    /// `view` requests the foreground app has not answered yet (SpringBoard+ViewLocation.swift).
    var viewRequests = ViewRequests()
    /// `logLimited`: when the last rate-limited line was written, and how many were held back since.
    var lastLimitedLog: UInt64 = 0
    var suppressedLogLines: UInt64 = 0
    let startedAt: UInt64
    var relaunchTimers: [String: RunLoopTimer] = [:]
    private var instanceLock: InstanceLock?
    private var endpointLocks: EndpointLocks?
    /// `sbctl monitor`'s feed (nil without a monitor endpoint).
    var frameMonitor: FrameMonitor?
    private var signalHandlers: [RunLoopSignalHandler] = []

    /// `homeScreen` makes the home screen on springboard's run loop (the executable passes the UIKit scene).
    public init(
        configuration: SpringBoardConfiguration, logger: Logger = Logger(label: "springboard"),
        homeScreen makeHomeScreen: (EventRunLoop) -> any HomeScreenSeam
    ) throws {
        self.configuration = configuration
        self.sharedClock = configuration.sharedClock
        self.logger = logger
        if let dir = configuration.runtimeDirectory {
            let runtime = RuntimeDirectory(path: dir)
            try runtime.prepare()
            instanceLock = try InstanceLock(path: runtime.file("springboard.lock"))
        }
        let endpoints =
            [configuration.eventEndpoint, configuration.appEndpoint, configuration.controlEndpoint]
            + (configuration.monitorEndpoint.map { [$0] } ?? [])
        endpointLocks = try EndpointLocks(endpoints: endpoints)
        runLoop = EventRunLoop()
        startedAt = runLoop.clock.now
        countersSince = startedAt
        ownSenderID = 0x5342_0000_0000_0000 | UInt64(UInt32(bitPattern: getpid()))
        registry = AppRegistry(
            windowCapacity: configuration.ackWindow, outboundCapacity: configuration.outboundCapacity,
            minimumWindow: configuration.minimumAckWindow)
        homeScreen = makeHomeScreen(runLoop)
        systemGesture = SystemGestureDetector(screenHeight: Float(configuration.screenHeight))
        cancelBytes.reserveCapacity(64 + 8 + 33 * 96)

        context = try ZMQContext(ioThreads: 1)
        eventSocket = try context.socket(.pull)
        appSocket = try context.socket(.router)
        controlSocket = try context.socket(.router)
        for socket in [eventSocket, appSocket, controlSocket] { try socket.setLinger(0) }
        if configuration.monitorEndpoint != nil { frameMonitor = try FrameMonitor(socket: context.socket(.xpub)) }
        if let secretKey = configuration.curveSecretKey {
            // The handler is bound before any socket, so no connection is ever admitted unasked.
            let zap = try context.socket(.rep)
            try zap.bind(SpringBoard.zapEndpoint)
            zapSocket = zap
            for (socket, domain) in [
                (eventSocket, ZAPDomain.events), (appSocket, ZAPDomain.apps), (controlSocket, ZAPDomain.control),
            ] {
                try socket.setZAPDomain(domain)
                try socket.setCurveServer(true)
                try socket.setCurveSecretKey(z85: secretKey)
            }
            if let monitor = frameMonitor?.socket {  // watching needs a control key
                try monitor.setZAPDomain(ZAPDomain.control)
                try monitor.setCurveServer(true)
                try monitor.setCurveSecretKey(z85: secretKey)
            }
        }
        // A peer that sends a larger frame is disconnected before it is buffered (a 256 MiB frame costs nothing).
        try eventSocket.setMaximumMessageSize(AppChannelWire.maxEventPortFrame)
        try appSocket.setMaximumMessageSize(AppChannelWire.maxAppToSpringBoardFrame)
        try controlSocket.setMaximumMessageSize(AppChannelWire.maxControlRequest)
        // Mandatory: a send to a vanished app fails with EHOSTUNREACH (and EAGAIN at the HWM) instead of
        // a silent drop, so every undelivered event is counted. No handover: a peer that sets a routing id
        // already in use is refused by libzmq, so no connection can take over another's.
        try appSocket.setRouterMandatory(true)
        try appSocket.setSendHighWaterMark(AppChannelWire.springBoardSendHighWaterMark(ackWindow: configuration.ackWindow))
        monitorSocket = try appSocket.openMonitor(events: [.disconnected])
        eventMonitor = try eventSocket.openMonitor(events: [.disconnected])
        try eventSocket.bind(configuration.eventEndpoint)
        try appSocket.bind(configuration.appEndpoint)
        try controlSocket.bind(configuration.controlEndpoint)
        if let frameMonitor, let endpoint = configuration.monitorEndpoint { try frameMonitor.socket.bind(endpoint) }
        endpointLocks?.noteBound(endpoints)
        installSources()
        if !configuration.launches.isEmpty { try makeLauncher() }
    }

    deinit {
    }

    private func installSources() {
        eventSource = RunLoopSource1(port: .zmq(eventSocket), order: 0, name: "event port") { [unowned self] in
            drainEventPort()
        }
        runLoop.add(eventSource, mode: .common)
        runLoop.add(RunLoopSource1(port: .zmq(appSocket), order: 1) { [unowned self] in drainAppChannel() }, mode: .common)
        runLoop.add(RunLoopSource1(port: .zmq(controlSocket), order: 2) { [unowned self] in drainControl() }, mode: .common)
        runLoop.add(RunLoopSource1(port: .zmq(monitorSocket), order: 3) { [unowned self] in drainMonitor() }, mode: .common)
        runLoop.add(RunLoopSource1(port: .zmq(eventMonitor), order: 4) { [unowned self] in drainEventMonitor() }, mode: .common)
        if let frameMonitor {
            runLoop.add(
                RunLoopSource1(port: .zmq(frameMonitor.socket), order: 6, name: "frame monitor") { [unowned self] in
                    drainMonitorSubscriptions()
                }, mode: .common)
        }
        if let zapSocket {
            runLoop.add(RunLoopSource1(port: .zmq(zapSocket), order: 5) { [unowned self] in drainZAP() }, mode: .common)
        }
        homeScreen.onLaunch = { [unowned self] bundleID in launchFromHomeScreen(bundleID) }
        homeScreen.onPage = { [unowned self] page in
            if configuration.verbose { logger.info("home: page \(page + 1) of \(homeScreen.pageCount)") }
        }
        if configuration.verbose { homeScreen.traceCalls { [logger] line in logger.info("home: \(line)") } }
        let tick = livenessTick
        livenessTimer = RunLoopTimer(fireAt: runLoop.clock.now + tick, interval: tick) { [unowned self] _ in checkLiveness() }
        runLoop.add(livenessTimer, mode: .common)
    }

    /// How often ack timeouts and heartbeats are checked: a quarter of the ack timeout, 10...100 ms.
    var livenessTick: UInt64 {
        let quarter = UInt64(configuration.ackTimeoutMilliseconds) * 1_000_000 / 4
        return min(max(quarter, 10_000_000), 100_000_000)
    }

    /// Runs until SIGTERM/SIGINT (or `stop()`), then closes every socket.
    public func run() {
        installSignalHandlers()
        launchAll()
        logger.info(
            "springboard \(getpid()) listening: events \(configuration.eventEndpoint), apps \(configuration.appEndpoint), control \(configuration.controlEndpoint)"
        )
        while !stopping {
            _ = runLoop.run(mode: .default, until: nil, returnAfterSourceHandled: false)
        }
        shutdown()
    }

    var stopping = false

    /// On the loop's thread (the stop signal's source0): leave the run loop; `run()` then shuts down.
    func stop() {
        stopping = true
        runLoop.stop()
    }

    /// SIGTERM/SIGINT stop the loop on its own thread.
    private func installSignalHandlers() {
        signalHandlers.append(
            RunLoopSignalHandler(signals: [SIGTERM, SIGINT], on: runLoop, name: "stop") { [unowned self] in stop() })
    }

    private func shutdown() {
        for handler in signalHandlers { handler.cancel() }
        launcher?.stopAll()
        eventSocket.close()
        appSocket.close()
        controlSocket.close()
        frameMonitor?.socket.close()
        monitorSocket.close()
        eventMonitor.close()
        zapSocket?.close()
        // We hold the endpoints' locks: the socket files we bound, if still ours, are removed (libzmq may not get
        // to it before the process exits); nobody else's are.
        endpointLocks?.release()
        instanceLock?.release()
        logger.info("springboard stopped")
    }

    var now: UInt64 { runLoop.clock.now }
}
