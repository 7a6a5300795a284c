import AppChannel
import Foundation
import RunLoopKit

// Messages to springboard. Acks are cumulative (one `acks` message per dispatch pass) and never dropped:
// when the channel pushes back they wait, in order, and go first on the next pass or retry timer.
extension AppHost {
    func register() {
        let message = RegisterMessage(
            bundleID: configuration.bundleID, displayName: configuration.displayName,
            pid: UInt32(getpid()), heartbeatIntervalMilliseconds: configuration.heartbeatIntervalMilliseconds,
            launchSecret: configuration.launchSecret)
        sendOrLog(message.encoded(), what: "register")
    }

    /// UIKit's dispatcher is about to send one event standing for the next `messages` received events (more
    /// than one when it coalesced queued moves).
    func willDispatch(_ messages: Int) {
        let now = runLoop.clock.now
        var index = dispatched
        for _ in 0..<messages {
            while index < pending.count, !pending[index].handled { index += 1 }  // never reached UIKit
            guard index < pending.count else { return }
            pending[index].dispatchStarted = now
            index += 1
        }
    }

    /// `sendEvent` returned for them; all but the last were coalesced into it.
    func didDispatch(_ messages: Int) {
        let now = runLoop.clock.now
        for message in 0..<messages {
            while dispatched < pending.count, !pending[dispatched].handled { dispatched += 1 }
            guard dispatched < pending.count else { return }
            pending[dispatched].dispatchFinished = now
            pending[dispatched].coalescedInApp = message < messages - 1
            dispatched += 1
        }
    }

    /// Runs after UIKit's source0 in the same pass: every pending event has been through `sendEvent`. One
    /// message covers each run of consecutive sequences (normally the whole pass).
    func sendAcks() {
        let time = runLoop.clock.now
        pending.removeAll { $0.isLocal }  // the app's own cancels: nothing to acknowledge
        timeline?.acked(pending.map(\.sequence), at: time)
        var index = 0
        while index < pending.count {
            let first = pending[index].sequence
            AcksMessage.begin(&ackScratch, firstSequence: first)
            var count = 0
            while index < pending.count, pending[index].sequence == first &+ UInt64(count), count < AcksMessage.maxCount {
                let entry = pending[index]
                AcksMessage.append(
                    AcksMessage.Entry(
                        appReceived: entry.appReceived,
                        dispatchStarted: entry.dispatchStarted == 0 ? time : entry.dispatchStarted,
                        dispatchFinished: entry.dispatchFinished == 0 ? time : entry.dispatchFinished, handled: entry.handled,
                        coalescedInApp: entry.coalescedInApp),
                    to: &ackScratch)
                index += 1
                count += 1
            }
            queueAck(ackScratch)
        }
        pending.removeAll(keepingCapacity: true)
        dispatched = 0
        flushAcks()
    }

    private func queueAck(_ bytes: [UInt8]) {
        if unsentAcks.isEmpty, trySend(bytes) {
            ackMessagesSent &+= 1
            return
        }
        unsentAcks.append(bytes)
    }

    /// Sends the acks the channel refused before, oldest first; arms a retry timer while any remain.
    func flushAcks() {
        var sent = 0
        while sent < unsentAcks.count, trySend(unsentAcks[sent]) { sent += 1 }
        ackMessagesSent &+= UInt64(sent)
        unsentAcks.removeFirst(sent)
        if unsentAcks.isEmpty {
            ackRetryTimer?.invalidate()
            ackRetryTimer = nil
        } else if ackRetryTimer == nil {
            ackSendsDeferred &+= 1
            logger.info("app channel full: \(unsentAcks.count) ack message(s) wait for the next pass")
            let timer = RunLoopTimer(fireAt: runLoop.clock.now + 1_000_000, interval: 1_000_000) { [unowned self] _ in flushAcks()
            }
            ackRetryTimer = timer
            runLoop.add(timer, mode: .common)
        }
    }

    func sendHeartbeat() {
        heartbeats &+= 1
        sendOrLog(HeartbeatMessage(counter: heartbeats, appTime: runLoop.clock.now).encoded(), what: "heartbeat")
    }

    /// A non-blocking send: a DEALER blocks at its high-water mark, and the main thread must never stall
    /// for the channel. False when the channel pushed back.
    func trySend(_ bytes: [UInt8]) -> Bool {
        do { return try socket.send(bytes, dontWait: true) } catch {
            logger.info("app channel send: \(error)")
            return false
        }
    }

    /// Heartbeats and registrations are re-sent by their own timers and flows: one that finds the channel
    /// full is counted and logged, not queued.
    func sendOrLog(_ bytes: [UInt8], what: String) {
        if !trySend(bytes) {
            controlMessagesDeferred &+= 1
            logger.info("app channel full: \(what) not sent")
        }
    }
}
