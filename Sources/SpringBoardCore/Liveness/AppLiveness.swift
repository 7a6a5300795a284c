import AppChannel
import Foundation
import Logging
import RunLoopKit
import ZeroMQ

/// Liveness: dead apps (monitor DISCONNECTED + a mandatory send that fails, or heartbeats gone and the probe
/// fails) and not-responding apps (an unacknowledged event older than the ack timeout, or heartbeats stopped
/// while the connection still routes: a stuck main thread). Owns the liveness timer (which also checks the
/// sources), the app socket's monitor and the probes it starts, and what an app's death or silence costs it.
final class AppLiveness {
    /// The app socket's monitor: some app's connection closed.
    private let connectionMonitor: ZMQSocket
    private let registry: AppRegistry
    private let delivery: AppDelivery
    private let router: GestureRouter
    private let sources: SourceTable
    private let counters: SpringBoardCounters
    private let log: SpringBoardLog
    private let clock: RunLoopClock
    private let ackTimeoutMilliseconds: UInt32
    private let missedHeartbeats: UInt64
    /// 0: no watchdog.
    private let watchdog: UInt64
    /// A disconnect was seen: probe registered apps with mandatory sends on the next liveness ticks.
    @exclusivity(unchecked)
    private var probesPending = 0
    @exclusivity(unchecked)
    private var pingNonce: UInt64 = 0

    init(
        connectionMonitor: ZMQSocket, configuration: SpringBoardConfiguration, registry: AppRegistry, delivery: AppDelivery,
        router: GestureRouter, sources: SourceTable, counters: SpringBoardCounters, log: SpringBoardLog, clock: RunLoopClock
    ) {
        self.connectionMonitor = connectionMonitor
        self.ackTimeoutMilliseconds = configuration.ackTimeoutMilliseconds
        self.missedHeartbeats = configuration.missedHeartbeats
        self.watchdog = configuration.watchdogMilliseconds * 1_000_000
        self.registry = registry
        self.delivery = delivery
        self.router = router
        self.sources = sources
        self.counters = counters
        self.log = log
        self.clock = clock
    }

    /// How often ack timeouts, heartbeats and sources are checked: a quarter of the ack timeout, 10...100 ms.
    var tick: UInt64 {
        let quarter = UInt64(ackTimeoutMilliseconds) * 1_000_000 / 4
        return min(max(quarter, 10_000_000), 100_000_000)
    }

    private var ackTimeout: UInt64 { UInt64(ackTimeoutMilliseconds) * 1_000_000 }

    /// Adds the monitor's source1 and the liveness timer to `runLoop`.
    func install(on runLoop: EventRunLoop) {
        runLoop.add(
            RunLoopSource1(port: .zmq(connectionMonitor), order: SpringBoardSourceOrder.appMonitor) { self.drainMonitor() },
            mode: .common)
        let timer = RunLoopTimer(fireAt: clock.now + tick, interval: tick) { _ in self.check() }
        runLoop.add(timer, mode: .common)
    }

    private func drainMonitor() {
        while let event = try? ZMQMonitorEvent.receive(from: connectionMonitor, dontWait: true) {
            if event.event.contains(.disconnected) {
                // The monitor does not say which peer left; probe every registered app on the next ticks
                // (libzmq may need a moment to retire the pipe, so probe more than once).
                probesPending = 10
                probeApps()
            }
        }
    }

    /// On the liveness timer.
    func check() {
        let time = clock.now
        if probesPending > 0 { probeApps() }
        sources.check(time: time)
        for app in registry.apps where app.isReachable {
            if app.isResponding, ackOverdue(app, time: time) {
                markNotResponding(app, reason: "an event waited more than \(ackTimeoutMilliseconds) ms for its ack")
            }
            let heartbeatLimit = app.heartbeatInterval * missedHeartbeats
            let silence = time &- app.lastHeardFrom
            if app.heartbeatInterval > 0, silence > heartbeatLimit {
                // Silent: gone (the mandatory probe fails) or stuck (it still routes). A stuck app is given the
                // ack timeout before it is called not responding, as a busy one would be.
                guard ping(app) else { continue }
                if app.isResponding, silence > max(heartbeatLimit, ackTimeout) {
                    markNotResponding(app, reason: "no heartbeat for \(silence / 1_000_000) ms")
                }
            }
            // (`time` was read before this tick marked anyone not responding: a mark made now is younger.)
            if watchdog > 0, app.isReachable, !app.isResponding, time > app.notRespondingSince,
                time - app.notRespondingSince >= watchdog
            {
                watchdogKill(app, after: time - app.notRespondingSince)
            }
            if app.isReachable, !app.outbound.isEmpty { delivery.flushOutbound(app) }
        }
    }

