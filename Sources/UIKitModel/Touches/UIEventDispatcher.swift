import Foundation
import HIDEvent
import RunLoopKit

/// The source0 side of UIKit's event pipeline (UIKit's `__handleEventQueue`): turns queued HID messages into
/// UITouches inside UIEvents, appends each event to UIApplication's queue and lets the application send it.
///
/// Each HID message is taken all the way to `sendEvent(_:)` before the next is converted: a touches event is
/// one object updated in place for the whole sequence, so the state `sendEvent` sees must be this frame's.
public final class UIEventDispatcher {
    /// The application that owns the dispatcher and outlives it: unowned(unsafe), so the hot path's many reads
    /// take no strong retain of it each (issue 27: `unowned` cost a checked retain and a release per read).
    unowned(unsafe) let application: UIApplication
    /// The source0 the fetcher signals; added to the application's run loop in the common modes.
    @exclusivity(unchecked)
    private(set) var source: RunLoopSource0!

    /// Finger arrays of dispatched digitizer frames and of the samples coalesced into them, for the host's next
    /// frames (`UIEventFetcher.takeFingerStorage`); at most `spareFingersLimit` are kept. An app that falls behind
    /// reads many frames a pass and folds all but the last into one event's samples: each of them needs an array
    /// of its own until the next event replaces those samples (`keepCoalescedStorage(of:)`), so the pool holds
    /// about one pass's frames (issue 27: with 4 kept, a malloc and a free a received frame at saturation).
    @exclusivity(unchecked)
    var spareFingers: [[HIDDigitizerEvent]] = []
    /// A pass reads at most what springboard keeps unacknowledged (its window: 4,096 events by default, all of it
    /// used in backpressure), and the samples of the pass before are still held by its event: twice that. With 512
    /// kept, a saturated app's passes of ~900 frames freed the arrays over the limit and allocated them again the
    /// next pass (issue 27: ~0.5 a received frame under callgrind). The pool only keeps arrays the app made at its
    /// busiest, so it never adds to that footprint (under 100 bytes a finger; ten-finger frames, ~1 KB each).
    static let spareFingersLimit = 8192
    /// Room reserved for the pool at first (4 KB): a steady stream needs about two passes' frames.
    static let spareFingersReserved = 512
    /// The storage of samples arrays events let go of, emptied, for the next folds to fill (`foldQueuedMove`): a
    /// pass can hold several runs of moves (a finger lifts and another lands), each with a samples array of its own.
    @exclusivity(unchecked)
    var spareSamples: [[HIDMessage]] = []
    static let spareSamplesLimit = 16

    /// HID messages received by the fetcher and not yet converted (swapped out on each pass, so steady traffic
    /// reuses the same two buffers).
    @exclusivity(unchecked)
    private var pending: [Received] = []
    @exclusivity(unchecked)
    var converting: [Received] = []
    /// A pass of `handleEventQueue` is in progress.
    @exclusivity(unchecked)
    private var isHandlingQueue = false

    /// A received HID message, the samples coalesced into it (empty: none; an empty array allocates nothing)
    /// and the host's delivery token for it (nil: the host does not need to hear it was dispatched).
    struct Received {
        var message: HIDMessage
        var coalesced: [HIDMessage]
        var delivery: UInt64?
    }

    /// What became of one received message that carried a delivery token: the host acknowledges from these,
    /// matching its own records by `delivery`, instead of counting along with this queue.
    public struct Dispatched: Equatable, Sendable {
        /// The token given to `UIEventFetcher.receive(_:coalesced:delivery:)`.
        public var delivery: UInt64
        /// Run-loop clock times just before `sendEvent` and just after it returned for the event that carried
        /// this message.
        public var started: UInt64
        /// Run-loop clock time just after `sendEvent` returned (see `started`).
        public var finished: UInt64
        /// Folded into a later queued move of the same pass: its touches reached the app as that event's
        /// coalesced touches, with no `sendEvent` of its own (so it has that event's times).
        public var coalesced: Bool
    }

    /// Dispatched messages with a delivery token, oldest first, until the host takes them
    /// (`takeDispatched(into:)`). Messages without a token are not recorded, so a headless run keeps nothing.
    @exclusivity(unchecked)
    private var dispatched: [Dispatched] = []
    /// UIKit coalesces moves queued behind each other (on by default, as iOS); off, every frame is its own event.
    @exclusivity(unchecked)
    public var coalescesQueuedMoves = true
    /// Received digitizer frames coalesced into a later event of the same pass (see `handleEventQueue`).
    @exclusivity(unchecked)
    public internal(set) var framesCoalescedInQueue: UInt64 = 0

