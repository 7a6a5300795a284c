import AppChannel
import Foundation
import Logging
import RunLoopKit
import ZeroMQ

#if canImport(Glibc)
    import Glibc
#endif

/// The app channel's source1 (ROUTER; protocols/app-channel.md): registrations, acks, heartbeats, goodbyes,
/// connect probes. Each message is read into two reused frames (identity, body); its validated header picks
/// the one decoder that reads it (a view for the cumulative ack, the hot path; `AppChannelMessage` for the rest).
final class AppChannelServer {
    let socket: ZMQSocket
    /// The frames of the message being handled: the sender's routing identity, then the body.
    let identity = ZMQMessage()
    let body = ZMQMessage()
    /// Messages read per callout.
    private let batch: Int
    /// Every peer shares springboard's clock: hops between processes are timed.
    let sharedClock: Bool
    /// The ensemble's live timeline (`sbctl trace`), fed by acks and `frames`.
    let trace: EnsembleTraceRecorder
    let configuration: SpringBoardConfiguration
    let registry: AppRegistry
    let delivery: AppDelivery
    let router: GestureRouter
    let liveness: AppLiveness
    let counters: SpringBoardCounters
    let log: SpringBoardLog
    let clock: RunLoopClock
    /// The apps springboard launches: their registrations must come from that launch.
    @exclusivity(unchecked)
    var launcher: AppLauncher?
    /// An app's answer to a `locate` (the control socket's `view`, which `SpringBoard` wires to its requests).
    @exclusivity(unchecked)
    var onLocation: ((LocationMessage, AppRecord) -> Void)?

    init(
        socket: ZMQSocket, configuration: SpringBoardConfiguration, registry: AppRegistry, delivery: AppDelivery,
        router: GestureRouter, liveness: AppLiveness, counters: SpringBoardCounters, log: SpringBoardLog, clock: RunLoopClock
    ) {
        self.socket = socket
        self.batch = configuration.eventBatch
        self.sharedClock = configuration.sharedClock
        self.trace = EnsembleTraceRecorder(sharedClock: configuration.sharedClock)
        self.configuration = configuration
        self.registry = registry
        self.delivery = delivery
        self.router = router
        self.liveness = liveness
        self.counters = counters
        self.log = log
        self.clock = clock
    }

    func install(on runLoop: EventRunLoop) {
        runLoop.add(
            RunLoopSource1(port: .zmq(socket), order: SpringBoardSourceOrder.appChannel, name: "app channel") { self.drain() },
            mode: .common)
    }

    func drain() {
        var budget = batch
        while budget > 0 {
            budget -= 1
            do {
                guard try socket.receive(into: identity, dontWait: true) else { return }
                guard identity.more else { continue }  // a ROUTER always prefixes the identity; be defensive
                _ = try socket.receive(into: body)
                var extra = 0
                while body.more {  // every app->springboard message has exactly one body frame
                    _ = try socket.receive(into: body)
                    extra += 1
                }
                if extra > 0 {
                    replyError(.malformed, "expected 1 frame after the identity, found \(extra + 1)")
                    continue
                }
                body.withUnsafeBytes { handleMessage($0) }
            } catch {
                log.logger.error("app channel: \(error)")
                return
            }
        }
    }