    /// The watchdog's limit passed while the app stayed not responding: it is ended, as iOS's watchdog ends an
    /// app that stays unresponsive (developer.apple.com/documentation/xcode/addressing-watchdog-terminations).
    /// Only a pid the kernel reported for its connection is signalled (never one the app only claimed); over
    /// tcp there is none, and the app stays not responding (said once).
    private func watchdogKill(_ app: AppRecord, after stuck: UInt64) {
        guard let pid = app.verifiedPid else {
            if app.notRespondingSince != 0 {
                log.logger.warning(
                    "watchdog: \(app.bundleID) has not responded for \(stuck / 1_000_000) ms, but its pid is not known to the kernel here (not an ipc peer): not killed"
                )
            }
            app.notRespondingSince = 0  // said once; it stays not responding
            return
        }
        kill(pid, SIGKILL)
        counters.watchdogKills &+= 1
        log.logger.error("watchdog: \(app.bundleID) (pid \(pid)) did not respond for \(stuck / 1_000_000) ms: killed")
        appVanished(app, reason: "killed by the watchdog (pid \(pid))")
    }

    /// The app's oldest event in flight has waited longer than the ack timeout.
    func ackOverdue(_ app: AppRecord, time: UInt64) -> Bool {
        guard let oldest = app.window.oldest else { return false }
        return time &- oldest.sentAt > ackTimeout
    }

    /// The app was heard from (an ack or a heartbeat) at `time`: it responds again unless an ack is still
    /// overdue.
    func heard(from app: AppRecord, at time: UInt64) {
        app.lastHeardFrom = time
        if !app.isResponding, !ackOverdue(app, time: time) {
            app.isResponding = true
            log.logger.info("\(app.bundleID) is responding again")
        }
    }

    private func probeApps() {
        probesPending -= 1
        for app in registry.apps where app.isReachable { ping(app) }
    }

    /// A mandatory send to the app: false when its connection is gone (the app is then marked dead).
    @discardableResult
    func ping(_ app: AppRecord) -> Bool {
        pingNonce &+= 1
        _ = delivery.sendToApp(app, PingMessage(nonce: pingNonce).encoded())
        return app.isReachable
    }

    /// Android's ANR: the app keeps its registration and what is in flight; its backlog is given up (a
    /// cancel for its touches waits for it), so a stuck app never holds the event port or memory.
    private func markNotResponding(_ app: AppRecord, reason: String) {
        app.isResponding = false
        app.notRespondingSince = clock.now
        counters.notRespondingTransitions &+= 1
        log.logger.warning("\(app.bundleID) (pid \(app.pid)) is not responding: \(reason)")
        giveUp(on: app, reason: .notResponding)
    }

    /// springboard stops serving the backlog of an app that stopped responding: what is queued is dropped
    /// (counted under `reason`), the gesture it owns is taken from it (the rest is `gestureCancelled`), and it
    /// is sent one cancel for every finger it has down in the stream as sent, so what it sees stays a
    /// consistent touch stream (Android: `synthesizeCancelationEventsForConnectionLocked`). Events already in
    /// flight stay in flight.
    private func giveUp(on app: AppRecord, reason: DropReason) {
        let dropped = delivery.dropBacklog(of: app, reason: reason)
        let needsCancel = !app.sentTouches.isEmpty
        let ownedGesture = router.ownsGesture(app)
        guard dropped > 0 || needsCancel || ownedGesture else { return }
        app.counters.giveUps &+= 1
        router.takeGesture(from: app)
        if needsCancel { router.sendCancel(to: app, touches: app.sentTouches) }
        log.logger.warning(
            "gave up on \(app.bundleID) (\(reason.name)): \(dropped) queued frame(s) dropped\(needsCancel ? ", its \(app.sentTouches.count) live touch(es) cancelled" : "")"
        )
        delivery.resumeEventPortIfPossible()
    }

    /// The app's process is gone (or said goodbye): what it will never get is counted (in its record, by
    /// `markDead`), and it is taken off the screen.
    func appVanished(_ app: AppRecord, reason: String) {
        guard !app.isDead else { return }
        let undelivered = app.undelivered
        app.markDead()
        router.takeGesture(from: app)
        log.logger.warning(
            "\(app.bundleID) (pid \(app.pid)) is gone: \(reason); \(undelivered.queuedSamples) queued frame(s) dropped, \(undelivered.inFlight) event(s) lost in flight"
        )
        if registry.foreground === app { router.goHome(reason: "\(app.bundleID) died") }
        delivery.resumeEventPortIfPossible()
    }
}