    /// While a frame dispatches (FrameClock): what it reflects, for touch-to-present and the `frames` message.
    @exclusivity(unchecked)
    var recordsFrame = false
    @exclusivity(unchecked)
    var frameInputs: [FrameClock.Input] = []
    @exclusivity(unchecked)
    var frameDeliveries: [UInt64] = []
    /// Held events wait for the next frame.
    var hasPending: Bool { !pending.isEmpty }
    var pendingCount: Int { pending.count }
    /// Samples delivered as the touch of an event, and samples delivered only in `coalescedTouches(for:)` (the
    /// app's accounting: direct + coalesced = read).
    @exclusivity(unchecked)
    public internal(set) var samplesDelivered: UInt64 = 0
    /// Samples delivered only in `coalescedTouches(for:)` (folded into a later event's touch).
    @exclusivity(unchecked)
    public internal(set) var samplesCoalesced: UInt64 = 0

    /// Touches hit-tested to a view that UIKit's multiple- or exclusive-touch rule kept from it (their
    /// recognizers still saw them).
    @exclusivity(unchecked)
    public internal(set) var touchesNotDeliveredToViews: UInt64 = 0

    /// The event of the touch sequence in progress (nil between sequences).
    @exclusivity(unchecked)
    package internal(set) var touchesEvent: UIEvent?
    @exclusivity(unchecked)
    var touchesByTransducer = TouchesByTransducer()
    @exclusivity(unchecked)
    var tapCounter = TapCountTracker()
    @exclusivity(unchecked)
    var touchSequenceCounter: UInt64 = 0

    @exclusivity(unchecked)
    var pressesEvent: UIPressesEvent?
    @exclusivity(unchecked)
    var pressesByType: [UIPress.PressType: UIPress] = [:]
    @exclusivity(unchecked)
    var motionEvent: UIEvent?

    /// The application's run-loop clock (dispatch times for the host's acks), read twice an event: held here (the
    /// read through the application and its run loop retained and released both, issue 27), and strongly: a
    /// call on an `unowned(unsafe)` existential retained and released it each time.
    let clock: RunLoopClock

    init(application: UIApplication) {
        self.application = application
        self.clock = application.runLoop.clock
        // Room for a steady stream's pool at once (4 KB): grown on demand, its doublings were allocations in the middle
        // of a steady run; a burst grows it further, once.
        spareFingers.reserveCapacity(Self.spareFingersReserved)
        spareSamples.reserveCapacity(Self.spareSamplesLimit)
        // Captured unretained and called without a retain (`unowned` cost a checked retain and a release every event,
        // issue 27): the application removes the source from its loop when it goes (`UIApplication.deinit`), so the
        // perform never outlives the dispatcher.
        let unretained = Unmanaged.passUnretained(self)
        self.source = RunLoopSource0(order: UIApplication.RunLoopOrder.eventQueue, name: "__handleEventQueue") {
            unretained._withUnsafeGuaranteedRef { $0.handleEventQueue() }
        }
        application.runLoop.add(source, mode: .common)
    }

    /// Queues a message for the next pass of the source0 (the fetcher signals the source).
    func enqueue(_ message: consuming HIDMessage, coalesced: consuming [HIDMessage] = [], delivery: UInt64? = nil) {
        pending.append(Received(message: message, coalesced: coalesced, delivery: delivery))
    }

    /// Hands over what was dispatched since the last call, oldest first, and keeps `buffer`'s old storage for the
    /// next turn (two buffers swapped, so steady traffic does not allocate).
    public func takeDispatched(into buffer: inout [Dispatched]) {
        buffer.removeAllKeepingStorage()
        swap(&buffer, &dispatched)
    }

    /// The source0's perform: converts and sends every queued message, first in, first out. Moves that queued
    /// up behind each other are coalesced first (`foldQueuedMove(at:)`): one event stands for the run.
    ///
    /// Not re-entered: a run of the loop nested inside `sendEvent` (an app's handler running it) leaves what it
    /// receives queued, and the pass in progress takes it, in order, once the event being sent returns. The pass
    /// sends each entry where it lies in `converting`, which a nested pass must not touch (it swapped the queues
    /// under the outer pass and sent the outer pass's remaining entries a second time).
    func handleEventQueue() {
        guard !isHandlingQueue else { return }
        isHandlingQueue = true
        defer { isHandlingQueue = false }
        while !pending.isEmpty {
            swap(&pending, &converting)
            var index = 0
            while index < converting.count {
                let first = index
                while coalescesQueuedMoves, index + 1 < converting.count,
                    foldQueuedMove(at: index, olderChecked: index > first)
                {
                    index += 1
                }
                framesCoalescedInQueue &+= UInt64(index - first)
                if recordsFrame { noteFrame(converting[first...index]) }
                samplesDelivered &+= 1
                samplesCoalesced &+= UInt64(converting[index].coalesced.count)  // the folded ones' moved in here
                var reports = false
                for position in first...index where converting[position].delivery != nil { reports = true }
                let started = reports ? clock.now : 0
                // Dispatched where it lies, through the array's modify accessor: a stored array's element read across
                // the call was copied (the ~200-byte message and a retain of its arrays), and moving it out and back
                // around a stand-in cost ~300 instructions an event (issue 27).
                dispatch(&converting[index])
                // The event holds the samples now; the entry lets go, so the event's reference is the only one and
                // their storage can go back to the pool when the next event replaces them (`keepCoalescedStorage`).
                if !converting[index].coalesced.isEmpty { converting[index].coalesced = [] }
                if reports { record(from: first, through: index, started: started, finished: clock.now) }
                index += 1
            }
            keepSpareFingers()
            // Popped (a few entries; `removeAll(keepingCapacity:)` destroyed them through the runtime's generic
            // array destroy, ~110 instructions an entry).
            converting.removeAllKeepingStorage()
        }
    }

