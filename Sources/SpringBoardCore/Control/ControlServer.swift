import ControlProtocol
import Foundation
import Histogram
import Logging
import RunLoopKit
import ZeroMQ

/// The control socket's source1 (ROUTER, JSON; protocols/control.md). Served on the run-loop thread, between
/// event batches, so a request reads the counters without locks and never blocks event flow for long.
final class ControlServer {
    private let socket: ZMQSocket
    /// The frames of a request are received into this one (its `User-Id` says which key sent the request).
    private let frame = ZMQMessage()
    let configuration: SpringBoardConfiguration
    let registry: AppRegistry
    let router: GestureRouter
    private let delivery: AppDelivery
    private let sources: SourceTable
    private let liveness: AppLiveness
    private let counters: SpringBoardCounters
    private let log: SpringBoardLog
    private let clock: RunLoopClock
    private let startedAt: UInt64
    /// `view` requests waiting for the foreground app's answer.
    let views: ViewRequests
    /// The ensemble trace (`trace`), the app channel's (set by springboard).
    @exclusivity(unchecked)
    var trace: EnsembleTraceRecorder?

    init(
        socket: ZMQSocket, configuration: SpringBoardConfiguration, registry: AppRegistry, router: GestureRouter,
        delivery: AppDelivery, sources: SourceTable, liveness: AppLiveness, counters: SpringBoardCounters,
        log: SpringBoardLog, clock: RunLoopClock
    ) {
        self.socket = socket
        self.configuration = configuration
        self.registry = registry
        self.router = router
        self.delivery = delivery
        self.sources = sources
        self.liveness = liveness
        self.counters = counters
        self.log = log
        self.clock = clock
        self.startedAt = clock.now
        views = ViewRequests(registry: registry, delivery: delivery, clock: clock) { [socket, log] envelope, reply in
            do { _ = try socket.sendMultipart(envelope + [reply.encoded()], dontWait: true) } catch {
                log.logger.warning("control reply not sent: \(error)")
            }
        }
    }

    func install(on runLoop: EventRunLoop) {
        views.runLoop = runLoop
        runLoop.add(
            RunLoopSource1(port: .zmq(socket), order: SpringBoardSourceOrder.control, name: "control") { [unowned self] in drain()
            }, mode: .common)
    }

    /// One request per callout, however many wait: the control socket is a source1 after the event port
    /// (`SpringBoardSourceOrder`), and a turn serves one source1, so with frames and requests both waiting the
    /// loop alternates an event batch and one request. That is what control.md promises (a request never stalls
    /// routing for more than one batch); serving a queue of them at once (16 used to be) let four dashboards
    /// polling `stats` hold frames for tens of milliseconds.
    private func drain() {
        var frames: [[UInt8]] = []
        var user: String?
        do {
            guard try socket.receive(into: frame, dontWait: true) else { return }
            frames.append(frame.bytes)
            while frame.more {
                _ = try socket.receive(into: frame)
                frames.append(frame.bytes)
            }
            user = frame.property("User-Id")
        } catch {
            log.logger.error("control socket: \(error)")
            return
        }
        counters.controlRequests &+= 1
        // [identity][empty delimiter (REQ clients)]...[body]: echo everything before the body.
        guard frames.count >= 2 else { return }
        let envelope = Array(frames.dropLast())
        // nil: answered later (`view` waits for the app).
        guard let answer = reply(to: frames[frames.count - 1], user: user, envelope: envelope) else { return }
        do { _ = try socket.sendMultipart(envelope + [answer.encoded()], dontWait: true) } catch {
            log.logger.warning("control reply not sent: \(error)")
        }
    }

    /// Answers a request without a socket (the embedded springboard's tests): `view`, which waits for the app's
    /// answer on the socket, is refused.
    func handleControl(_ body: [UInt8], user: String? = nil) -> ControlReply {
        reply(to: body, user: user, envelope: nil)
            ?? .failure("view", ControlError(.appUnavailable, "`view` is answered on the control socket only"))
    }

