import AppChannel
import Foundation
import ZeroMQ

// The control socket's source1 (ROUTER, JSON; protocols/control.md). Served on the run-loop thread, between
// event batches, so a request reads the counters without locks and never blocks event flow for long.
extension SpringBoard {
    func drainControl() {
        for _ in 0..<16 {
            let frames: [[UInt8]]
            do {
                guard let received = try controlSocket.receiveMultipart(dontWait: true) else { return }
                frames = received
            } catch {
                logger.error("control socket: \(error)")
                return
            }
            counters.controlRequests &+= 1
            // [identity][empty delimiter (REQ clients)]...[body]: echo everything before the body.
            guard frames.count >= 2 else { continue }
            let envelope = Array(frames.dropLast())
            let reply = handleControl(frames[frames.count - 1])
            do { _ = try controlSocket.sendMultipart(envelope + [reply.encoded()], dontWait: true) } catch {
                logger.warning("control reply not sent: \(error)")
            }
        }
    }

    func handleControl(_ body: [UInt8]) -> ControlReply {
        let command: ControlCommand
        do { command = try ControlRequestCodec.decode(body) } catch {
            return .failure("unknown", error)
        }
        switch command {
        case .apps:
            return ControlReply(ok: true, command: command.name, apps: appInfos())
        case .status:
            return ControlReply(ok: true, command: command.name, status: statusInfo())
        case .stats:
            return ControlReply(ok: true, command: command.name, stats: statsInfo())
        case .home:
            goHome(reason: "sbctl home")
            return ControlReply(ok: true, command: command.name, foreground: nil)
        case .foreground(let bundleID):
            guard let app = registry.record(bundleID: bundleID) else {
                let known = registry.apps.map(\.bundleID).joined(separator: ", ")
                return .failure(command.name, ControlError(.unknownBundleID, "no app \"\(bundleID)\" has registered (known: \(known.isEmpty ? "none" : known))"))
            }
            guard app.isReachable else {
                return .failure(command.name, ControlError(.appUnavailable, "\(bundleID) is \(registry.state(of: app).rawValue)"))
            }
            setForeground(app, reason: "sbctl foreground")
            return ControlReply(ok: true, command: command.name, foreground: bundleID)
        case .source(let senderID):
            let state = sources.first { $0.senderID == senderID } ?? SourceState(senderID: senderID)
            return ControlReply(ok: true, command: command.name, source: SourceInfo(
                senderID: senderID, received: state.received, endReceived: state.endReceived, endCount: state.endCount))
        }
    }

    func appInfos() -> [AppInfo] {
        registry.apps.map { app in
            let slot = homeScreen.model.slot(of: app.bundleID) ?? -1
            return AppInfo(bundleID: app.bundleID, displayName: app.displayName, pid: app.pid,
                           state: registry.state(of: app).rawValue, session: app.session,
                           homePage: slot >= 0 ? homeScreen.model.layout.page(ofSlot: slot) : -1, homeSlot: slot)
        }
    }

    func statusInfo() -> StatusInfo {
        StatusInfo(pid: getpid(), foreground: registry.foreground?.bundleID, homePage: homeScreen.model.page,
                   homePageCount: homeScreen.model.pageCount, gestureTarget: latch.target.name, liveTouches: latch.touches.count,
                   eventEndpoint: configuration.eventEndpoint, appEndpoint: configuration.appEndpoint,
                   controlEndpoint: configuration.controlEndpoint, registeredApps: registry.apps.filter(\.isReachable).count,
                   uptimeMilliseconds: (now &- startedAt) / 1_000_000)
    }

    func statsInfo() -> StatsInfo {
        var apps: [AppStats] = []
        for app in registry.apps {
            apps.append(AppStats(
                bundleID: app.bundleID, state: registry.state(of: app).rawValue, sent: app.counters.sent,
                acked: app.counters.acked, handled: app.counters.handled, cancelsSent: app.counters.cancelsSent,
                heartbeats: app.counters.heartbeats, registrations: app.counters.registrations,
                inFlight: app.window.count, queued: app.outbound.count, drops: app.counters.drops.byName,
                latency: [
                    "springBoardToApp": app.counters.springBoardToApp.summary, "inApp": app.counters.inApp.summary,
                    "ackBack": app.counters.ackBack.summary, "ack": app.counters.ack.summary,
                ]))
        }
        return StatsInfo(hops: counters.byName, drops: counters.drops.byName, apps: apps,
                         notResponding: registry.apps.filter { registry.state(of: $0) == .notResponding }.map(\.bundleID),
                         latency: ["sourceToSpringBoard": counters.sourceToSpringBoard.summary])
    }
}