    /// One queue entry, in place (`inout`: the entry's own storage, which the queue keeps for the call).
    @inline(__always)
    private func dispatch(_ entry: inout Received) {
        dispatch(entry.message, coalesced: entry.coalesced)
    }

    /// Keeps the finger arrays of the frames just dispatched (their events' own, not the coalesced samples, which
    /// the event keeps until the next one): once `converting` lets go they are the pool's alone. Read by index,
    /// the fingers alone (a `for received in converting` loop copied each whole message).
    private func keepSpareFingers() {
        guard spareFingers.count < Self.spareFingersLimit else { return }
        for position in converting.indices where spareFingers.count < Self.spareFingersLimit {
            guard let fingers = converting[position].message.payload.digitizerFingers, fingers.capacity > 0 else { continue }
            spareFingers.append(fingers)
        }
    }

    /// The frame being dispatched reflects these messages and every sample they carry.
    private func noteFrame(_ messages: ArraySlice<Received>) {
        for received in messages {
            if let delivery = received.delivery { frameDeliveries.append(delivery) }
        }
        // The earlier messages of a fold travel in the last one's samples.
        let last = messages[messages.endIndex - 1]
        for sample in last.coalesced { frameInputs.append(Self.input(sample)) }
        frameInputs.append(Self.input(last.message))
    }

    /// A message's hardware time and kind: a down if a finger lands in it, an up if one lifts or is cancelled.
    static func input(_ message: HIDMessage) -> FrameClock.Input {
        var kind = FrameClock.Kind.other
        if case .digitizer(let frame) = message.payload {
            kind = .move
            for finger in frame.children where finger.depth > 0 {
                if finger.phase.contains(.cancelled) || finger.phase.contains(.ended) || finger.eventMask.contains(.cancel) {
                    kind = .up
                } else if finger.phase.contains(.began), kind == .move {
                    kind = .down
                }
            }
        }
        return FrameClock.Input(hardware: message.envelope.timestamps.hardware, kind: kind)
    }

    /// Records the messages one event stood for (`converting[first...last]`): all but the last were coalesced
    /// into it.
    private func record(from first: Int, through last: Int, started: UInt64, finished: UInt64) {
        for position in first...last {
            guard let delivery = converting[position].delivery else { continue }
            dispatched.append(
                Dispatched(delivery: delivery, started: started, finished: finished, coalesced: position < last))
        }
    }

    /// Converts one HID message and sends the resulting event through the application's queue.
    func dispatch(_ message: HIDMessage, coalesced: [HIDMessage] = []) {
        let time = message.envelope.timestamps.hardware
        application.trace.currentHIDEvent = message.envelope.sequence
        defer { application.trace.currentHIDEvent = nil }
        switch message.payload {
        case .digitizer(let frame):
            dispatchDigitizer(frame, hardwareTime: time, coalesced: coalesced, sender: message.envelope.senderID)
        case .button(let button): dispatchButton(button, hardwareTime: time)
        case .motion(let motion): dispatchMotion(motion, hardwareTime: time)
        }
    }

    /// Appends `event` to the application's FIFO queue and lets the application drain it.
    func post(_ event: UIEvent) {
        // The application read unretained (its bits as `Unmanaged`; it owns the dispatcher): a call through the
        // `unowned(unsafe)` reference retained and released it, and its queue, every event (issue 27).
        unsafeBitCast(application, to: Unmanaged<UIApplication>.self)._withUnsafeGuaranteedRef { application in
            application.eventQueue.enqueue(event)
            application.processEventQueue()
        }
    }

    static func seconds(_ ns: UInt64) -> TimeInterval { TimeInterval(ns) / 1_000_000_000 }

    /// Why a HID frame cancelled a touch, from who sent it (protocols/hid-event.md, sender ids): springboard
    /// ("SB") takes a gesture away when its target changes or its source goes quiet; the app itself ("AP")
    /// when its channel to springboard is lost; any other sender cancelled its own finger.
    static func cancelCause(sender: UInt64) -> String {
        switch sender >> 48 {
        case 0x5342: return "springboard cancelled the gesture (its target changed or its source stopped)"
        case 0x4150: return "the app cancelled it: the channel to springboard was lost"
        default: return "its HID frame cancelled it (sender 0x\(String(sender, radix: 16)))"
        }
    }
}

