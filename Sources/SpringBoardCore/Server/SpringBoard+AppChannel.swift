import AppChannel
import Foundation
import ZeroMQ

// The app channel's source1: registrations, acks, heartbeats, goodbyes, connect probes.
extension SpringBoard {
    func drainAppChannel() {
        var budget = configuration.eventBatch
        while budget > 0 {
            budget -= 1
            do {
                guard try appSocket.receive(into: appIdentity, dontWait: true) else { return }
                guard appIdentity.more else { continue }  // a ROUTER always prefixes the identity; be defensive
                _ = try appSocket.receive(into: appBody)
                var extra = 0
                while appBody.more {  // every app->SpringBoard message has exactly one body frame
                    _ = try appSocket.receive(into: appBody)
                    extra += 1
                }
                if extra > 0 {
                    replyError(.malformed, "expected 1 frame after the identity, found \(extra + 1)")
                    continue
                }
                handleAppMessage()
            } catch {
                logger.error("app channel: \(error)")
                return
            }
        }
    }

    private func handleAppMessage() {
        let time = now
        let app = appIdentity.withUnsafeBytes { registry.record(identity: $0) }
        // The hot path: a cumulative ack is read through a view, without decoding into values.
        if appBody.count > 5, appBody.withUnsafeBytes({ $0[5] }) == AppMessageType.acks.rawValue {
            guard let app, app.isRegistered else { return refuseUnregistered("acks") }
            do { try appBody.withUnsafeBytes { try handleAcks(AcksView(validating: $0), from: app, time: time) } } catch {
                replyError(.malformed, "\(error)")
            }
            return
        }
        if appBody.count == 0 {
            // ZMQ_PROBE_ROUTER: a connection opened. Ask it to register; nothing is kept for it until it does,
            // so connections that never register cost nothing.
            counters.channelProbes &+= 1
            replyToSender(AppChannelMessage.hello.encoded())
            return
        }
        let decoded: AppChannelMessage
        do { decoded = try appBody.withUnsafeBytes { try AppChannelMessage.decode($0) } } catch {
            replyError(.malformed, "\(error)")
            return
        }
        switch decoded {
        case .register(let message):
            handleRegister(message, from: app, time: time)
        case .ack(let ack):
            guard let app, app.isRegistered else { return refuseUnregistered("ack") }
            handleAck(ack, from: app, time: time)
        case .heartbeat:
            guard let app, app.isRegistered else { return refuseUnregistered("heartbeat") }
            app.lastHeardFrom = time
            app.counters.heartbeats &+= 1
            counters.heartbeats &+= 1
            if !app.isResponding, !ackOverdue(app, time: time) { markResponding(app) }
        case .goodbye:
            // Only the connection that registered the app can end it.
            guard let app else {
                counters.unregisteredMessages &+= 1
                return replyError(.notRegistered, "goodbye from a connection that registered no app")
            }
            appVanished(app, reason: "goodbye")
        case .location(let location):
            guard let app, app.isRegistered else { return refuseUnregistered("location") }
            answerViewRequest(location, from: app)
        case .acks:
            break  // handled above
        case .registered, .eventHeader, .state, .error, .hello, .ping, .locate:
            replyError(.malformed, "\(decoded) is a SpringBoard -> app message")
        }
    }

    /// A single ack: the same as a batch of one.
    private func handleAck(_ ack: AckMessage, from app: AppRecord, time: UInt64) {
        let entry = AcksMessage.Entry(
            appReceived: ack.appReceived, dispatchStarted: ack.dispatchStarted,
            dispatchFinished: ack.dispatchFinished, handled: ack.handled)
        settle(app, first: ack.deliverySequence, last: ack.deliverySequence, time: time) { _ in entry }
    }

    private func handleAcks(_ acks: AcksView, from app: AppRecord, time: UInt64) {
        settle(app, first: acks.firstSequence, last: acks.lastSequence, time: time) { acks.entry($0) }
    }

    /// Settles sequences `first...last` (and any older ones still waiting: their acks were lost), timing every
    /// hop of each from springboard's stamps and the app's.
    private func settle(_ app: AppRecord, first: UInt64, last: UInt64, time: UInt64, entry: (Int) -> AcksMessage.Entry) {
        app.lastHeardFrom = time
        counters.ackMessages &+= 1
        var lastSentAt: UInt64 = 0
        let settled = app.window.settle(through: last) { sent in
            lastSentAt = sent.sentAt
            counters.acks &+= 1
            app.counters.acked &+= 1
            guard sent.sequence >= first else {  // settled without stamps (their ack message was lost)
                counters.implicitAcks &+= 1
                return
            }
            let stamps = entry(Int(sent.sequence - first))
            if stamps.handled { app.counters.handled &+= 1 }
            if stamps.coalescedInApp { app.counters.coalescedInApp &+= 1 }
            record(.springBoardQueue, from: sent.routerReceived, to: sent.sentAt, app)
            record(.appQueue, from: stamps.appReceived, to: stamps.dispatchStarted, app)
            record(.dispatch, from: stamps.dispatchStarted, to: stamps.dispatchFinished, app)
            record(.ack, from: sent.sentAt, to: time, app)
            // Hops whose two stamps come from different processes: only when they share one host's clock.
            guard sharedClock else { return }
            record(.springBoardToApp, from: sent.sentAt, to: stamps.appReceived, app)
            record(.ackBack, from: stamps.dispatchFinished, to: time, app)
            record(.endToEnd, from: sent.hardware, to: stamps.dispatchFinished, app)
        }
        guard settled > 0 else {
            return replyError(.unexpectedAck, "ack for delivery sequences \(first)...\(last), not waiting")
        }
        app.windowSizer.noteAcks(settled, roundTrip: time &- lastSentAt, now: time)
        if !app.isResponding, !ackOverdue(app, time: time) { markResponding(app) }
        if !app.outbound.isEmpty { flushOutbound(app) }
    }

    /// Per app only: the all-apps figures are the apps' histograms added up when `stats` asks (half the
    /// recording work on the ack path).
    @inline(__always) private func record(_ hop: Hop, from start: UInt64, to end: UInt64, _ app: AppRecord) {
        app.counters.latency.record(hop, from: start, to: end)
    }

    /// A message that needs a registration, from a connection without one: counted, and told to register.
    private func refuseUnregistered(_ what: String) {
        counters.unregisteredMessages &+= 1
        replyError(.notRegistered, "\(what) from a connection that registered no app")
    }

    /// An error message back to the sender of the message being handled (identity still in `appIdentity`).
    func replyError(_ code: ChannelErrorMessage.Code, _ text: String) {
        replyToSender(ChannelErrorMessage(code: code, text: text).encoded())
        if configuration.verbose { logLimited("app channel: \(code): \(text)") }
    }

    /// A one-frame message back to the connection whose message is being handled.
    func replyToSender(_ body: [UInt8]) {
        do {
            let sent = try appIdentity.withUnsafeBytes { try appSocket.send($0, more: true, dontWait: true) }
            if sent { try appSocket.send(body) }
        } catch {
            if configuration.verbose { logger.warning("reply not sent: \(error)") }
        }
    }
}
