import AppChannel
import Foundation
import HIDEvent
import ZeroMQ

// Sending events to apps: the same bytes that came in, when the app keeps up; a bounded copy when it does not.
extension SpringBoard {
    /// Forwards the event port's current frame (in `eventMessage`) to `app`.
    func forward(_ raw: UnsafeMutableRawBufferPointer, to app: AppRecord, isMoveOnly: Bool) {
        guard app.isReachable else {
            app.counters.drops.add(.appDead)
            counters.drops.add(.appDead)
            return
        }
        counters.routedToApp &+= 1
        if app.outbound.isEmpty && !app.window.isFull {
            switch sendEvent(to: app, synthesized: false, body: .message) {
            case .sent, .failed: return
            case .wouldBlock: break
            }
        }
        enqueue(UnsafeRawBufferPointer(raw), to: app, synthesized: false, isMoveOnly: isMoveOnly)
    }

    /// Sends bytes SpringBoard owns (a synthesized cancel): queued behind anything already waiting.
    func forwardCopy(_ raw: UnsafeMutableRawBufferPointer, to app: AppRecord, synthesized: Bool, isMoveOnly: Bool) {
        if app.outbound.isEmpty && !app.window.isFull {
            switch sendEvent(to: app, synthesized: synthesized, body: .bytes(raw)) {
            case .sent, .failed: return
            case .wouldBlock: break
            }
        }
        enqueue(UnsafeRawBufferPointer(raw), to: app, synthesized: synthesized, isMoveOnly: isMoveOnly)
    }

    private func enqueue(_ bytes: UnsafeRawBufferPointer, to app: AppRecord, synthesized: Bool, isMoveOnly: Bool) {
        // Android: downs and ups are never dropped; when the queue is full the oldest move goes first.
        if app.outbound.isFull {
            if isMoveOnly || !app.outbound.evictOldestMove() {
                app.counters.drops.add(.queueFull)
                counters.drops.add(.queueFull)
                return
            }
            app.counters.drops.add(.queueFull)
            counters.drops.add(.queueFull)
        }
        app.outbound.push(bytes, synthesized: synthesized, isMoveOnly: isMoveOnly)
    }

    enum EventBody {
        /// `eventMessage`, handed to libzmq without a copy.
        case message
        case bytes(UnsafeMutableRawBufferPointer)
    }

    enum SendResult { case sent, wouldBlock, failed }

    /// One `event` message: [identity][24-byte header][HID bytes], routerForwarded stamped just before.
    func sendEvent(to app: AppRecord, synthesized: Bool, body: EventBody) -> SendResult {
        let sequence = app.nextDeliverySequence
        EventHeader(deliverySequence: sequence, flags: synthesized ? .synthesized : []).encode(into: headerBuffer)
        let time = now
        do {
            // Only the first frame can hit the high-water mark; the rest of the message then always goes.
            guard try appSocket.send(app.identity, more: true, dontWait: true) else { return .wouldBlock }
            try appSocket.send(UnsafeRawBufferPointer(headerBuffer), more: true)
            switch body {
            case .message:
                eventMessage.withUnsafeMutableBytes { _ = HIDMessageView.stamp(.routerForwarded, time, in: $0) }
                try appSocket.send(eventMessage)
            case .bytes(let raw):
                HIDMessageView.stamp(.routerForwarded, time, in: raw)
                try appSocket.send(UnsafeRawBufferPointer(raw))
            }
        } catch let error as ZMQError where error.code == EHOSTUNREACH {
            app.counters.drops.add(.sendFailed)
            counters.drops.add(.sendFailed)
            appVanished(app, reason: "EHOSTUNREACH on send")
            return .failed
        } catch {
            app.counters.drops.add(.sendFailed)
            counters.drops.add(.sendFailed)
            logger.error("send to \(app.bundleID): \(error)")
            return .failed
        }
        app.nextDeliverySequence = sequence + 1
        app.window.push(sequence: sequence, sentAt: time)
        app.counters.sent &+= 1
        return .sent
    }

    /// Moves queued events into the ack window while it has room and the socket takes them.
    func flushOutbound(_ app: AppRecord) {
        var buffer = flushScratch
        flushScratch = []
        defer { flushScratch = buffer }
        while app.isReachable, !app.window.isFull {
            guard let flags = app.outbound.popFirst(swappingInto: &buffer) else { return }
            let result = buffer.withUnsafeMutableBytes { sendEvent(to: app, synthesized: flags.synthesized, body: .bytes($0)) }
            if case .wouldBlock = result {
                app.outbound.pushFront(swappingFrom: &buffer, synthesized: flags.synthesized, isMoveOnly: flags.isMoveOnly)
                return
            }
        }
    }

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