// MARK: - Digitizer

extension UIEventDispatcher {
    /// One digitizer frame → updates to the sequence's UITouches → one trip of the touches event through the
    /// queue. Touches not mentioned in the frame, or mentioned with no change, are stationary.
    ///
    /// The hit-test rule (observed UIKit behaviour, event-delivery.md section 3): the windows are hit-tested
    /// for every finger whose phase in this frame is BEGAN or ENDED — never for moved, stationary or
    /// cancelled. The began pass chooses the touch's window and view; the ended pass runs the same calls
    /// (so a single tap shows the whole hitTest/pointInside pass twice) and its answer is discarded:
    /// delivery stays with the view chosen at began.
    func dispatchDigitizer(
        _ frame: HIDDigitizerFrame, hardwareTime: UInt64, coalesced: [HIDMessage] = [], sender: UInt64 = 0
    ) {
        let event = touchesEvent ?? UIEvent(type: .touches)
        let timestamp = Self.seconds(hardwareTime)
        // Unretained: the event's `touchesInOrder` holds them (issue 27: a retain and a release a touch).
        event.touchesInOrder.forEachUnretainedInPlace { touch in
            touch.phase = .stationary
            touch.predictionHorizon = nil  // predictions last one event
        }
        // The samples are kept as they came; touches are made from them only if someone asks. Not stored when
        // both are empty (most frames): storing retained one empty array and released the other.
        if !coalesced.isEmpty || !event.coalescedFrames.isEmpty {
            keepCoalescedStorage(of: event)
            event.coalescedFrames = coalesced
        }
        var changed = false
        // Whether a touch ends in this frame (only then are finished touches looked for afterwards), and whether the
        // trace explains (only then are the headers made): asked once a frame, not once a finger (issue 27).
        var finishes = false
        let explains = application.trace.explains
        let horizon = application.unretainedDisplay?._withUnsafeGuaranteedRef { $0.period } ?? 16_666_666

        var position = 0  // of the finger among those in contact: usually its touch's place too
        // Through the frame's own buffer (the caller holds the frame): iterating the array retained and released it.
        frame.children.withUnsafeBufferPointer { fingers in
            for finger in fingers where finger.depth > 0 {
                let existing = touchesByTransducer.unretained(finger.transducerIndex, hint: position)
                position += 1
                guard let phase = UITouch.Phase(hidFinger: finger, isTracked: existing != nil) else { continue }
                let location = CGPoint(x: CGFloat(finger.x), y: CGFloat(finger.y))
                event.timestamp = timestamp
                event.hardwareTimestamp = hardwareTime

                guard let existing else {
                    beginTouch(for: finger, at: location, hardwareTime: hardwareTime, in: event)
                    changed = true
                    continue
                }
                if phase == .began || phase == .stationary { continue }
                // The touch is read unretained: `touchesByTransducer` and the event hold it until the frame is over
                // (`removeFinishedTouches`, after `sendEvent`).
                let ends = existing._withUnsafeGuaranteedRef { touch in
                    update(
                        touch, to: phase, at: location, hardwareTime: hardwareTime, timestamp: timestamp, event: event,
                        coalesced: coalesced, horizon: horizon, sender: sender, explains: explains)
                }
                if ends { finishes = true }
                changed = true
            }
        }

        if event.touchesInOrder.isEmpty { return }
        // Stored only when it is a new event: storing the same one again retained it and released it.
        if touchesEvent !== event { touchesEvent = event }
        guard changed else { return }
        post(event)
        if finishes { removeFinishedTouches(from: event) }
    }

    /// One finger's change to the touch that follows it (moved, ended or cancelled); true if the touch ends.
    private func update(
        _ touch: UITouch, to phase: UITouch.Phase, at location: CGPoint, hardwareTime: UInt64, timestamp: TimeInterval,
        event: UIEvent, coalesced: [HIDMessage], horizon: UInt64, sender: UInt64, explains: Bool
    ) -> Bool {
        let header =
            explains
            ? openTouchHeader(touch: touch.sequenceNumber, phase: phase, at: location, hardwareTime: hardwareTime) : nil
        var ends = false
        switch phase {
        case .began, .stationary:
            return false
        case .moved:
            move(touch, to: location, timestamp: timestamp)
            predict(touch, at: location, hardwareTime: hardwareTime, coalesced: coalesced, horizon: horizon)
        case .ended:
            ends = true
            move(touch, to: location, timestamp: timestamp)
            touch.phase = .ended
            explainHitTestPass(for: touch.sequenceNumber, phase: .ended, stayingWith: touch.view)
            _ = application.hitTest(screenPoint: location, with: event)  // UIKit's end-of-touch pass; see above
            tapCounter.recordEnd(at: location, time: hardwareTime, tapCount: touch.tapCount)
        case .cancelled:
            ends = true
            touch.phase = .cancelled
            touch.timestamp = timestamp
            touch.cancelCauseFact = .hidFrame(sender: sender)
        }
        // A touch its view never receives says so at every change, not only where it began.
        header?.close(
            result: touch.view?.traceClassName ?? "no view", reason: touch.viewRefusal.map { "not delivered: \($0)" })
        return ends
    }