    /// The reply to a request, or nil when it comes later (`view`, to `envelope`).
    private func reply(to body: [UInt8], user: String?, envelope: [[UInt8]]?) -> ControlReply? {
        let command: ControlCommand
        do { command = try ControlRequestCodec.decode(body) } catch {
            // The command's name when the request named a known one (a missing field), else "unknown".
            return .failure(error.command ?? "unknown", error)
        }
        // Under CURVE a source's key reaches the control socket only to confirm its own end marker.
        if user == "source" {
            switch command {
            case .source, .sources: break
            default:
                counters.controlRefused &+= 1
                return .failure(command.name, ControlError(.notAuthorized, "a source key may only ask `source` and `sources`"))
            }
        }
        switch command {
        case .apps:
            return ControlReply(ok: true, command: command.name, apps: appInfos())
        case .status:
            return ControlReply(ok: true, command: command.name, status: statusInfo())
        case .stats(let reset, let histograms):
            let reply = ControlReply(ok: true, command: command.name, stats: statsInfo(histograms: histograms))
            if reset { resetCounters() }
            return reply
        case .overload(let mode):
            if let mode { delivery.setOverload(mode) }
            return ControlReply(ok: true, command: command.name, overload: delivery.overload)
        case .home:
            router.goHome(reason: "sbctl home")
            return ControlReply(ok: true, command: command.name, foreground: nil)
        case .kill(let bundleID):
            return killApp(bundleID, command: command)
        case .foreground(let name):
            let app: AppRecord
            switch appNamed(name) {
            case .one(let record): app = record
            case .several(let bundleIDs):
                return .failure(
                    command.name,
                    ControlError(
                        .unknownBundleID,
                        "\"\(name)\" is the name of \(bundleIDs.count) apps (\(bundleIDs.joined(separator: ", "))): give its bundle id"
                    ))
            case .none:
                let known = registry.apps.map(\.bundleID).joined(separator: ", ")
                return .failure(
                    command.name,
                    ControlError(
                        .unknownBundleID, "no app \"\(name)\" has registered (known: \(known.isEmpty ? "none" : known))"))
            }
            guard app.isReachable else {
                return .failure(
                    command.name, ControlError(.appUnavailable, "\(app.bundleID) is \(registry.state(of: app).rawValue)"))
            }
            router.setForeground(app, reason: "sbctl foreground")
            return ControlReply(ok: true, command: command.name, foreground: app.bundleID)
        case .source(let senderID):
            return ControlReply(ok: true, command: command.name, source: sources.info(senderID))
        case .sources:
            return ControlReply(ok: true, command: command.name, sources: sources.infos)
        case .view(let id):
            guard let envelope else {
                return .failure(command.name, ControlError(.appUnavailable, "`view` is answered on the control socket only"))
            }
            return views.ask(whereIs: id, envelope: envelope)
        case .trace(let action, let limit):
            guard let trace else { return .failure(command.name, ControlError(.appUnavailable, "no app channel to trace")) }
            switch action {
            case .start:
                log.logger.info("trace: recording (at most \(limit ?? EnsembleTrace.defaultLimit) events and frames)")
                return ControlReply(ok: true, command: command.name, trace: trace.start(limit: limit, at: clock.now))
            case .stop:
                let recording = trace.stop(at: clock.now)
                log.logger.info("trace: stopped (\(recording.events.count) events, \(recording.frames.count) frames)")
                return ControlReply(ok: true, command: command.name, trace: recording)
            case .status:
                return ControlReply(ok: true, command: command.name, trace: trace.status())
            }
        case .scene:
            return ControlReply(ok: true, command: command.name, scene: foregroundScene())
        case .cancelSource(let senderID):
            guard sources.cancel(senderID) else {
                return .failure(
                    command.name,
                    ControlError(.unknownSource, "springboard has read nothing from source \(SenderID.text(senderID))"))
            }
            return ControlReply(ok: true, command: command.name, source: sources.info(senderID))
        }
    }

    private enum AppMatch {
        case one(AppRecord)
        case several([String])
        case none
    }

    /// The app `name` names: its bundle id, else the display name (ignoring case) of exactly one app, as a
    /// user reads it on the home screen (`sbctl foreground Maps`).
    private func appNamed(_ name: String) -> AppMatch {
        if let app = registry.record(bundleID: name) { return .one(app) }
        let named = registry.apps.filter { $0.displayName.caseInsensitiveCompare(name) == .orderedSame }
        switch named.count {
        case 0: return .none
        case 1: return .one(named[0])
        default: return .several(named.map(\.bundleID))
        }
    }

