import AppChannel
import ControlProtocol
import Foundation
import HIDEvent
import Logging
import RunLoopKit
import ZeroMQ

/// Sending to apps: the same bytes that came in when the app keeps up; a bounded, coalescing queue when it
/// does not (protocols/app-channel.md, "Events" and "Overload"). Owns the app socket's send side, the
/// overload mode, and whether the event port is read (backpressure).
///
/// Pausing the event port. Backpressure mode: instead of coalescing, springboard stops reading the event port
/// while the app it routes to has `backpressureQueue` frames waiting; shed mode does the same when the queue
/// is full of what cannot be coalesced. The PULL socket's queue fills, then the source's PUSH blocks at its
/// high-water mark, and the source slows to what the app sustains. CF's way to stop listening to a port is to
/// take its source out of the run loop (CFRunLoopRemoveSource); it goes back when the queue is down to half.
/// Keeping that much queued (not pausing at the first queued frame) means an ack always finds frames ready to
/// send: the app never waits for springboard to read the event port again.
final class AppDelivery {
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

    enum EventBody {
        /// The event port's message, its HID bytes (`raw`, inside the message) and their view (validated when it was
        /// read). `inPlace`: the message has the event room right in front of `raw`; the header is written there and
        /// the message itself is sent (no copy, nothing allocated: libzmq's received message is a slice of its receive
        /// buffer). Otherwise the HID bytes are copied into a new message behind the header.
        case message(ZMQMessage, UnsafeMutableRawBufferPointer, HIDMessageView, inPlace: Bool)
        /// Bytes springboard owns, and the coalesced samples that travel with them.
        case bytes(UnsafeMutableRawBufferPointer, history: UnsafeRawBufferPointer?)
    }

    enum SendResult { case sent, wouldBlock, failed }

    /// What became of a frame handed to `forward`.
    enum Outcome {
        /// Sent, queued or coalesced (or lost to a failed send, counted).
        case taken
        /// Dropped: the app is not responding (the caller takes the gesture from it).
        case notResponding
        /// Dropped: the app is gone.
        case appDead
    }

    /// Backpressure or shed; `sbctl overload` changes it.
    @exclusivity(unchecked)
    private(set) var overload: OverloadMode
    private let socket: ZMQSocket
    private let clock: RunLoopClock
    private let log: SpringBoardLog
    private let counters: SpringBoardCounters
    private let coalesceLimit: Int
    private let backpressureQueue: Int
    private let outboundCapacity: Int
    /// An `event` message's one frame, assembled for each send.
    private let eventFrame = ZMQMessage()
    /// Spare buffers swapped with outbound-queue slots while they are sent.
    @exclusivity(unchecked)
    private var flushScratch: [UInt8] = []
    @exclusivity(unchecked)
    private var flushHistoryScratch: [UInt8] = []
    /// The event port's source1 and its loop: out of the loop while paused.
    @exclusivity(unchecked)
    private var eventPort: EventPortSource?
    /// The app whose backlog paused the event port, while it is paused.
    @exclusivity(unchecked)
    private var pausedFor: AppRecord?
    /// A send found the app's connection gone (EHOSTUNREACH): the app is dead (set by springboard).
    @exclusivity(unchecked)
    var onVanished: (AppRecord, String) -> Void = { _, _ in }
    /// The event port stopped (true) or started again (false) being read: the source table's liveness clock
    /// (set by springboard).
    @exclusivity(unchecked)
    var onEventPortPaused: (Bool) -> Void = { _ in }

    init(
        socket: ZMQSocket, configuration: SpringBoardConfiguration, clock: RunLoopClock, log: SpringBoardLog,
        counters: SpringBoardCounters
    ) {
        self.socket = socket
        self.overload = configuration.overload
        self.coalesceLimit = configuration.coalesceLimit
        self.backpressureQueue = configuration.backpressureQueue
        self.outboundCapacity = configuration.outboundCapacity
        self.clock = clock
        self.log = log
        self.counters = counters
    }

    // MARK: Events