    private func beginTouch(for finger: HIDDigitizerEvent, at location: CGPoint, hardwareTime: UInt64, in event: UIEvent) {
        touchSequenceCounter += 1
        let touch = UITouch(
            transducerIndex: finger.transducerIndex, location: location, timestamp: Self.seconds(hardwareTime),
            tapCount: tapCounter.tapCount(forTouchDownAt: location, time: hardwareTime),
            sequenceNumber: touchSequenceCounter)
        touch.majorRadius = CGFloat(finger.majorRadius)
        touchesByTransducer[finger.transducerIndex] = touch
        touch.predictor.add(.init(time: hardwareTime, x: Double(location.x), y: Double(location.y)))
        event.touchesInOrder.append(touch)
        let header = openTouchHeader(touch: touch.sequenceNumber, phase: .began, at: location, hardwareTime: hardwareTime)
        explainHitTestPass(for: touch.sequenceNumber, phase: .began, stayingWith: nil)
        if let hit = application.hitTest(screenPoint: location, with: event) {
            touch.window = hit.window
            touch.view = hit.view
            touch.viewRefusalReason = hit.window.viewRefusal(for: touch, in: event)
            if touch.viewRefusalReason != nil { touchesNotDeliveredToViews &+= 1 }
        }
        guard let header else { return }
        let reason = touch.view == nil ? "nothing was hit" : touch.viewRefusal.map { "not delivered: \($0)" }
        header.close(result: touch.view?.traceClassName ?? "no view", reason: reason)
    }

    /// Feeds the finger's predictor this event's samples (the coalesced ones, then the touch) and keeps its
    /// prediction one frame ahead (the display's period; 1/60 s without a display) for `predictedTouches(for:)`.
    private func predict(
        _ touch: UITouch, at location: CGPoint, hardwareTime: UInt64, coalesced: [HIDMessage], horizon: UInt64
    ) {
        let index = touch.transducerIndex
        // Read where they lie (`for message in coalesced` copied each ~200-byte message and retained its fingers:
        // ~350 instructions a received frame at saturation, where nearly every frame is a sample; issue 27).
        coalesced.withUnsafeBufferPointer { samples in
            for sample in samples.indices {
                guard let frame = samples[sample].payload.unsafeDigitizerFingers else { continue }
                let time = samples[sample].envelope.timestamps.hardware
                for finger in frame.fingers
                where finger.depth > 0 && finger.transducerIndex == index && finger.phase.contains(.changed) {
                    touch.predictor.add(.init(time: time, x: Double(finger.x), y: Double(finger.y)))
                }
            }
        }
        touch.predictor.add(.init(time: hardwareTime, x: Double(location.x), y: Double(location.y)))
        touch.predictionHorizon = horizon
    }

    private func move(_ touch: UITouch, to location: CGPoint, timestamp: TimeInterval) {
        touch.previousScreenLocation = touch.screenLocation
        touch.screenLocation = location
        touch.timestamp = timestamp
        touch.phase = .moved
    }

    /// UIKit: ended and cancelled touches leave the event after their frame; the event itself ends with its
    /// last touch, and the next finger down starts a new one.
    private func removeFinishedTouches(from event: UIEvent) {
        guard event.touchesInOrder.contains(where: { $0.phase.isFinal }) else { return }
        for touch in event.touchesInOrder where touch.phase.isFinal {
            touchesByTransducer[touch.transducerIndex] = nil
        }
        event.touchesInOrder.removeAll { $0.phase.isFinal }
        if event.touchesInOrder.isEmpty { touchesEvent = nil }
    }
}

// MARK: - Coalescing