    /// `kill`: SIGKILL to the pid the kernel reported for the app's connection (never a pid the app only
    /// claimed), then the app is dead: its queue and gesture are dropped, the home screen shows if it was in front.
    private func killApp(_ bundleID: String, command: ControlCommand) -> ControlReply {
        guard let app = registry.record(bundleID: bundleID) else {
            return .failure(command.name, ControlError(.unknownBundleID, "no app \"\(bundleID)\" has registered"))
        }
        guard app.isReachable else {
            return .failure(command.name, ControlError(.appUnavailable, "\(bundleID) is \(registry.state(of: app).rawValue)"))
        }
        guard let pid = app.verifiedPid else {
            return .failure(
                command.name, ControlError(.appUnavailable, "\(bundleID)'s pid is not known to the kernel here (not an ipc peer)")
            )
        }
        Glibc.kill(pid, SIGKILL)
        counters.appsKilled &+= 1
        liveness.appVanished(app, reason: "killed by sbctl (pid \(pid))")
        return ControlReply(ok: true, command: command.name, apps: appInfos().filter { $0.bundleID == bundleID })
    }

    func appInfos() -> [AppInfo] {
        registry.apps.map { app in
            let place = router.homeScreen.place(of: app.bundleID)
            return AppInfo(
                bundleID: app.bundleID, displayName: app.displayName, pid: app.pid,
                state: registry.state(of: app).rawValue, session: app.session,
                homePage: place?.page ?? -1, homeSlot: place?.slot ?? -1, tracesCalls: app.tracesCalls)
        } + evictedInfo()
    }

    /// `apps`' last row while records were forgotten: how many, no pid, no icon.
    private func evictedInfo() -> [AppInfo] {
        guard registry.evictedCount > 0 else { return [] }
        return [
            AppInfo(
                bundleID: evictedName, displayName: evictedName, pid: 0, state: AppState.evicted, session: 0, homePage: -1,
                homeSlot: -1)
        ]
    }

    func statusInfo() -> StatusInfo {
        StatusInfo(
            pid: getpid(), foreground: registry.foreground?.bundleID, homePage: router.homeScreen.page,
            homePageCount: router.homeScreen.pageCount, gestureTarget: router.latch.target.name,
            liveTouches: router.latch.touches.count,
            eventEndpoint: configuration.eventEndpoint, appEndpoint: configuration.appEndpoint,
            controlEndpoint: configuration.controlEndpoint, registeredApps: registry.apps.filter(\.isReachable).count,
            uptimeMilliseconds: (clock.now &- startedAt) / 1_000_000, overloadMode: delivery.overload.rawValue)
    }

    func statsInfo(histograms: Bool = false) -> StatsInfo {
        var apps: [AppStats] = []
        for app in registry.apps {
            // Before `c` shares the counters' storage (the cache write would copy it).
            let latency = app.counters.latency.cachedSummaries(AppCounters.hops)
            let c = app.counters
            apps.append(
                AppStats(
                    bundleID: app.bundleID, state: registry.state(of: app).rawValue, routed: c.routed, sent: c.sent,
                    samplesSent: c.samplesSent, coalescedSamples: c.coalescedSamples, acked: c.acked, handled: c.handled,
                    cancelsSent: c.cancelsSent, giveUps: c.giveUps, heartbeats: c.heartbeats, registrations: c.registrations,
                    inFlight: app.window.count, window: delivery.windowLimit(app),
                    queued: app.outbound.count,
                    queuedSamples: app.outbound.samples,
                    drops: c.drops.byName, latency: latency,
                    registrationsRefused: c.registrationsRefused, lostInFlight: c.lostInFlight,
                    coalescedInApp: c.coalescedInApp,
                    present: c.present.info(awaiting: app.presents.awaiting, refreshHz: app.refreshHz)))
        }
        if let evicted = evictedStats() { apps.append(evicted) }
        let totals = registry.totals
        var allHistograms: [String: Histogram<UInt64>]?
        if histograms {
            var latency = counters.latency
            for app in registry.apps { latency.add(app.counters.latency) }
            allHistograms = latency.byName()
            allHistograms?.merge(totals.present.touchToPresent.byName()) { a, _ in a }
        }
        return StatsInfo(
            hops: counters.byName(apps: totals, logLinesSuppressed: log.suppressed),
            drops: counters.drops(apps: totals).byName, apps: apps,
            notResponding: registry.apps.filter { registry.state(of: $0) == .notResponding }.map(\.bundleID),
            latency: totalLatency(), overloadMode: delivery.overload.rawValue,
            intervalNanoseconds: clock.now &- counters.since,
            histograms: allHistograms, malformedByReason: counters.malformedByReason,
            malformedByPeer: counters.malformedByPeer,
            present: totals.present.info(awaiting: registry.apps.reduce(0) { $0 + $1.presents.awaiting }, refreshHz: nil))
    }

