import AppChannel
import Foundation

// Registration: who may speak for an app. The connection that registers a bundle id owns it. The checks: the
// CURVE key's bundle id, the launch secret, the connection's own earlier registration, a live owner elsewhere,
// the kernel's pid (ipc), room in the registry.
extension AppChannelServer {
    func handleRegister(_ message: RegisterMessage, from app: AppRecord?, time: UInt64) {
        // Under CURVE the connection's key is bound to one bundle id (the ZAP handler's user id): proven, not claimed.
        if configuration.authorizedKeys != nil, let keyFor = body.property("User-Id"), keyFor != message.bundleID {
            counters.registrationsRefusedUnowned &+= 1
            return replyError(.bundleIDMismatch, "this connection's key is for \(keyFor), not \(message.bundleID)")
        }
        if configuration.launchSecrets.accepts(message.launchSecret, for: message.bundleID) == false {
            counters.registrationsRefusedUnowned &+= 1
            log.limited("refused a registration of \(message.bundleID) without its launch secret (claimed pid \(message.pid))")
            return replyError(.launchSecretMismatch, "\(message.bundleID) must present the secret its launcher handed it")
        }
        if let launched = launcher?.expected(message.bundleID) {
            // springboard launched it: only that process, with that launch's secret, is the app.
            let peer = body.sourceFileDescriptor.flatMap(PeerCredentials.init(fileDescriptor:))
            guard LaunchSecret.matches(message.launchSecret, launched.secret), peer.map({ $0.pid == launched.pid }) ?? true
            else {
                counters.registrationsRefusedUnowned &+= 1
                log.limited("refused a registration of \(message.bundleID): not the process springboard launched")
                return replyError(
                    .launchSecretMismatch, "\(message.bundleID) is launched by springboard; this is not that launch")
            }
        }
        if let app, app.bundleID != message.bundleID {
            counters.registrationsRefusedUnowned &+= 1
            return replyError(.bundleIDMismatch, "this connection registered \(app.bundleID), not \(message.bundleID)")
        }
        if let owner = registry.record(bundleID: message.bundleID), owner !== app, owner.isReachable, liveness.ping(owner) {
            // A second connection claims a live app (the ping proved the owner's connection still routes): refused,
            // never a takeover. A restarted app whose old connection is gone finds its record dead instead.
            owner.counters.registrationsRefused &+= 1
            log.limited("refused a second connection registering \(message.bundleID) (claimed pid \(message.pid))")
            return replyError(.bundleIDInUse, "\(message.bundleID) is registered by another live connection")
        }
        // Over ipc the kernel says who connected: a registration cannot claim another process's pid.
        let peer = body.sourceFileDescriptor.flatMap(PeerCredentials.init(fileDescriptor:))
        if let peer, peer.pid != Int32(bitPattern: message.pid) {
            counters.registrationsRefusedUnowned &+= 1
            return replyError(.pidMismatch, "register claims pid \(message.pid); the connection's peer is pid \(peer.pid)")
        }
        guard registry.makeRoom(for: message.bundleID) else {
            counters.registrationsRefusedUnowned &+= 1
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
}