// UIKit's coalescing of queued touches (pipeline.md, "Coalescing, concretely"; Apple's "Getting high-fidelity
// input with coalesced touches"): when moves arrive faster than the main thread handles them, UIKit does not
// send one event per digitizer sample. The moves waiting in the queue become one `touchesMoved` with the
// newest position, and every sample in between is kept for `UIEvent.coalescedTouches(for:)`. A began, an
// ended or a cancelled is never folded, so every phase change still gets its own event, in order.
extension UIEventDispatcher {
    /// Folds `converting[index]` into `converting[index + 1]` when both only move (or keep still) fingers the
    /// app already follows, the same fingers in the same order from the same sender. The later message
    /// becomes the one delivered: the earlier one and its own samples go in front of its samples, and a
    /// finger that moved in the earlier one is marked moved in it. Returns false, changing nothing, otherwise.
    /// `olderChecked`: the earlier one was the later one of a fold just made, so its fingers are known to be
    /// moves of touches UIKit follows (and the later one's, being the same fingers, are followed too).
    func foldQueuedMove(at index: Int, olderChecked: Bool) -> Bool {
        // Decided on the two entries where they lie in the queue (its buffer, in place): only the fingers and the
        // parent's phase are read, and nothing is copied or retained (the payloads were read out as copies, a frame,
        // its fingers' retain and release each, twice a received frame: ~500 instructions, issue 27).
        let fold = converting.withUnsafeMutableBufferPointer { queue -> FoldDecision in
            guard queue[index].message.envelope.senderID == queue[index + 1].message.envelope.senderID,
                let older = queue[index].message.payload.unsafeDigitizerFingers,
                let newer = queue[index + 1].message.payload.unsafeDigitizerFingers
            else { return .no }
            return foldDecision(older: older, newer: newer, olderChecked: olderChecked)
        }
        guard fold != .no else { return false }
        // Nothing began or ended between the two, so the touches the newer frame finds are the same. Usually both
        // moved the same fingers and there is nothing to carry.
        if fold == .carrying { carryPhases(into: index + 1, from: index) }

        var samples: [HIDMessage] = []
        swap(&samples, &converting[index].coalesced)  // unique, so appending does not copy
        // The first fold of a run: an earlier event's storage (grown from empty, each run's array was reallocated
        // about log2(its length) times).
        if samples.isEmpty, let spare = spareSamples.popLast() { samples = spare }
        // Moved out of the queue (a stand-in in its place) and into the samples, never copied: the entry is dropped
        // after the pass, and the sample's finger array stays referenced once, so it can go back to the pool later.
        var folded = Self.movedOutMessage
        swap(&folded, &converting[index].message)
        samples.append(consume folded)
        if !converting[index + 1].coalesced.isEmpty { samples.append(contentsOf: converting[index + 1].coalesced) }
        swap(&samples, &converting[index + 1].coalesced)
        return true
    }

    /// Whether a queued move folds into the next, and whether the next must carry some of its phase (see
    /// `foldQueuedMove(at:olderChecked:)`).
    enum FoldDecision { case no, fold, carrying }

    /// The fold's rule on two frames read in place (their parents' phases and their fingers): the same fingers in the
    /// same order, each a move (or still) of a touch UIKit follows.
    @inline(__always)
    private func foldDecision(
        older: (phase: HIDDigitizerPhase, fingers: UnsafeBufferPointer<HIDDigitizerEvent>),
        newer: (phase: HIDDigitizerPhase, fingers: UnsafeBufferPointer<HIDDigitizerEvent>), olderChecked: Bool
    ) -> FoldDecision {
        guard older.fingers.count == newer.fingers.count else { return .no }
        var carries = !newer.phase.isSuperset(of: older.phase)
        for i in 0..<older.fingers.count {
            let a = older.fingers[i], b = newer.fingers[i]
            guard a.transducerIndex == b.transducerIndex, a.depth == b.depth else { return .no }
            guard a.depth > 0 else { continue }
            guard olderChecked || isMoveOfTrackedTouch(a), isMove(b) else { return .no }
            if !b.phase.isSuperset(of: a.phase) || !b.eventMask.isSuperset(of: a.eventMask) { carries = true }
        }
        return carries ? .carrying : .fold
    }

    /// The newer frame (`converting[newer]`) says what the older one said too: its fingers' and its parent's phases
    /// and masks take the older's. Its frame is taken out of the entry while it changes, so its finger array is
    /// changed where it is (shared, it was copied: a new array, and the pool's one lost).
    private func carryPhases(into newer: Int, from older: Int) {
        var payload = Self.movedOutMessage.payload
        swap(&payload, &converting[newer].message.payload)
        switch consume payload {
        case .digitizer(var merged):
            if case .digitizer(let earlier) = converting[older].message.payload {
                for i in merged.children.indices {
                    merged.children[i].phase.formUnion(earlier.children[i].phase)
                    merged.children[i].eventMask.formUnion(earlier.children[i].eventMask)
                }
                merged.parent.phase.formUnion(earlier.parent.phase)
                merged.parent.eventMask.formUnion(earlier.parent.eventMask)
            }
            converting[newer].message.payload = .digitizer(merged)
        case let other:
            converting[newer].message.payload = other
        }
    }

    /// What a folded message leaves in its queue entry: nothing to retain or release.
    private static var movedOutMessage: HIDMessage {
        HIDMessage(
            envelope: HIDEnvelope(kind: .button, sequence: 0, senderID: 0),
            payload: .button(HIDButtonEvent(button: .home, isDown: false)))
    }