    /// One message, decoded once: the header says its type, and that type's decoder (a view, for the hot
    /// path's cumulative ack) reads the rest.
    private func handleMessage(_ bytes: UnsafeRawBufferPointer) {
        let time = clock.now
        let app = identity.withUnsafeBytes { registry.record(identity: $0) }
        if bytes.isEmpty {
            // ZMQ_PROBE_ROUTER: a connection opened. Ask it to register; nothing is kept for it until it does,
            // so connections that never register cost nothing.
            counters.channelProbes &+= 1
            replyToSender(AppChannelMessage.hello.encoded())
            return
        }
        do {
            // The header is validated once, here, and says which one decoder reads the body (no byte is peeked
            // at before it is validated).
            let frame = try AppChannelFrame(validating: bytes)
            if frame.type == .acks {
                // The hot path: a cumulative ack is read through a view, without decoding into values.
                guard let app = registered(app, "acks") else { return }
                let acks = try AcksView(frame)
                settle(app, first: acks.firstSequence, last: acks.lastSequence, time: time) { acks.entry($0) }
                return
            }
            if frame.type == .frames {
                // Decoded here, so a malformed one is counted on its app (`framesMalformed`) before it is refused.
                let decoded: AppChannelMessage
                do { decoded = try frame.message() } catch { return refuseFrames(error, from: app) }
                guard case .frames(let message) = decoded, let app = registered(app, "frames") else { return }
                return present(message, from: app)
            }
            let decoded = try frame.message()
            switch decoded {
            case .register(let message):
                handleRegister(message, from: app, time: time)
            case .ack(let ack):
                guard let app = registered(app, "ack") else { return }
                let entry = AcksMessage.Entry(
                    appReceived: ack.appReceived, dispatchStarted: ack.dispatchStarted,
                    dispatchFinished: ack.dispatchFinished, handled: ack.handled)
                settle(app, first: ack.deliverySequence, last: ack.deliverySequence, time: time) { _ in entry }
            case .heartbeat:
                guard let app = registered(app, "heartbeat") else { return }
                app.counters.heartbeats &+= 1
                liveness.heard(from: app, at: time)
            case .goodbye:
                // Only the connection that registered the app can end it.
                guard let app else {
                    counters.unregisteredMessages &+= 1
                    return replyError(.notRegistered, "goodbye from a connection that registered no app")
                }
                liveness.appVanished(app, reason: "goodbye")
            case .location(let location):
                guard let app = registered(app, "location") else { return }
                onLocation?(location, app)
            case .acks, .frames:
                break  // read above
            case .registered, .eventHeader, .state, .error, .hello, .ping, .locate:
                replyError(.malformed, "\(decoded) is a SpringBoard -> app message")
            }
        } catch {
            replyError(.malformed, "\(error)")
        }
    }

    /// The app of a message that needs a registration; nil (counted, and told to register) for a connection
    /// without one.
    private func registered(_ app: AppRecord?, _ what: String) -> AppRecord? {
        if let app, app.isRegistered { return app }
        counters.unregisteredMessages &+= 1
        replyError(.notRegistered, "\(what) from a connection that registered no app")
        return nil
    }

    /// Settles sequences `first...last` (and any older ones still waiting: their acks were lost), timing every
    /// hop of each from springboard's stamps and the app's.
    private func settle(_ app: AppRecord, first: UInt64, last: UInt64, time: UInt64, entry: (Int) -> AcksMessage.Entry) {
        app.lastHeardFrom = time
        counters.ackMessages &+= 1
        var lastSentAt: UInt64 = 0
        // One uniqueness check for the whole message; the records below write straight into the app's counts.
        let latency = app.counters.latency.recorder()
        let settled = app.window.settle(through: last) { sent in
            lastSentAt = sent.sentAt
            app.counters.acked &+= 1
            guard sent.sequence >= first else {  // settled without stamps (their ack message was lost)
                counters.implicitAcks &+= 1
                track(sent, of: app, stamps: nil, ackedAt: time)
                return
            }
            let stamps = entry(Int(sent.sequence - first))
            track(sent, of: app, stamps: stamps, ackedAt: time)
            if stamps.handled { app.counters.handled &+= 1 }
            if stamps.coalescedInApp { app.counters.coalescedInApp &+= 1 }
            if sent.kind == .move {
                app.counters.present.moveSamples &+= UInt64(sent.samples)
                if !stamps.coalescedInApp { app.counters.present.movesDispatched &+= 1 }
            }
            // Per app only: the all-apps figures are the apps' histograms added up when `stats` asks (half the
            // recording work on the ack path).
            latency.record(.springBoardQueue, from: sent.routerReceived, to: sent.sentAt)
            latency.record(.appQueue, from: stamps.appReceived, to: stamps.dispatchStarted)
            latency.record(.dispatch, from: stamps.dispatchStarted, to: stamps.dispatchFinished)
            latency.record(.ack, from: sent.sentAt, to: time)
            // Hops whose two stamps come from different processes: only when they share one host's clock.
            guard sharedClock else { return }
            latency.record(.springBoardToApp, from: sent.sentAt, to: stamps.appReceived)
            latency.record(.ackBack, from: stamps.dispatchFinished, to: time)
            latency.record(.endToEnd, from: sent.hardware, to: stamps.dispatchFinished)
        }
        guard settled > 0 else {
            return replyError(.unexpectedAck, "ack for delivery sequences \(first)...\(last), not waiting")
        }
        app.windowSizer.noteAcks(settled, roundTrip: time &- lastSentAt, now: time)
        liveness.heard(from: app, at: time)
        if !app.outbound.isEmpty { delivery.flushOutbound(app) }
    }