    /// Per hop, the all-apps summary of the last `stats` and what it was made from: each contributing histogram's
    /// owner (springboard's own, or an app's record), sample count and sum.
    @exclusivity(unchecked)
    private var totalLatencyCache: [(key: [LatencyContribution], summary: LatencySummary)?] = Array(
        repeating: nil, count: Hop.allCases.count)

    struct LatencyContribution: Equatable {
        var owner: ObjectIdentifier
        var count: UInt64
        var sum: UInt64
    }

    /// Per hop, springboard's own histogram and every app's added up: the `stats` reply's `latency`. A hop whose
    /// histograms did not change since the last reply is not walked again, one with a single contributor is that
    /// one's (cached) summary, and only the others are merged, hop by hop. Why: the merge used to copy and add all
    /// eight ~30 KB histograms per app and walk the result on every reply (with the apps' own rows, most of a
    /// `stats` reply's instructions); the figures are the same (merging empty histograms changes nothing).
    func totalLatency() -> [String: LatencySummary] {
        var out: [String: LatencySummary] = [:]
        for hop in Hop.allCases {
            var key: [LatencyContribution] = []
            if counters.latency.count(hop) > 0 {
                key.append(
                    LatencyContribution(
                        owner: ObjectIdentifier(counters), count: counters.latency.count(hop), sum: counters.latency.sum(hop)))
            }
            for app in registry.apps where app.counters.latency.count(hop) > 0 {
                key.append(
                    LatencyContribution(
                        owner: ObjectIdentifier(app), count: app.counters.latency.count(hop), sum: app.counters.latency.sum(hop)))
            }
            guard !key.isEmpty else {
                totalLatencyCache[hop.rawValue] = nil
                continue
            }
            if let cached = totalLatencyCache[hop.rawValue], cached.key == key {
                out[hop.name] = cached.summary
                continue
            }
            let summary: LatencySummary?
            if key.count == 1 {
                summary =
                    key[0].owner == ObjectIdentifier(counters)
                    ? counters.latency.summary(hop)
                    : registry.apps.first { ObjectIdentifier($0) == key[0].owner }?.counters.latency.summary(hop)
            } else {
                var merged: Histogram<UInt64>?
                var sum: UInt64 = 0
                func add(_ latencies: HopLatencies) {
                    guard latencies.count(hop) > 0 else { return }
                    if merged == nil { merged = latencies[hop] } else { merged?.add(latencies[hop]) }
                    sum &+= latencies.sum(hop)
                }
                add(counters.latency)
                for app in registry.apps { add(app.counters.latency) }
                summary = merged.map { LatencySummary(nanoseconds: $0, sumNanoseconds: sum) }
            }
            guard let summary else { continue }
            totalLatencyCache[hop.rawValue] = (key, summary)
            out[hop.name] = summary
        }
        return out
    }

    /// The row name of the records the registry forgot (at most 64 are kept; the oldest dead go first).
    private var evictedName: String {
        "(evicted \(registry.evictedCount) \(registry.evictedCount == 1 ? "app" : "apps"))"
    }

    /// The forgotten records' counters as one last `apps` row (state `evicted`), so `routedToApp` is still the
    /// sum of the rows' `routed` and the drops still add up after eviction; nil while none was forgotten.
    private func evictedStats() -> AppStats? {
        guard registry.evictedCount > 0 else { return nil }
        let c = registry.forgotten
        return AppStats(
            bundleID: evictedName, state: AppState.evicted, routed: c.routed, sent: c.sent, samplesSent: c.samplesSent,
            coalescedSamples: c.coalescedSamples, acked: c.acked, handled: c.handled, cancelsSent: c.cancelsSent,
            giveUps: c.giveUps, heartbeats: c.heartbeats, registrations: c.registrations, inFlight: 0, window: 0, queued: 0,
            queuedSamples: 0, drops: c.drops.byName, latency: [:], registrationsRefused: c.registrationsRefused,
            lostInFlight: c.lostInFlight, coalescedInApp: c.coalescedInApp, present: c.present.info(awaiting: 0, refreshHz: nil))
    }

    /// `stats` with `reset`: every counter and histogram starts again from zero (queues and windows are
    /// state, not counters, and stay).
    func resetCounters() {
        for i in totalLatencyCache.indices { totalLatencyCache[i] = nil }
        counters.reset(at: clock.now)
        registry.resetCounters()
        sources.resetCounters()
        log.resetCounters()
    }
}