    /// Before an event's samples are replaced: their finger arrays go to the pool the host decodes the next frames
    /// into, and the emptied array to the next fold, so an app that coalesces allocates nothing per received
    /// frame once the pool holds a pass's frames. The queue lets go of an event's samples once it is dispatched
    /// (`handleEventQueue`), so the event's reference is the only one; were they shared, taking them apart would
    /// copy them, not fail.
    func keepCoalescedStorage(of event: UIEvent) {
        guard !event.coalescedFrames.isEmpty else { return }
        var samples: [HIDMessage] = []
        swap(&samples, &event.coalescedFrames)
        while let sample = samples.popLast() {
            guard spareFingers.count < Self.spareFingersLimit else { break }
            if case .digitizer(let frame) = sample.payload, frame.children.capacity > 0 { spareFingers.append(frame.children) }
        }
        samples.removeAll(keepingCapacity: true)
        if spareSamples.count < Self.spareSamplesLimit { spareSamples.append(samples) }
    }

    /// A finger whose phase in its frame would be moved or stationary for a touch UIKit already follows.
    private func isMoveOfTrackedTouch(_ finger: HIDDigitizerEvent) -> Bool {
        touchesByTransducer.unretained(finger.transducerIndex) != nil && isMove(finger)
    }

    /// Moved or stationary, were UIKit following the finger.
    private func isMove(_ finger: HIDDigitizerEvent) -> Bool {
        guard let phase = UITouch.Phase(hidFinger: finger, isTracked: true) else { return false }
        return phase == .moved || phase == .stationary
    }
}

extension HIDPayload {
    /// A digitizer frame's parent phase and its fingers, read in the frame's own storage (nil for other payloads):
    /// valid only while the payload stays where it is, unchanged. Read where an entry lies (a queue's buffer), this
    /// copies nothing: binding the frame across a call the optimizer cannot see into copied the whole message.
    @inline(__always) var unsafeDigitizerFingers: (phase: HIDDigitizerPhase, fingers: UnsafeBufferPointer<HIDDigitizerEvent>)? {
        guard case .digitizer(let frame) = self else { return nil }
        return (frame.parent.phase, frame.children.withUnsafeBufferPointer { $0 })
    }

    /// A digitizer frame's fingers (the array shared, not copied), nil for other payloads.
    @inline(__always) var digitizerFingers: [HIDDigitizerEvent]? {
        guard case .digitizer(let frame) = self else { return nil }
        return frame.children
    }
}

// MARK: - Buttons

extension UIEventDispatcher {
    /// A hardware button going down or up → a presses event (began / ended) for the first responder.
    /// A repeated down of a button already down, or an up of a button not down, is dropped.
    func dispatchButton(_ button: HIDButtonEvent, hardwareTime: UInt64) {
        let type = UIPress.PressType(button.button)
        let timestamp = Self.seconds(hardwareTime)
        let event = pressesEvent ?? UIPressesEvent()
        let press: UIPress
        if button.isDown {
            guard pressesByType[type] == nil else { return }
            press = UIPress(type: type, phase: .began, timestamp: timestamp)
            pressesByType[type] = press
            event.allPresses.insert(press)
        } else {
            guard let down = pressesByType[type] else { return }
            press = down
            press.phase = .ended
            press.timestamp = timestamp
        }
        event.timestamp = timestamp
        event.hardwareTimestamp = hardwareTime
        event.changedPresses = [press]
        event.changedPhase = press.phase
        pressesEvent = event
        post(event)
        if press.phase == .ended {
            pressesByType[type] = nil
            event.allPresses.remove(press)
            if event.allPresses.isEmpty { pressesEvent = nil }
        }
    }
}

extension UIPress.PressType {
    init(_ button: HIDButton) {
        switch button {
        case .home: self = .home
        case .lock: self = .lock
        case .volumeUp: self = .volumeUp
        case .volumeDown: self = .volumeDown
        }
    }
}

// MARK: - Motion

extension UIEventDispatcher {
    /// A shake → a motion event (`motionShake`) for the first responder: `motionBegan`, then `motionEnded`.
    func dispatchMotion(_ motion: HIDMotionEvent, hardwareTime: UInt64) {
        let event = motionEvent ?? UIEvent(type: .motion, subtype: .motionShake)
        event.timestamp = Self.seconds(hardwareTime)
        event.hardwareTimestamp = hardwareTime
        switch motion.phase {
        case .began:
            event.motionPhase = .began
            motionEvent = event
        case .ended:
            guard motionEvent != nil else { return }
            event.motionPhase = .ended
            motionEvent = nil
        }
        post(event)
    }
}

// MARK: - Explain

