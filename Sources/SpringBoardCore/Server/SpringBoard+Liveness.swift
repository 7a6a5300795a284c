import AppChannel
import Foundation
import ZeroMQ

// Liveness: dead apps (monitor DISCONNECTED + a mandatory send that fails, or heartbeats gone and the probe
// fails) and not-responding apps (an unacknowledged event older than the ack timeout, or heartbeats stopped
// while the connection still routes: a stuck main thread).
extension SpringBoard {
    func drainMonitor() {
        while let event = try? ZMQMonitorEvent.receive(from: monitorSocket, dontWait: true) {
            if event.event.contains(.disconnected) {
                // The monitor does not say which peer left; probe every registered app on the next ticks
                // (libzmq may need a moment to retire the pipe, so probe more than once).
                probesPending = 10
                probeApps()
            }
        }
    }

    func checkLiveness() {
        let time = now
        if probesPending > 0 { probeApps() }
        checkSources(time: time)
        expireViewRequests(time: time)
        let timeout = UInt64(configuration.ackTimeoutMilliseconds) * 1_000_000
        for app in registry.apps where app.isReachable {
            if app.isResponding, ackOverdue(app, time: time) {
                markNotResponding(app, reason: "an event waited more than \(configuration.ackTimeoutMilliseconds) ms for its ack")
            }
            let heartbeatLimit = app.heartbeatInterval * configuration.missedHeartbeats
            let silence = time &- app.lastHeardFrom
            if app.heartbeatInterval > 0, silence > heartbeatLimit {
                // Silent: gone (the mandatory probe fails) or stuck (it still routes). A stuck app is given the
                // ack timeout before it is called not responding, as a busy one would be.
                guard ping(app) else { continue }
                if app.isResponding, silence > max(heartbeatLimit, timeout) {
                    markNotResponding(app, reason: "no heartbeat for \(silence / 1_000_000) ms")
                }
            }
            if app.isReachable, !app.outbound.isEmpty { flushOutbound(app) }
        }
    }

    func ackOverdue(_ app: AppRecord, time: UInt64) -> Bool {
        guard let oldest = app.window.oldest else { return false }
        return time &- oldest.sentAt > UInt64(configuration.ackTimeoutMilliseconds) * 1_000_000
    }

    private func probeApps() {
        probesPending -= 1
        for app in registry.apps where app.isReachable { ping(app) }
    }

    /// A mandatory send to the app: false when its connection is gone (the app is then marked dead).
    @discardableResult
    func ping(_ app: AppRecord) -> Bool {
        pingNonce &+= 1
        _ = sendToApp(app, PingMessage(nonce: pingNonce).encoded())
        return app.isReachable
    }

    /// Android's ANR: the app keeps its registration and what is in flight; its backlog is given up (a
    /// cancel for its touches waits for it), so a stuck app never holds the event port or memory.
    func markNotResponding(_ app: AppRecord, reason: String) {
        app.isResponding = false
        counters.notRespondingTransitions &+= 1
        logger.warning("\(app.bundleID) (pid \(app.pid)) is not responding: \(reason)")
        giveUp(on: app, reason: .notResponding)
    }

    func markResponding(_ app: AppRecord) {
        app.isResponding = true
        logger.info("\(app.bundleID) is responding again")
    }

    /// The totals of what `app` loses now (its record counts its own share when it is reset).
    @discardableResult
    func countUndelivered(_ app: AppRecord) -> (queuedSamples: UInt64, inFlight: UInt64) {
        let undelivered = app.undelivered
        counters.drops.add(.appDead, undelivered.queuedSamples)
        counters.lostInFlight &+= undelivered.inFlight
        return undelivered
    }

    /// The app's process is gone (or said goodbye): count what it will never get, take it off the screen.
    func appVanished(_ app: AppRecord, reason: String) {
        guard !app.isDead else { return }
        let undelivered = countUndelivered(app)
        app.markDead()
        if latch.target.isApp(app) { latch.retarget(.cancelled) }
        logger.warning(
            "\(app.bundleID) (pid \(app.pid)) is gone: \(reason); \(undelivered.queuedSamples) queued frame(s) dropped, \(undelivered.inFlight) event(s) lost in flight"
        )
        if registry.foreground === app { goHome(reason: "\(app.bundleID) died") }
        resumeEventPortIfPossible()
    }
}