    /// An error message back to the sender of the message being handled (identity still in `identity`).
    func replyError(_ code: ChannelErrorMessage.Code, _ text: String) {
        replyToSender(ChannelErrorMessage(code: code, text: text).encoded())
        if log.verbose { log.limited("app channel: \(code): \(text)") }
    }

    /// A one-frame message back to the connection whose message is being handled.
    func replyToSender(_ reply: [UInt8]) {
        do {
            let sent = try identity.withUnsafeBytes { try socket.send($0, more: true, dontWait: true) }
            if sent { try socket.send(reply) }
        } catch {
            log.verboseInfo("reply not sent: \(error)")
        }
    }
}

// Registration: who may speak for an app. The connection that registers a bundle id owns it. The checks: the
// CURVE key's bundle id, the launch secret, the connection's own earlier registration, a live owner elsewhere,
// the kernel's pid (ipc), room in the registry.
extension AppChannelServer {
    func handleRegister(_ message: RegisterMessage, from app: AppRecord?, time: UInt64) {
        // Under CURVE the connection's key is bound to one bundle id (the ZAP handler's user id): proven, not claimed.
        if configuration.authorizedKeys != nil, let keyFor = body.property("User-Id"), keyFor != message.bundleID {
            countRefusal(of: message.bundleID, from: app)
            return replyError(.bundleIDMismatch, "this connection's key is for \(keyFor), not \(message.bundleID)")
        }
        if configuration.launchSecrets.accepts(message.launchSecret, for: message.bundleID) == false {
            countRefusal(of: message.bundleID, from: app)
            log.limited("refused a registration of \(message.bundleID) without its launch secret (claimed pid \(message.pid))")
            return replyError(.launchSecretMismatch, "\(message.bundleID) must present the secret its launcher handed it")
        }
        if let launched = launcher?.expected(message.bundleID) {
            // springboard launched it: only that process, with that launch's secret, is the app.
            let peer = body.sourceFileDescriptor.flatMap(PeerCredentials.init(fileDescriptor:))
            guard LaunchSecret.matches(message.launchSecret, launched.secret), peer.map({ $0.pid == launched.pid }) ?? true
            else {
                countRefusal(of: message.bundleID, from: app)
                log.limited("refused a registration of \(message.bundleID): not the process springboard launched")
                return replyError(
                    .launchSecretMismatch, "\(message.bundleID) is launched by springboard; this is not that launch")
            }
        }
        if let app, app.bundleID != message.bundleID {
            countRefusal(of: message.bundleID, from: app)
            return replyError(.bundleIDMismatch, "this connection registered \(app.bundleID), not \(message.bundleID)")
        }
        if let owner = registry.record(bundleID: message.bundleID), owner !== app, owner.isReachable, liveness.ping(owner) {
            // A second connection claims a live app (the ping proved the owner's connection still routes): refused,
            // never a takeover. A restarted app whose old connection is gone finds its record dead instead.
            countRefusal(of: message.bundleID, from: app)
            log.limited("refused a second connection registering \(message.bundleID) (claimed pid \(message.pid))")
            return replyError(.bundleIDInUse, "\(message.bundleID) is registered by another live connection")
        }
        // Over ipc the kernel says who connected: a registration cannot claim another process's pid.
        let peer = body.sourceFileDescriptor.flatMap(PeerCredentials.init(fileDescriptor:))
        if let peer, peer.pid != Int32(bitPattern: message.pid) {
            countRefusal(of: message.bundleID, from: app)
            return replyError(.pidMismatch, "register claims pid \(message.pid); the connection's peer is pid \(peer.pid)")
        }
        guard registry.makeRoom(for: message.bundleID) else {
            countRefusal(of: message.bundleID, from: app)
            return replyError(.registryFull, "springboard keeps at most \(registry.capacity) apps, all live")
        }
        if let previous = registry.record(bundleID: message.bundleID) {
            // A re-registration ends the old session: what it had queued or in flight is undelivered (counted
            // in its record by `register`), and the gesture it owned is over.
            router.takeGesture(from: previous)
        }
        let app = registry.register(
            bundleID: message.bundleID, connection: identity.bytes, displayName: message.displayName, pid: message.pid,
            heartbeatInterval: UInt64(message.heartbeatIntervalMilliseconds) * 1_000_000, now: time)
        app.verifiedPid = peer?.pid
        app.tracesCalls = message.tracesCalls
        app.readsAlone = message.readsAlone
        counters.registrations &+= 1
        router.refreshHomeIcons()
        let visibility: AppVisibility = registry.foreground === app ? .foreground : .background
        delivery.sendToApp(
            app,
            RegisteredMessage(
                session: app.session, ackTimeoutMilliseconds: configuration.ackTimeoutMilliseconds,
                heartbeatIntervalMilliseconds: message.heartbeatIntervalMilliseconds,
                visibility: visibility
            ).encoded())
        log.verboseInfo("registered \(app.bundleID) pid \(app.pid) session \(app.session)")
    }

