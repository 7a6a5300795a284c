import AppChannel
import Foundation
import RunLoopKit
import UIKitModel

// Messages to springboard. Acks are cumulative (one `acks` message per dispatch pass) and never dropped:
// when the channel pushes back they wait, in order, and go first on the next pass or retry timer.
extension AppHost {
    func register() {
        let message = RegisterMessage(
            bundleID: configuration.bundleID, displayName: configuration.displayName,
            pid: UInt32(getpid()), heartbeatIntervalMilliseconds: configuration.heartbeatIntervalMilliseconds,
            launchSecret: configuration.launchSecret, tracesCalls: tracesCalls, readsAlone: true)
        sendOrLog(message.encoded(), what: "register")
    }

    /// What the registration tells springboard (and `hid-source load`): the trace goes somewhere and a view or
    /// recognizer of the scene logs its calls, so every touch is written out as it is dispatched.
    var tracesCalls: Bool {
        let written = configuration.traceToStdout || configuration.traceFile != nil || configuration.traceEndpoint != nil
        guard written else { return false }
        func logs(_ view: UIView) -> Bool {
            !view.logGroups.isEmpty || (view.gestureRecognizers ?? []).contains { !$0.logGroups.isEmpty }
                || view.subviews.contains(where: logs)
        }
        return application.windows.contains(where: logs)
    }

    /// Runs after UIKit's source0 in the same pass: every pending event has been through `sendEvent`, and
    /// the dispatcher's report says when, by delivery token. One message covers each run of consecutive
    /// sequences (normally the whole pass).
    func sendAcks() {
        dispatcher.takeDispatched(into: &dispatchReport)
        // With a display, only what a frame dispatched is acknowledged: events read since wait for their frame.
        var limit = pending.count
        if application.unretainedDisplay != nil {
            let lastToken = dispatchReport.last?.delivery ?? 0
            limit = pending.firstIndex { $0.handled && $0.token > lastToken } ?? pending.count
        }
        guard limit > 0 else { return flushAcks() }
        // The clock is read only when needed (a timeline, or an event UIKit has not dispatched yet): ~95 instructions
        // an event. A lazily read local captured by the closures below was boxed: an allocation an event.
        if let timeline { timeline.acked(pending[..<limit].map(\.sequence), at: runLoop.clock.now) }
        // Both lists are in token order and the report holds only tokens of events UIKit got, so one walk
        // matches them; a report entry with no pending event (a session reset) is passed over.
        var report = 0
        var index = 0
        while index < limit {
            let start = index, first = pending[index].sequence
            var count = 1
            while start + count < limit, pending[start + count].sequence == first &+ UInt64(count),
                count < AcksMessage.maxCount
            {
                count += 1
            }
            AcksMessage.write(firstSequence: first, count: count, into: &ackScratch) { offset in
                let entry = pending[start + offset]
                while report < dispatchReport.count, dispatchReport[report].delivery < entry.token { report += 1 }
                return ackEntry(for: entry, report: report)
            }
            index += count
            queueAck(ackScratch)
        }
        // Emptied by popping (a pass acknowledges a few events): `removeAll(keepingCapacity:)` went through the general
        // `replaceSubrange`, ~80 instructions a pass (issue 27).
        if limit == pending.count {
            while !pending.isEmpty { pending.removeLast() }
        } else {
            pending.removeFirst(limit)
        }
        flushAcks()
    }

    /// One event's ack entry: its dispatch times from UIKit's report (`report` is the first entry not before
    /// its token). An event that never reached UIKit has its receive time for both; one UIKit has not
    /// dispatched yet (a nested run of the loop) is acknowledged as dispatched now.
    private func ackEntry(for entry: PendingAck, report: Int) -> AcksMessage.Entry {
        guard entry.handled else {
            return AcksMessage.Entry(
                appReceived: entry.appReceived, dispatchStarted: entry.appReceived, dispatchFinished: entry.appReceived,
                handled: false)
        }
        guard report < dispatchReport.count, dispatchReport[report].delivery == entry.token else {
            let now = runLoop.clock.now
            return AcksMessage.Entry(appReceived: entry.appReceived, dispatchStarted: now, dispatchFinished: now)
        }
        let dispatched = dispatchReport[report]
        return AcksMessage.Entry(
            appReceived: entry.appReceived, dispatchStarted: dispatched.started, dispatchFinished: dispatched.finished,
            coalescedInApp: dispatched.coalesced)
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
        // Nearly every pass: nothing waits and no timer is armed.
        if unsentAcks.isEmpty, ackRetryTimer == nil { return }
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

    /// The heartbeat timer's callout: a heartbeat, unless an ack message went out since the last tick. springboard hears
    /// an app by any message that arrives from it (an ack message that settles events refreshes its liveness as a
    /// heartbeat does), so the heartbeat of an app that acknowledged within the interval told it nothing new; the
    /// longest silence of a busy app stays under two intervals, below the missed heartbeats springboard allows
    /// (protocols/app-channel.md, `heartbeat`). An idle or stuck app is judged exactly as before. At 20 frames a
    /// second a heartbeat was ~1.8 of the app's ~30 system calls a frame, both threads (issue 27).
    func heartbeatTick() {
        if ackMessagesSent != ackMessagesAtLastHeartbeatTick {
            ackMessagesAtLastHeartbeatTick = ackMessagesSent
            heartbeatsSkipped &+= 1
            return
        }
        sendHeartbeat()
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
