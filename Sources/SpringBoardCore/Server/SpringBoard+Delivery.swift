import AppChannel
import Foundation
import HIDEvent
import ZeroMQ

// Sending events to apps: the same bytes that came in when the app keeps up; a bounded, coalescing queue
// when it does not (protocols/app-channel.md, "Events" and "Overload").
extension SpringBoard {
    /// What a frame is to the overload policy.
    enum FrameKind {
        /// A digitizer frame in which no finger begins or lifts: may be coalesced.
        case move
        /// A digitizer frame in which a finger begins or lifts: never dropped while the app is served.
        case touchChange
        /// A button or motion event: never dropped while the app is served.
        case other
        /// A cancel springboard made: never dropped while the app is served.
        case synthesizedCancel
    }

    /// Routes the event port's current frame (in `eventMessage`, bytes `raw`, already validated as `view`)
    /// to `app`.
    func forward(_ raw: UnsafeMutableRawBufferPointer, _ view: HIDMessageView, to app: AppRecord, kind: FrameKind) {
        // Routed, then delivered, queued or dropped: each app's counters add up (routed = samplesSent +
        // queuedSamples + drops).
        counters.routedToApp &+= 1
        app.counters.routed &+= 1
        guard app.isReachable else {
            app.counters.drops.add(.appDead)
            counters.drops.add(.appDead)
            return
        }
        guard app.isResponding else {
            // Not responding has a consequence: nothing more is queued for it (the staleness bound: what it gets
            // when it comes back is at most what was already in flight), and the gesture this frame belongs to is
            // taken from it, so it never sees the rest of a gesture whose start it missed.
            app.counters.drops.add(.notResponding)
            counters.drops.add(.notResponding)
            if latch.target.isApp(app) { latch.retarget(.cancelled) }
            return
        }
        if app.outbound.isEmpty && windowHasRoom(app) {
            switch sendEvent(to: app, body: .message(view), kind: kind) {
            case .sent, .failed: return
            case .wouldBlock: break
            }
        }
        enqueue(raw, to: app, kind: kind)
        if app.outbound.count >= pauseThreshold { pauseEventPort(for: app) }
    }

    /// Sends bytes SpringBoard owns (a synthesized cancel): queued behind anything already waiting.
    func forwardCancel(_ raw: UnsafeMutableRawBufferPointer, to app: AppRecord) {
        if app.outbound.isEmpty && windowHasRoom(app) {
            switch sendEvent(to: app, body: .bytes(raw, history: nil), kind: .synthesizedCancel) {
            case .sent, .failed: return
            case .wouldBlock: break
            }
        }
        enqueue(raw, to: app, kind: .synthesizedCancel)
    }

    /// The overload policy (Android's InputDispatcher): moves are coalesced into the last queued move; downs,
    /// ups, buttons and cancels queue. The queue is never cut short: when it reaches its bound springboard
    /// stops reading the event port (`forward`), as Android's dispatcher waits for a window that is not
    /// ready, and gives up only on an app that stops responding.
    private func enqueue(_ raw: UnsafeMutableRawBufferPointer, to app: AppRecord, kind: FrameKind) {
        // Backpressure mode slows the source down instead: nothing is coalesced.
        if kind == .move, configuration.overload == .shed, app.outbound.coalesce(raw, limit: configuration.coalesceLimit) {
            return
        }
        app.outbound.push(UnsafeRawBufferPointer(raw), synthesized: kind == .synthesizedCancel, isMoveOnly: kind == .move)
    }

    /// springboard stops serving the backlog of an app that stopped responding: what is queued is dropped
    /// (counted under `reason`), the
    /// gesture it owns is taken from it (the rest is `gestureCancelled`), and it is sent one cancel for every
    /// finger it has down in the stream as sent, so what it sees stays a consistent touch stream (Android:
    /// `synthesizeCancelationEventsForConnectionLocked`). Events already in flight stay in flight.
    func giveUp(on app: AppRecord, reason: DropReason) {
        let dropped = app.outbound.removeAll()
        app.counters.drops.add(reason, dropped)
        counters.drops.add(reason, dropped)
        let needsCancel = !app.sentTouches.isEmpty
        let ownedGesture = latch.target.isApp(app)
        guard dropped > 0 || needsCancel || ownedGesture else { return }
        app.counters.giveUps &+= 1
        counters.giveUps &+= 1
        if ownedGesture { latch.retarget(.cancelled) }
        if needsCancel { sendCancel(to: app, touches: app.sentTouches) }
        logger.warning(
            "gave up on \(app.bundleID) (\(reason.name)): \(dropped) queued frame(s) dropped\(needsCancel ? ", its \(app.sentTouches.count) live touch(es) cancelled" : "")"
        )
        resumeEventPortIfPossible()
    }

    enum EventBody {
        /// `eventMessage`, handed to libzmq without a copy, and its view (validated when it was read).
        case message(HIDMessageView)
        /// Bytes springboard owns, and the coalesced samples that travel with them.
        case bytes(UnsafeMutableRawBufferPointer, history: UnsafeRawBufferPointer?)
    }

    enum SendResult { case sent, wouldBlock, failed }

