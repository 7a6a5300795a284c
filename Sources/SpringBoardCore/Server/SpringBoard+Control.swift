import ControlProtocol
import Foundation
import ZeroMQ

// The control socket's source1 (ROUTER, JSON; protocols/control.md). Served on the run-loop thread, between
// event batches, so a request reads the counters without locks and never blocks event flow for long.
extension SpringBoard {
    func drainControl() {
        for _ in 0..<16 {
            var frames: [[UInt8]] = []
            var user: String?
            do {
                guard try controlSocket.receive(into: controlFrame, dontWait: true) else { return }
                frames.append(controlFrame.bytes)
                while controlFrame.more {
                    _ = try controlSocket.receive(into: controlFrame)
                    frames.append(controlFrame.bytes)
                }
                user = controlFrame.property("User-Id")
            } catch {
                logger.error("control socket: \(error)")
                return
            }
            counters.controlRequests &+= 1
            // [identity][empty delimiter (REQ clients)]...[body]: echo everything before the body.
            guard frames.count >= 2 else { continue }
            let envelope = Array(frames.dropLast())
            // nil: answered later (`view` waits for the app).
            guard let reply = handleControl(frames[frames.count - 1], user: user, envelope: envelope) else { continue }
            do { _ = try controlSocket.sendMultipart(envelope + [reply.encoded()], dontWait: true) } catch {
                logger.warning("control reply not sent: \(error)")
            }
        }
    }

    func handleControl(_ body: [UInt8], user: String? = nil, envelope: [[UInt8]] = []) -> ControlReply? {
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
            if let mode, mode != configuration.overload {
                configuration.overload = mode
                logger.info("overload policy: \(mode.rawValue)")
                resumeEventPortIfPossible()
            }
            return ControlReply(ok: true, command: command.name, overload: configuration.overload)
        case .home:
            goHome(reason: "sbctl home")
            return ControlReply(ok: true, command: command.name, foreground: nil)
        case .kill(let bundleID):
            return killApp(bundleID, command: command)
        case .foreground(let bundleID):
            guard let app = registry.record(bundleID: bundleID) else {
                let known = registry.apps.map(\.bundleID).joined(separator: ", ")
                return .failure(
                    command.name,
                    ControlError(
                        .unknownBundleID, "no app \"\(bundleID)\" has registered (known: \(known.isEmpty ? "none" : known))"))
            }
            guard app.isReachable else {
                return .failure(command.name, ControlError(.appUnavailable, "\(bundleID) is \(registry.state(of: app).rawValue)"))
            }
            setForeground(app, reason: "sbctl foreground")
            return ControlReply(ok: true, command: command.name, foreground: bundleID)
        case .source(let senderID):
            let state = sources.first { $0.senderID == senderID } ?? SourceState(senderID: senderID)
            return ControlReply(ok: true, command: command.name, source: sourceInfo(state))
        case .sources:
            return ControlReply(ok: true, command: command.name, sources: sources.map(sourceInfo))
        case .view(let id):
            return askForegroundApp(whereIs: id, envelope: envelope)
        case .cancelSource(let senderID):
            guard cancelSource(senderID) else {
                return .failure(
                    command.name, ControlError(.unknownSource, "springboard has read nothing from source \(senderID)"))
            }
            let state = sources.first { $0.senderID == senderID } ?? SourceState(senderID: senderID)
            return ControlReply(ok: true, command: command.name, source: sourceInfo(state))
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
        appVanished(app, reason: "killed by sbctl (pid \(pid))")
        return ControlReply(ok: true, command: command.name, apps: appInfos().filter { $0.bundleID == bundleID })
    }

    func appInfos() -> [AppInfo] {
        registry.apps.map { app in
            let place = homeScreen.place(of: app.bundleID)
            return AppInfo(
                bundleID: app.bundleID, displayName: app.displayName, pid: app.pid,
                state: registry.state(of: app).rawValue, session: app.session,
                homePage: place?.page ?? -1, homeSlot: place?.slot ?? -1)
        }
    }

    func statusInfo() -> StatusInfo {
        StatusInfo(
            pid: getpid(), foreground: registry.foreground?.bundleID, homePage: homeScreen.page,
            homePageCount: homeScreen.pageCount, gestureTarget: latch.target.name, liveTouches: latch.touches.count,
            eventEndpoint: configuration.eventEndpoint, appEndpoint: configuration.appEndpoint,
            controlEndpoint: configuration.controlEndpoint, registeredApps: registry.apps.filter(\.isReachable).count,
            uptimeMilliseconds: (now &- startedAt) / 1_000_000, overloadMode: configuration.overload.rawValue)
    }

    func statsInfo(histograms: Bool = false) -> StatsInfo {
        var apps: [AppStats] = []
        for app in registry.apps {
            let c = app.counters
            apps.append(
                AppStats(
                    bundleID: app.bundleID, state: registry.state(of: app).rawValue, routed: c.routed, sent: c.sent,
                    samplesSent: c.samplesSent, coalescedSamples: c.coalescedSamples, acked: c.acked, handled: c.handled,
                    cancelsSent: c.cancelsSent, giveUps: c.giveUps, heartbeats: c.heartbeats, registrations: c.registrations,
                    inFlight: app.window.count, window: app.windowLimit(sized: configuration.overload == .shed),
                    queued: app.outbound.count,
                    queuedSamples: app.outbound.samples,
                    drops: c.drops.byName, latency: c.latency.summaries(AppCounters.hops),
                    registrationsRefused: c.registrationsRefused, lostInFlight: c.lostInFlight,
                    coalescedInApp: c.coalescedInApp))
        }
        var latency = counters.latency
        for app in registry.apps { latency.add(app.counters.latency) }
        return StatsInfo(
            hops: counters.byName, drops: counters.drops.byName, apps: apps,
            notResponding: registry.apps.filter { registry.state(of: $0) == .notResponding }.map(\.bundleID),
            latency: latency.summaries(), overloadMode: configuration.overload.rawValue,
            intervalNanoseconds: now &- countersSince,
            histograms: histograms ? latency.byName() : nil, malformedByReason: counters.malformedByReason,
            malformedByPeer: counters.malformedByPeer)
    }

    /// `stats` with `reset`: every counter and histogram starts again from zero (queues and windows are
    /// state, not counters, and stay).
    func resetCounters() {
        counters = SpringBoardCounters()
        for app in registry.apps {
            let registrations = app.counters.registrations
            app.counters = AppCounters()
            app.counters.registrations = registrations
        }
        for i in sources.indices {
            sources[i].sequenceGaps = 0
            sources[i].framesMissing = 0
        }
        countersSince = now
    }
}
