import AppChannel
import ControlProtocol
import Foundation
import HIDEvent
import Logging
import RunLoopKit
import RunLoopZeroMQ
import ZeroMQ

/// The SpringBoard process: one run loop thread owns every socket, the registry, the gesture latch, the home
/// screen and the counters (so counting is a plain increment, and the control server reads them on the same
/// thread). `SpringBoard` makes the parts, wires them, and runs the loop; each part owns its state:
///
/// - `EventPortReader`: the event port (source1), frames and end markers, what it drops;
/// - `SourceTable`: the hid-sources read, their streams and their liveness;
/// - `GestureRouter`: the gesture latch, the foreground app, the home screen (source0), springboard's cancels;
/// - `AppDelivery`: sends to apps, their queues and ack windows, the overload mode, pausing the event port;
/// - `AppChannelServer`: the app channel (source1): registrations, acks, heartbeats, goodbyes;
/// - `AppLiveness`: dead and not-responding apps, the liveness timer, the app socket's monitor (source1);
/// - `ControlServer`: the control socket (source1): sbctl's requests, `stats` summed when asked;
/// - `AppLauncher` (with `--launch`), `ZAPHandler` (with CURVE), `FrameMonitor` (with `--monitor`).
///
/// The parts meet through narrow calls; the two back edges (a send that finds an app gone, a launched app's
/// exit) are callbacks `SpringBoard` wires. Counting: what an app owns in its `AppCounters`, the rest in the
/// shared `SpringBoardCounters`; `stats` adds the apps up when asked.
public final class SpringBoard {
    /// The loop every part runs on.
    public let runLoop: EventRunLoop
    private let log: SpringBoardLog
    private let sockets: SpringBoardSockets
    private let configuration: SpringBoardConfiguration
    /// Paused and resumed by the delivery side, which holds its source: kept here, not by its source.
    private let eventPort: EventPortReader
    private let control: ControlServer
    private let launcher: AppLauncher?
    @exclusivity(unchecked)
    private var signalHandler: RunLoopSignalHandler?
    @exclusivity(unchecked)
    private var stopping = false

    /// `homeScreen` makes the home screen on springboard's run loop (the executable passes the UIKit scene).
    public convenience init(
        configuration: SpringBoardConfiguration, logger: Logger = Logger(label: "springboard"),
        homeScreen makeHomeScreen: (EventRunLoop) -> any HomeScreenSeam
    ) throws {
        try self.init(
            configuration: configuration, logger: logger, clock: MonotonicClock(), context: ZMQContext(ioThreads: 1),
            homeScreen: makeHomeScreen)
    }