    /// One `event` message: [identity][24-byte header + HID bytes + (when moves were coalesced into it) the older
    /// samples]. routerForwarded is stamped just before the send.
    func sendEvent(to app: AppRecord, body: EventBody, kind: FrameKind, historyCount: Int = 0) -> SendResult {
        let sequence = app.nextDeliverySequence
        var flags: EventHeader.Flags = kind == .synthesizedCancel ? .synthesized : []
        if historyCount > 0 { flags.insert(.coalesced) }
        let time = now
        var entry = AckWindow.Entry(sequence: sequence, sentAt: time)
        do {
            // Only the first frame can hit the high-water mark; the rest of the message then always goes.
            guard try appSocket.send(app.identity, more: true, dontWait: true) else { return .wouldBlock }
            // One frame (protocols/app-channel.md, `event`): the header, the HID message, any samples.
            let header = EventHeader(deliverySequence: sequence, flags: flags)
            switch body {
            case .message(let view):
                try eventMessage.withUnsafeMutableBytes { raw in
                    HIDMessageView.stamp(.routerForwarded, time, in: raw)
                    noteSent(view, to: app, entry: &entry)
                    try sendEventFrame(header, UnsafeRawBufferPointer(raw), history: nil)
                }
            case .bytes(let raw, let history):
                HIDMessageView.stamp(.routerForwarded, time, in: raw)
                // The slow path (queued or synthesized bytes): validated here, once per send.
                if let view = try? HIDMessageView(validating: UnsafeRawBufferPointer(raw)) {
                    noteSent(view, to: app, entry: &entry)
                }
                try sendEventFrame(header, UnsafeRawBufferPointer(raw), history: history)
            }
        } catch let error as ZMQError where error.code == EHOSTUNREACH {
            countSendFailure(app, samples: kind == .synthesizedCancel ? 0 : UInt64(1 + historyCount))
            appVanished(app, reason: "EHOSTUNREACH on send")
            return .failed
        } catch {
            countSendFailure(app, samples: kind == .synthesizedCancel ? 0 : UInt64(1 + historyCount))
            logger.error("send to \(app.bundleID): \(error)")
            return .failed
        }
        app.nextDeliverySequence = sequence + 1
        app.window.push(entry)
        app.counters.sent &+= 1
        if kind != .synthesizedCancel { app.counters.samplesSent &+= UInt64(1 + historyCount) }
        // Counted when they reach the socket, so a coalesced sample is never both delivered and dropped.
        app.counters.coalescedSamples &+= UInt64(historyCount)
        counters.coalescedSamples &+= UInt64(historyCount)
        return .sent
    }

    /// The event's one frame, written straight into a libzmq message (one copy of the HID bytes, which libzmq
    /// then owns and sends).
    private func sendEventFrame(
        _ header: EventHeader, _ message: UnsafeRawBufferPointer, history: UnsafeRawBufferPointer?
    )
        throws
    {
        let historyCount = history?.count ?? 0
        try eventFrame.reset(size: EventHeader.size + message.count + historyCount)
        eventFrame.withUnsafeMutableBytes { frame in
            header.encode(into: frame)
            UnsafeMutableRawBufferPointer(rebasing: frame[EventHeader.size...]).copyMemory(from: message)
            if let history {
                UnsafeMutableRawBufferPointer(rebasing: frame[(EventHeader.size + message.count)...]).copyMemory(from: history)
            }
        }
        try appSocket.send(eventFrame)
    }

    private func countSendFailure(_ app: AppRecord, samples: UInt64) {
        app.counters.drops.add(.sendFailed, samples)
        counters.drops.add(.sendFailed, samples)
    }

    /// The frame is about to reach the app's socket: keep its stamps for the ack, and follow (and verify)
    /// the stream as the app will see it.
    private func noteSent(_ view: HIDMessageView, to app: AppRecord, entry: inout AckWindow.Entry) {
        entry.hardware = view.timestamp(.hardware)
        entry.routerReceived = view.timestamp(.routerReceived)
        guard view.kind == .digitizer else { return }
        do { try app.sentStream.verify(view) } catch {
            counters.outgoingStreamErrors &+= 1
            logger.error("stream to \(app.bundleID) would be inconsistent: \(error)")
        }
        for finger in view.fingers {
            app.sentTouches.apply(TouchSample(index: finger.transducerIndex, phase: finger.phase, x: finger.x, y: finger.y))
        }
    }

    /// Moves queued events into the ack window while it has room and the socket takes them.
    func flushOutbound(_ app: AppRecord) {
        var buffer = flushScratch, history = flushHistoryScratch
        flushScratch = []
        flushHistoryScratch = []
        defer {
            flushScratch = buffer
            flushHistoryScratch = history
        }
        while app.isReachable, windowHasRoom(app) {
            guard let flags = app.outbound.popFirst(swappingInto: &buffer, history: &history) else { break }
            let kind: FrameKind = flags.synthesized ? .synthesizedCancel : flags.isMoveOnly ? .move : .touchChange
            let result = buffer.withUnsafeMutableBytes { raw in
                history.withUnsafeBytes { samples in
                    sendEvent(
                        to: app, body: .bytes(raw, history: flags.historyCount > 0 ? samples : nil), kind: kind,
                        historyCount: flags.historyCount)
                }
            }
            if case .wouldBlock = result {
                app.outbound.pushFront(swappingFrom: &buffer, history: &history, flags: flags)
                break
            }
        }
        resumeEventPortIfPossible()
    }

    /// Whether `app` can take one more event in flight (the window is sized in shed mode only).
    func windowHasRoom(_ app: AppRecord) -> Bool { app.windowHasRoom(sized: configuration.overload == .shed) }

    /// A single-frame control message to an app ([identity][body]); false if it could not be sent.
    @discardableResult
    func sendToApp(_ app: AppRecord, _ body: [UInt8]) -> Bool {
        do {
            guard try appSocket.send(app.identity, more: true, dontWait: true) else { return false }
            try appSocket.send(body)
            return true
        } catch let error as ZMQError where error.code == EHOSTUNREACH {
            appVanished(app, reason: "EHOSTUNREACH on send")
            return false
        } catch {
            logger.error("send to \(app.bundleID): \(error)")
            return false
        }
    }

    func sendState(_ visibility: AppVisibility, to app: AppRecord) {
        sendToApp(app, StateMessage(visibility: visibility).encoded())
    }
}