    /// Routes a frame read off the event port (`message`, bytes `raw`, already validated as `view`) to `app`.
    /// Routed, then delivered, queued or dropped: each app's counters add up (routed = samplesSent +
    /// queuedSamples + drops).
    func forward(
        _ message: ZMQMessage, _ raw: UnsafeMutableRawBufferPointer, _ view: HIDMessageView, inPlace: Bool, to app: AppRecord,
        kind: FrameKind
    ) -> Outcome {
        app.counters.routed &+= 1
        guard app.isReachable else {
            app.counters.drops.add(.appDead)
            return .appDead
        }
        guard app.isResponding else {
            // Not responding has a consequence: nothing more is queued for it (the staleness bound: what it gets
            // when it comes back is at most what was already in flight), and the gesture this frame belongs to is
            // taken from it (by the caller), so it never sees the rest of a gesture whose start it missed.
            app.counters.drops.add(.notResponding)
            return .notResponding
        }
        if app.outbound.isEmpty && windowHasRoom(app) {
            switch sendEvent(to: app, body: .message(message, raw, view, inPlace: inPlace), kind: kind) {
            case .sent, .failed: return .taken
            case .wouldBlock: break
            }
        }
        enqueue(raw, to: app, kind: kind)
        if app.outbound.count >= pauseThreshold { pauseEventPort(for: app) }
        return .taken
    }