    /// A refused `register` claiming `bundleID`, from a connection whose own record (if any) is `app`. A claim on
    /// a live app that another connection owns is that app's (its row's `registrationsRefused`, whichever check
    /// refused it: a launched app's impostor fails the launch secret before it ever meets the owner check); any
    /// other refusal is no app's. The `stats` total is both.
    private func countRefusal(of bundleID: String, from app: AppRecord?) {
        if let owner = registry.record(bundleID: bundleID), owner !== app, owner.isReachable {
            owner.counters.registrationsRefused &+= 1
        } else {
            counters.registrationsRefusedUnowned &+= 1
        }
    }
}

/// The per-launch secrets springboard checks at registration (`--launch-secrets FILE`): one `BUNDLE_ID HEX`
/// line per app its launcher started (64 hex digits; `#` lines are comments). A registration for a listed
/// bundle id must carry that secret (`launchSecretMismatch` otherwise); unlisted bundle ids register as before.
public struct LaunchSecrets: Sendable, Equatable {
    var secrets: [String: [UInt8]] = [:]

    public init() {}

    public init(contentsOf path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            guard words.count == 2, let secret = LaunchSecret.parse(words[1]) else {
                throw AuthorizedKeysError(path: path, line: number + 1, reason: "expected `BUNDLE_ID` and 64 hex digits")
            }
            secrets[first] = secret
        }
    }

    /// nil: no secret is required for `bundleID`; else whether `presented` is its secret (compared in
    /// constant time).
    func accepts(_ presented: [UInt8]?, for bundleID: String) -> Bool? {
        guard let expected = secrets[bundleID] else { return nil }
        return LaunchSecret.matches(presented, expected)
    }
}

/// The kernel's word on who is at the other end of a Unix-domain (ipc) connection: `SO_PEERCRED`, taken when
/// the peer connected, so a process cannot claim another's pid. nil for tcp (CURVE proves identity there).
struct PeerCredentials: Equatable, Sendable {
    var pid: Int32
    var uid: UInt32

    init?(fileDescriptor fd: Int32) {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (Glibc hides it behind _GNU_SOURCE).
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, credentials.0 > 0 else { return nil }
        pid = credentials.0
        uid = credentials.1
    }
}