extension UIEventDispatcher {
    /// Explained traces: the header of one touch change, `── t=1.000 event#1 touch#1 began (115,495)`, open
    /// until the hit-test pass that follows it says where the touch goes (`→ EView`).
    func openTouchHeader(
        touch id: UInt64, phase: UITouch.Phase, at location: CGPoint, hardwareTime: UInt64
    ) -> Trace.Recorder.OpenRecord? {
        let trace = application.trace
        guard trace.explains else { return nil }
        let point = Trace.Point(location)
        let event = trace.currentHIDEvent.map { " event#\($0)" } ?? ""
        let text = "── t=\(Self.millisecondText(hardwareTime))\(event) touch#\(id) \(phase.name) \(point.description)"
        let header = trace.openExplanation(.event, text, group: "events")
        trace.update(header) { line in
            line.touch = Int(id)
            line.phase = phase.name
            line.point = point
        }
        return header
    }

    /// Explained traces: labels the hit-test pass about to run for `touch` (UIKit runs one at began, which
    /// chooses the view, and the same pass again at ended, whose answer is discarded).
    func explainHitTestPass(for touch: UInt64, phase: UITouch.Phase, stayingWith view: UIView?) {
        let trace = application.trace
        guard trace.explains else { return }
        if phase == .began {
            trace.explain(.pass, "hit-test pass for touch#\(touch) at began: chooses the view", group: "hitTest")
        } else {
            trace.explain(
                .pass, "hit-test pass again for touch#\(touch) at ended: UIKit repeats it and discards the answer",
                group: "hitTest", reason: view.map { "the touch stays with \($0.traceClassName)" })
        }
    }

    /// `1.000`, `0.016`: seconds with milliseconds.
    static func millisecondText(_ ns: UInt64) -> String {
        String(format: "%.3f", Double(ns) / 1e9)
    }
}

// MARK: - TouchesByTransducer

/// The sequence's touches by finger (transducer index): a short array searched in place. At most a hand's
/// fingers are down, and hashing a `UInt32` key for every finger of every frame cost more than the search
/// (issue 27: about 3,000 instructions a ten-finger frame).
struct TouchesByTransducer {
    private var touches: [UITouch] = []

    subscript(transducer: UInt32) -> UITouch? {
        get { unretained(transducer)?.takeUnretainedValue() }
        set {
            if let index = touches.firstIndex(where: { $0.transducerIndex == transducer }) {
                if let newValue { touches[index] = newValue } else { touches.remove(at: index) }
            } else if let newValue {
                touches.append(newValue)
            }
        }
    }

    /// The touch following `transducer`, unretained: `touches` holds it (and the event it is part of) until
    /// `UIEventDispatcher.removeFinishedTouches` lets it go after its frame. Searching retained each touch looked
    /// at (issue 27).
    /// `hint`: where the touch probably is (the finger's place in its frame), looked at first.
    func unretained(_ transducer: UInt32, hint: Int = 0) -> Unmanaged<UITouch>? {
        if hint >= 0, hint < touches.count {
            let guess = touches.unretained(at: hint)
            if guess._withUnsafeGuaranteedRef({ $0.transducerIndex == transducer }) { return guess }
        }
        var found: Unmanaged<UITouch>?
        touches.forEachUnretained { touch in
            if found == nil, touch.transducerIndex == transducer { found = Unmanaged.passUnretained(touch) }
        }
        return found
    }
}

// MARK: - TapCountTracker

/// UIKit's multi-tap counting: a finger that touches down within `maximumInterval` of a previous touch's end,
/// within `maximumDistance` of where it ended, continues that touch's count (`tapCount` 2, 3, ...);
/// anything later or farther starts again at 1.
struct TapCountTracker {
    /// 0.35 s: UIKit's multi-tap interval.
    static let maximumInterval: UInt64 = 350_000_000
    /// About 45 points: UIKit's multi-tap radius.
    static let maximumDistance: CGFloat = 45

    private struct Ended {
        var time: UInt64
        var location: CGPoint
        var tapCount: Int
    }

    /// Recent ends, oldest first; short because entries older than the interval are dropped.
    private var recent: [Ended] = []

    init() {}

    /// The tap count for a finger landing at `location` (screen points) at `time` (ns). The previous touch it
    /// continues is used up, so two fingers cannot both continue the same tap.
    package mutating func tapCount(forTouchDownAt location: CGPoint, time: UInt64) -> Int {
        prune(before: time)
        var index = recent.count
        while index > 0 {
            index -= 1
            let end = recent[index]
            let dx = end.location.x - location.x, dy = end.location.y - location.y
            if (dx * dx + dy * dy).squareRoot() <= Self.maximumDistance {
                recent.remove(at: index)
                return end.tapCount + 1
            }
        }
        return 1
    }

    /// Remembers a touch that ended (not cancelled) so a quick next touch nearby continues its count.
    mutating func recordEnd(at location: CGPoint, time: UInt64, tapCount: Int) {
        prune(before: time)
        recent.append(Ended(time: time, location: location, tapCount: tapCount))
    }

    private mutating func prune(before time: UInt64) {
        recent.removeAll { time > $0.time && time - $0.time > Self.maximumInterval }
    }
}