    /// Sends bytes springboard owns (a synthesized cancel): queued behind anything already waiting.
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
        if kind == .move, overload == .shed, app.outbound.coalesce(raw, limit: coalesceLimit) {
            return
        }
        app.outbound.push(UnsafeRawBufferPointer(raw), synthesized: kind == .synthesizedCancel, isMoveOnly: kind == .move)
    }

    /// Drops what waits for `app` (counted under `reason`) and returns how many routed frames that was.
    func dropBacklog(of app: AppRecord, reason: DropReason) -> UInt64 {
        let dropped = app.outbound.removeAll()
        app.counters.drops.add(reason, dropped)
        resumeEventPortIfPossible()
        return dropped
    }

    /// One `event` message: [identity][24-byte header + HID bytes + (when moves were coalesced into it) the older
    /// samples]. routerForwarded is stamped just before the send.
    private func sendEvent(to app: AppRecord, body: EventBody, kind: FrameKind, historyCount: Int = 0) -> SendResult {
        let sequence = app.nextDeliverySequence
        var flags: EventHeader.Flags = kind == .synthesizedCancel ? .synthesized : []
        if historyCount > 0 { flags.insert(.coalesced) }
        // Nothing queued behind it and at most one event unacknowledged ahead of it (an app that keeps up acknowledges
        // each pass; under load it has many): the app may stop reading after it.
        if app.readsAlone, app.window.count <= 1, app.outbound.isEmpty { flags.insert(.alone) }
        let time = clock.now
        var entry = AckWindow.Entry(sequence: sequence, sentAt: time)
        entry.samples = UInt32(truncatingIfNeeded: 1 + historyCount)
        do {
            // Only the first frame can hit the high-water mark; the rest of the message then always goes.
            guard try socket.send(UnsafeRawBufferPointer(app.identityBytes), more: true, dontWait: true) else {
                return .wouldBlock
            }
            // One frame (protocols/app-channel.md, `event`): the header, the HID message, any samples.
            let header = EventHeader(deliverySequence: sequence, flags: flags)
            switch body {
            case .message(let message, let raw, let view, inPlace: true):
                // The room is the header's size (EventRoom.size == EventHeader.size), right in front of the HID bytes
                // (the message's first bytes): the bytes the app gets are those the copy below would make.
                header.encode(
                    into: UnsafeMutableRawBufferPointer(start: raw.baseAddress! - EventHeader.size, count: EventHeader.size))
                HIDMessageView.stamp(.routerForwarded, time, in: raw)
                noteSent(view, to: app, entry: &entry)
                try socket.send(message)
            case .message(_, let raw, let view, inPlace: false):
                HIDMessageView.stamp(.routerForwarded, time, in: raw)
                noteSent(view, to: app, entry: &entry)
                try sendEventFrame(header, UnsafeRawBufferPointer(raw), history: nil)
            case .bytes(let raw, let history):
                HIDMessageView.stamp(.routerForwarded, time, in: raw)
                // The slow path (queued or synthesized bytes): validated here, once per send.
                if let view = try? HIDMessageView(validating: UnsafeRawBufferPointer(raw)) {
                    noteSent(view, to: app, entry: &entry)
                }
                try sendEventFrame(header, UnsafeRawBufferPointer(raw), history: history)
            }
        } catch let error as ZMQError where error.code == EHOSTUNREACH {
            app.counters.drops.add(.sendFailed, kind == .synthesizedCancel ? 0 : UInt64(1 + historyCount))
            onVanished(app, "EHOSTUNREACH on send")
            return .failed
        } catch {
            app.counters.drops.add(.sendFailed, kind == .synthesizedCancel ? 0 : UInt64(1 + historyCount))
            log.logger.error("send to \(app.bundleID): \(error)")
            return .failed
        }
        app.nextDeliverySequence = sequence + 1
        app.window.push(entry)
        app.counters.sent &+= 1
        if kind != .synthesizedCancel { app.counters.samplesSent &+= UInt64(1 + historyCount) }
        // Counted when they reach the socket, so a coalesced sample is never both delivered and dropped.
        app.counters.coalescedSamples &+= UInt64(historyCount)
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
        try socket.send(eventFrame)
    }

    /// The frame is about to reach the app's socket: keep its stamps for the ack, and follow (and verify)
    /// the stream as the app will see it.
    private func noteSent(_ view: HIDMessageView, to app: AppRecord, entry: inout AckWindow.Entry) {
        entry.hardware = view.timestamp(.hardware)
        entry.routerReceived = view.timestamp(.routerReceived)
        guard view.kind == .digitizer else { return }
        // A move of the fingers down (nearly every frame) passes without the verifier's walk.
        if !app.sentStream.passesUnchanged(view) {
            do { try app.sentStream.verify(view) } catch {
                counters.outgoingStreamErrors &+= 1
                log.logger.error("stream to \(app.bundleID) would be inconsistent: \(error)")
            }
        }
        var phases: HIDDigitizerPhase = []
        for finger in view.fingers {
            app.sentTouches.apply(TouchSample(index: finger.transducerIndex, phase: finger.phase, x: finger.x, y: finger.y))
            phases.formUnion(finger.phase)
        }
        entry.kind = DeliveredKind(digitizerPhases: phases)
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
    func windowHasRoom(_ app: AppRecord) -> Bool { app.windowHasRoom(sized: overload == .shed) }

    /// How many events `app` may have in flight now.
    func windowLimit(_ app: AppRecord) -> Int { app.windowLimit(sized: overload == .shed) }

    // MARK: Other messages

    /// A single-frame control message to an app ([identity][body]); false if it could not be sent.
    @discardableResult
    func sendToApp(_ app: AppRecord, _ body: [UInt8]) -> Bool {
        do {
            guard try socket.send(app.identity, more: true, dontWait: true) else { return false }
            try socket.send(body)
            return true
        } catch let error as ZMQError where error.code == EHOSTUNREACH {
            onVanished(app, "EHOSTUNREACH on send")
            return false
        } catch {
            log.logger.error("send to \(app.bundleID): \(error)")
            return false
        }
    }

    func sendState(_ visibility: AppVisibility, to app: AppRecord) {
        sendToApp(app, StateMessage(visibility: visibility).encoded())
    }

    // MARK: Overload mode and the event port

    func setOverload(_ mode: OverloadMode) {
        guard mode != overload else { return }
        overload = mode
        log.logger.info("overload policy: \(mode.rawValue)")
        resumeEventPortIfPossible()
    }

    /// The event port's source1, which this pauses and resumes; added to `runLoop` now.
    func controlEventPort(_ source: RunLoopSource1, on runLoop: EventRunLoop) {
        eventPort = EventPortSource(source: source, runLoop: runLoop)
        runLoop.add(source, mode: .common)
    }

    var isEventPortPaused: Bool { pausedFor != nil }

    /// Frames queued for one app at which the event port pauses: in backpressure mode a short queue (enough
    /// that an ack always finds frames to send); in shed mode the whole queue (moves coalesce, so only downs,
    /// ups and buttons fill it: an app slower than the taps themselves).
    private var pauseThreshold: Int { overload == .backpressure ? backpressureQueue : outboundCapacity }

    private func pauseEventPort(for app: AppRecord) {
        guard pausedFor == nil, let eventPort else { return }
        pausedFor = app
        counters.eventPortPauses &+= 1
        eventPort.runLoop.remove(eventPort.source, mode: .common)
        onEventPortPaused(true)
    }

    /// Called whenever an app's backlog may have shrunk (acks, give-ups, deaths, foreground changes, a mode
    /// change): reads the event port again once the app that paused it has nothing waiting.
    func resumeEventPortIfPossible() {
        guard let app = pausedFor, let eventPort else { return }
        guard app.outbound.count <= pauseThreshold / 2 || !app.isReachable else { return }
        pausedFor = nil
        eventPort.runLoop.add(eventPort.source, mode: .common)
        onEventPortPaused(false)
    }
}

/// The event port's source1, held while it is out of the loop, and the loop (not held: the loop holds the
/// parts, through their sources).
private struct EventPortSource {
    let source: RunLoopSource1
    unowned let runLoop: EventRunLoop
}