    /// A springboard on `clock` whose sockets belong to `context` (the embedded springboard of the tests passes
    /// a `ManualClock`, and a context its inproc peers share; it logs nothing unless given a logger).
    package init(
        configuration: SpringBoardConfiguration,
        logger: Logger = Logger(label: "springboard", factory: { _ in SwiftLogNoOpLogHandler() }), clock: RunLoopClock,
        context: ZMQContext,
        homeScreen makeHomeScreen: (EventRunLoop) -> any HomeScreenSeam
    ) throws {
        self.configuration = configuration
        sockets = try SpringBoardSockets(configuration: configuration, context: context)
        runLoop = EventRunLoop(clock: clock)
        log = SpringBoardLog(logger: logger, verbose: configuration.verbose, clock: clock)
        let counters = SpringBoardCounters(since: clock.now)
        let registry = AppRegistry(
            windowCapacity: configuration.ackWindow, outboundCapacity: configuration.outboundCapacity,
            minimumWindow: configuration.minimumAckWindow, presentRing: configuration.presentRing)
        let delivery = AppDelivery(
            socket: sockets.apps, configuration: configuration, clock: clock, log: log, counters: counters)
        let router = GestureRouter(
            homeScreen: makeHomeScreen(runLoop), screenHeight: configuration.screenHeight, registry: registry,
            delivery: delivery, counters: counters, log: log, clock: clock)
        let sources = SourceTable(
            sourceTimeoutMilliseconds: configuration.sourceTimeoutMilliseconds, router: router, counters: counters, log: log,
            clock: clock)
        eventPort = EventPortReader(
            socket: sockets.events, connectionMonitor: sockets.eventMonitor, frameMonitor: sockets.frameMonitor,
            configuration: configuration, sources: sources, router: router, delivery: delivery, registry: registry,
            counters: counters, log: log, clock: clock)
        let liveness = AppLiveness(
            connectionMonitor: sockets.appMonitor, configuration: configuration, registry: registry, delivery: delivery,
            router: router, sources: sources, counters: counters, log: log, clock: clock)
        let appChannel = AppChannelServer(
            socket: sockets.apps, configuration: configuration, registry: registry, delivery: delivery, router: router,
            liveness: liveness, counters: counters, log: log, clock: clock)
        control = ControlServer(
            socket: sockets.control, configuration: configuration, registry: registry, router: router, delivery: delivery,
            sources: sources, liveness: liveness, counters: counters, log: log, clock: clock)
        launcher =
            configuration.launches.isEmpty
            ? nil : try AppLauncher(configuration: configuration, runLoop: runLoop, counters: counters, log: log)
        // The back edges, as callbacks: a send that finds an app gone, and a launched app's exit.
        delivery.onVanished = { [unowned liveness] app, reason in liveness.appVanished(app, reason: reason) }
        delivery.onEventPortPaused = { [unowned sources] paused in sources.eventPortPaused(paused) }
        launcher?.onExit = { [unowned liveness] bundleID, pid in
            if let app = registry.record(bundleID: bundleID), app.verifiedPid == pid || app.pid == UInt32(pid) {
                liveness.appVanished(app, reason: "exited (pid \(pid))")
            }
        }
        router.launcher = launcher
        appChannel.onLocation = { [unowned control] location, app in control.views.answer(location, from: app) }
        appChannel.launcher = launcher
        control.trace = appChannel.trace
        // The app channel, liveness and ZAP parts are held by their sources, as a CFRunLoopSource retains its info.
        eventPort.install(on: runLoop)
        appChannel.install(on: runLoop)
        control.install(on: runLoop)
        liveness.install(on: runLoop)
        if let zap = sockets.zap {
            ZAPHandler(socket: zap, authorizedKeys: configuration.authorizedKeys, counters: counters, log: log)
                .install(on: runLoop)
        }
    }

    /// Runs until SIGTERM/SIGINT (or `stop()`), then closes every socket.
    public func run() {
        signalHandler = RunLoopSignalHandler(signals: [SIGTERM, SIGINT], on: runLoop, name: "stop") { [unowned self] in
            stop()
        }
        launcher?.launchAll()
        log.logger.info(
            "springboard \(getpid()) listening: events \(configuration.eventEndpoint), apps \(configuration.appEndpoint), control \(configuration.controlEndpoint)"
        )
        while !stopping {
            _ = runLoop.run(mode: .default, until: nil, returnAfterSourceHandled: false)
        }
        shutdown()
    }

    /// On the loop's thread (the stop signal's source0): leave the run loop; `run()` then shuts down.
    func stop() {
        stopping = true
        runLoop.stop()
    }

    /// Stops the launched apps, closes every socket and gives the endpoints up (`run()` does this on its way
    /// out; an embedded springboard's owner calls it).
    package func shutdown() {
        signalHandler?.cancel()
        launcher?.stopAll()
        sockets.close()
        log.logger.info("springboard stopped")
    }

    /// The context springboard's sockets belong to: inproc peers must share it.
    package var context: ZMQContext { sockets.context }

    /// Answers a control request as the control socket would (JSON body in, reply out), on the loop's thread.
    package func handleControl(_ body: [UInt8], user: String? = nil) -> ControlReply {
        control.handleControl(body, user: user)
    }
}

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
