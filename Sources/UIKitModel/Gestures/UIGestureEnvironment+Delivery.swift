import Foundation
import RunLoopKit

extension UIGestureEnvironment {
    // MARK: Collecting and delivering

    /// UIKit: the recognizers of the hit-tested view, then of each ancestor up to the window, that are
    /// enabled, free to take a new touch, and agree to receive it (delegate and subclass `shouldReceive`).
    func beginTracking(_ touch: UITouch, in window: UIWindow, event: UIEvent) {
        var collected: [UIGestureRecognizer] = []
        var askers: [UIGestureRecognizer] = []
        var view = touch.view
        while let current = view {
            for recognizer in current.attachedGestureRecognizers where recognizer.acceptsNewTouches {
                guard recognizer.shouldReceive(touch),
                    recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
                else { continue }
                collected.append(recognizer)
            }
            // A finger landing in a scroll view's content after its delayed-touches recognizer failed (the
            // 0.15 s passed, or delaysContentTouches is false) is not delayed, but the scroll view is still
            // asked touchesShouldBegin before its content gets it (uiscrollview/touchesshouldbegin(_:with:in:):
            // "when a finger touches down in displayed content").
            if let scrollView = current as? UIScrollView, current !== touch.view,
                scrollView.delayedTouchesRecognizer.isEnabled,
                !collected.contains(where: { $0 === scrollView.delayedTouchesRecognizer })
            {
                askers.append(scrollView.delayedTouchesRecognizer)
            }
            view = current.superview
        }
        guard !collected.isEmpty || !askers.isEmpty else { return }
        let record = GestureTouchRecord(
            touch: touch, window: window, event: event, recognizers: collected, environment: self)
        record.askedBeforeDelivery = askers
        records.append(record)
        touch.gestureRecord = record
    }

    func deliverToRecognizers(_ touches: [UITouch], phases: TouchPhases, event: UIEvent) {
        // The scratch storage is taken out (a nested delivery finds an empty one and builds its own) and put
        // back emptied with its capacity: a steady stream of moves allocates no array per frame.
        var recipients: [UIGestureRecognizer] = []
        swap(&recipients, &deliveryScratch.recipients)
        defer {
            recipients.removeAllKeepingStorage()
            swap(&recipients, &deliveryScratch.recipients)
        }
        // Collected unretained (issue 27: 34 retains and 37 releases a ten-finger frame here): `touches` (the
        // caller's array) holds the touches, `records` the records and each record's `recognizers` its
        // recognizers, and nothing calls out while they are collected.
        touches.forEachUnretained { touch in
            guard let reference = unretainedRecord(for: touch) else { return }
            reference._withUnsafeGuaranteedRef { record in
                record.recognizers.forEachUnretainedInPlace { recognizer in
                    if !recipients.containsIdentical(recognizer) { recipients.append(recognizer) }
                }
            }
        }
        guard !recipients.isEmpty else { return }
        let enclosing = pass
        pass = enclosing.delivering
        defer { pass = enclosing }
        // `recipients` (this call's own array, swapped out of the scratch storage) holds each recognizer strongly
        // until the loop is over, whatever the recognizers' callbacks do to the records.
        recipients.forEachUnretained { recognizer in deliver(touches, phases: phases, event: event, to: recognizer) }
    }

    /// One call per phase, as UIKit's `_updateGestureWithEvent`: began, moved, ended, cancelled. The sets are
    /// UIKit's signature (`touchesMoved(_ touches: Set<UITouch>, with:)`); their storage is reused from call to
    /// call (a recognizer that keeps one keeps its own copy: the next `removeAll` copies on write).
    private func deliver(_ touches: [UITouch], phases: TouchPhases, event: UIEvent, to recognizer: UIGestureRecognizer) {
        // A recognizer that failed, recognized or was cancelled gets nothing more (each call below is guarded so),
        // and its sets are not built (issue 27: a failed tap beside a pan built a set of every moving touch).
        guard recognizer.receivesTouches else { return }
        // Only the sets of the phases in the frame are taken out (swapped, so no retain or release): a move
        // touches one set, not four (issue 27).
        // Optional, so a frame that only moves makes no empty set to release (issue 27: three releases a recognizer).
        var began: Set<UITouch>?, ended: Set<UITouch>?, cancelled: Set<UITouch>?
        if phases.began { began = deliveryScratch.takeBegan() }
        if phases.ended { ended = deliveryScratch.takeEnded() }
        if phases.cancelled { cancelled = deliveryScratch.takeCancelled() }
        defer {
            if let set = began.take() { deliveryScratch.putBack(began: set) }
            if let set = ended.take() { deliveryScratch.putBack(ended: set) }
            if let set = cancelled.take() { deliveryScratch.putBack(cancelled: set) }
        }
        // The moved touches are compared with the recognizer's last moved set as they are found: a steady drag
        // moves the same fingers frame after frame, and that set is handed over again as it is.
        var movedCount = 0
        var movedChanged = false
        // Sorted unretained (see `deliverToRecognizers`): no recognizer runs until the sets are made. The touch's
        // position in the frame is where it usually is in the recognizer's history too.
        var position = 0
        touches.forEachUnretained { touch in
            defer { position += 1 }
            guard isDelivered(touch, to: recognizer) else { return }
            switch touch.phase {
            case .began:
                // A recognizer waiting for a failure has finished its own gesture: it takes no new touch.
                guard recognizer.acceptsNewTouches else { return }
                began?.insert(touch)
            case .moved:
                guard recognizer.tracks(touch, hint: position) else { return }
                if !movedChanged && !recognizer.movedDelivery.holds(touch, at: movedCount) { movedChanged = true }
                movedCount += 1
            case .ended: if recognizer.tracks(touch, hint: position) { ended?.insert(touch) }
            case .cancelled: if recognizer.tracks(touch, hint: position) { cancelled?.insert(touch) }
            case .stationary: return
            }
        }
        if movedCount != recognizer.movedDelivery.count { movedChanged = true }
        if movedChanged {
            recognizer.movedDelivery.removeAll()
            for touch in touches where touch.phase == .moved && recognizer.tracks(touch) {
                guard isDelivered(touch, to: recognizer) else { continue }
                recognizer.movedDelivery.append(touch)
            }
        }
        if let began, !began.isEmpty, recognizer.receivesTouches {
            recognizer.environment = self
            if !active.contains(where: { $0 === recognizer }) { active.append(recognizer) }
            for touch in touches where began.contains(touch) {
                recognizer.trackedTouches.append(touch)
                recognizer.touchHistory.append(touch)
            }
            recognizer.touchesBegan(began, with: event)
        }
        if movedCount > 0, recognizer.receivesTouches { recognizer.touchesMoved(recognizer.movedDelivery.touches, with: event) }
        if let ended, !ended.isEmpty, recognizer.receivesTouches { recognizer.touchesEnded(ended, with: event) }
        if let cancelled, !cancelled.isEmpty, recognizer.receivesTouches { recognizer.touchesCancelled(cancelled, with: event) }
    }

    /// Whether `touch`'s record lists `recognizer` (the recognizers collected when it began), read unretained.
    @inline(__always)
    private func isDelivered(_ touch: UITouch, to recognizer: UIGestureRecognizer) -> Bool {
        guard let reference = unretainedRecord(for: touch) else { return false }
        return reference._withUnsafeGuaranteedRef { $0.recognizers.containsIdentical(recognizer) }
    }

    // MARK: End of a frame

    func finishFrame(_ touches: [UITouch], phases: TouchPhases) {
        if phases.final {
            for record in records where record.touch.phase.isFinal {
                record.isOver = true
                hasOverRecords = true
            }
            for recognizer in active where recognizer.trackedTouches.contains(where: { $0.phase.isFinal }) {
                recognizer.lastTrackedTouches = recognizer.trackedTouches
                recognizer.trackedTouches.removeAll { $0.phase.isFinal }
            }
        }
        resetFinishedRecognizers()
    }

    /// UIKit: after ended, recognized, failed or cancelled, and once its touches are gone, a recognizer
    /// resets to possible.
    func resetFinishedRecognizers() {
        guard !pass.isDeliveringTouches else { return }
        var index = 0
        while index < active.count {
            // Looked at unretained (`active` holds it; issue 27: a retain and a release a recognizer each frame),
            // taken out of `active` (owned) only to be reset.
            let resets = active.unretained(at: index)._withUnsafeGuaranteedRef { recognizer in
                recognizer.machine.applied.isFinished && recognizer.machine.state.isFinished
                    && recognizer.trackedTouches.isEmpty && !requests.contains(where: { $0.recognizer === recognizer })
            }
            if resets {
                active.remove(at: index).performReset()
            } else {
                index += 1
            }
        }
    }
}

// MARK: - View delivery

extension UIGestureEnvironment {
    /// Whether the view does not get this frame's change of `touch` now (the plan withholds it): the
    /// environment records what it withholds or holds back, to replay it later.
    func withholdsFromView(_ touch: UITouch) -> Bool {
        // Unretained (`unretainedRecord(for:)`): a retain and a release a touch each frame otherwise (issue 27).
        guard let reference = unretainedRecord(for: touch) else { return false }
        return reference._withUnsafeGuaranteedRef { record in withholdsFromView(touch, record: record) }
    }

    private func withholdsFromView(_ touch: UITouch, record: GestureTouchRecord) -> Bool {
        if record.isTakenFromView { return true }
        if !record.withheld.isEmpty {
            // Still withheld: later frames queue up behind the withheld began.
            record.withheld.append(TouchSnapshot(of: touch, frame: frame))
        } else if touch.phase == .began && delaysBegan(record) {
            // UIKit delaysTouchesBegan: nothing reaches the view while the recognizer is possible.
            record.withheld.append(TouchSnapshot(of: touch, frame: frame))
        } else if touch.phase == .ended && touch.viewReceivedBegan && delaysEnded(record) {
            // UIKit delaysTouchesEnded: the view's touchesEnded waits for the recognizer's verdict, at most
            // `delayedTouchesEndedTimeout` (a recognizer waiting for another tap lets it go after 0.15 s).
            hold(TouchSnapshot(of: touch, frame: frame), of: record)
        } else {
            return false
        }
        return true
    }

    private func hold(_ end: TouchSnapshot, of record: GestureTouchRecord) {
        record.heldEnd = end
        // Strong captures, not weak (a weak reference gives the record a side table, and records are retained on
        // every frame): the cycle record → timer → record is broken when the end is released or dropped
        // (`releaseHeldEnd`, `clearHeldDeliveries` clear `heldEndTimer`), or by `tearDown`.
        record.heldEndTimer = schedule(after: GestureConstants.delayedTouchesEndedTimeout) { [self, record] in
            releaseHeldEnd(of: record)
        }
    }

    /// Some recognizer of the touch that delays began is still possible (waiting for a failure included).
    func delaysBegan(_ record: GestureTouchRecord) -> Bool {
        record.recognizers.contains {
            $0.delaysTouchesBegan && $0.machine.applied == .possible && $0.tracks(record.touch)
        }
    }

    func delaysEnded(_ record: GestureTouchRecord) -> Bool {
        record.recognizers.contains {
            $0.delaysTouchesEnded && $0.machine.applied == .possible && $0.tracks(record.touch)
        }
    }

    /// Delivers what is no longer held: withheld frames whose delaying recognizers have all left possible
    /// (replayed in frame order, began first, each with its original data), then held ends nobody delays.
    func releaseHeldDeliveries() {
        // The withheld began goes to the view now: the recognizers that delayed it (a scroll view's) are told
        // first, and may keep it from the view (touchesShouldBegin false).
        var freed: [GestureTouchRecord] = []
        for record in records where !record.withheld.isEmpty && !record.isTakenFromView && !delaysBegan(record) {
            freed.append(record)
        }
        if !freed.isEmpty { askBeforeDelivering(freed) }
        var released: [(record: GestureTouchRecord, snapshot: TouchSnapshot)] = []
        for record in records where !record.withheld.isEmpty {
            if record.isTakenFromView {
                record.clearHeldDeliveries()
            } else if !delaysBegan(record) {
                for snapshot in record.withheld { released.append((record, snapshot)) }
                record.withheld.removeAll()
            }
        }
        if !released.isEmpty { replay(released) }
        for record in records where record.heldEnd != nil && !delaysEnded(record) {
            releaseHeldEnd(of: record)
        }
    }

    /// Replays withheld frames: per frame, the touches of one phase on one view arrive in one call. A
    /// replayed end that a `delaysTouchesEnded` recognizer still holds becomes a held end.
    private func replay(_ released: [(record: GestureTouchRecord, snapshot: TouchSnapshot)]) {
        var deliverable: [(record: GestureTouchRecord, snapshot: TouchSnapshot)] = []
        for item in released {
            if item.snapshot.phase == .ended && delaysEnded(item.record) {
                hold(item.snapshot, of: item.record)
            } else {
                deliverable.append(item)
            }
        }
        let ordered = deliverable.enumerated().sorted {
            ($0.element.snapshot.frame, $0.offset) < ($1.element.snapshot.frame, $1.offset)
        }.map(\.element)
        var start = 0
        while start < ordered.count {
            var end = start + 1
            let first = ordered[start]
            while end < ordered.count, ordered[end].snapshot.frame == first.snapshot.frame,
                ordered[end].snapshot.phase == first.snapshot.phase,
                ordered[end].record.window === first.record.window
            {
                end += 1
            }
            var plan = TouchDeliveryPlan()
            plan.replay(TouchReplay(ordered[start..<end].map { ($0.record.touch, $0.snapshot) }, phase: first.snapshot.phase))
            first.record.window.execute(plan, event: first.record.event)
            start = end
        }
    }

    /// Before the views get the began of `records`' touches: each recognizer that withheld them or must be
    /// asked about them (`willDeliverWithheldTouches(_:with:)`), once, with its touches, in the order the
    /// recognizers were collected. Touches already at their views or taken from them are skipped.
    func askBeforeDelivering(_ records: [GestureTouchRecord]) {
        var askers: [(recognizer: UIGestureRecognizer, records: [GestureTouchRecord])] = []
        func add(_ recognizer: UIGestureRecognizer, _ record: GestureTouchRecord) {
            if let index = askers.firstIndex(where: { $0.recognizer === recognizer }) {
                askers[index].records.append(record)
            } else {
                askers.append((recognizer, [record]))
            }
        }
        for record in records where !record.isTakenFromView && !record.touch.viewReceivedBegan {
            for recognizer in record.recognizers where recognizer.tracks(record.touch) { add(recognizer, record) }
            for recognizer in record.askedBeforeDelivery { add(recognizer, record) }
        }
        for (recognizer, group) in askers {
            recognizer.willDeliverWithheldTouches(Set(group.map(\.touch)), with: group[0].event)
        }
    }

    /// Gives the view its held-back `touchesEnded` (the recognizer failed, or the 0.15 s ran out).
    func releaseHeldEnd(of record: GestureTouchRecord) {
        guard let snapshot = record.heldEnd else { return }
        record.heldEnd = nil
        record.heldEndTimer?.invalidate()
        record.heldEndTimer = nil
        guard !record.isTakenFromView else { return }
        var plan = TouchDeliveryPlan()
        plan.replay(TouchReplay([(record.touch, snapshot)], phase: .ended))
        record.window.execute(plan, event: record.event)
    }

    /// UIKit cancelsTouchesInView: the views get `touchesCancelled` for the recognizer's touches they had
    /// seen, and nothing more of them (withheld frames and held ends are dropped: the view never sees them).
    func cancelViewTouches(of recognizer: UIGestureRecognizer, recognized state: UIGestureRecognizer.State) {
        var groups: [(window: UIWindow, event: UIEvent, touches: [UITouch])] = []
        for touch in recognizer.touchHistory {
            guard let record = record(for: touch), !record.isTakenFromView else { continue }
            record.takeFromView()
            if let index = groups.firstIndex(where: { $0.window === record.window && $0.event === record.event }) {
                groups[index].touches.append(touch)
            } else {
                groups.append((record.window, record.event, [touch]))
            }
        }
        guard !groups.isEmpty else { return }
        let cause = TouchCancelCause.recognizer(recognizer, state: state)
        for group in groups {
            var plan = TouchDeliveryPlan()
            plan.cancel(group.touches, cause: cause)
            group.window.execute(plan, event: group.event)
        }
    }
}

extension UIGestureEnvironment {
    /// Why the views lose their touches, as the trace says it: the recognizer (its scene id, else its
    /// class) and the property that makes it take them. A scroll view's pan is the scroll view dragging:
    /// `canCancelContentTouches` (and `touchesShouldCancelInContentView:` YES) let it take them
    /// (developer.apple.com/documentation/uikit/uiscrollview/cancancelcontenttouches).
    static func cancelCause(of recognizer: UIGestureRecognizer, state: UIGestureRecognizer.State) -> String {
        if let pan = recognizer as? UIScrollViewPanGestureRecognizer, let scrollView = pan.scrollView {
            return "\(scrollView.traceClassName) began panning; canCancelContentTouches = YES"
        }
        let verb = state == .began ? "began" : "recognized"
        return "\(recognizer.name ?? recognizer.traceClassName) \(verb); cancelsTouchesInView = YES"
    }
}

// MARK: - GestureTouchRecord

/// The gesture environment's bookkeeping for one touch: its recognizers (collected when it began) and what
/// of the view's share is being withheld or held back.
final class GestureTouchRecord {
    let touch: UITouch
    let window: UIWindow
    /// The touches event of the touch's sequence (a replay or cancellation later reuses it).
    let event: UIEvent
    /// UIKit: the recognizers of the hit-tested view and its ancestors that agreed to receive the touch.
    @exclusivity(unchecked)
    var recognizers: [UIGestureRecognizer]
    /// Frames withheld from the view by `delaysTouchesBegan` (the began first), replayed on release.
    @exclusivity(unchecked)
    var withheld: [TouchSnapshot] = []
    /// The view's `touchesEnded`, held back by `delaysTouchesEnded`.
    @exclusivity(unchecked)
    var heldEnd: TouchSnapshot?
    /// Releases `heldEnd` after `GestureConstants.delayedTouchesEndedTimeout`.
    @exclusivity(unchecked)
    var heldEndTimer: RunLoopTimer?
    /// A recognizer took the touch from its view (cancelsTouchesInView), or the scroll view kept it from its
    /// content (`touchesShouldBegin` false): the view gets nothing more of it.
    @exclusivity(unchecked)
    var isTakenFromView = false

    /// The environment keeping the record (which owns it): not retained.
    unowned(unsafe) let environment: UIGestureEnvironment

    init(
        touch: UITouch, window: UIWindow, event: UIEvent, recognizers: [UIGestureRecognizer],
        environment: UIGestureEnvironment
    ) {
        self.touch = touch
        self.window = window
        self.event = event
        self.recognizers = recognizers
        self.environment = environment
    }

    /// Recognizers that do not track the touch but must be asked before its began reaches the view: the
    /// delayed-touches recognizers of scroll views above it that had already stopped delaying.
    @exclusivity(unchecked)
    var askedBeforeDelivery: [UIGestureRecognizer] = []

    /// Set at the end of the frame in which the touch ended or was cancelled.
    @exclusivity(unchecked)
    var isOver = false

    /// Nothing more for the environment to do with this touch (dropped before the next frame).
    var isSettled: Bool { isOver && withheld.isEmpty && heldEnd == nil }

    func clearHeldDeliveries() {
        withheld.removeAll()
        heldEnd = nil
        heldEndTimer?.invalidate()
        heldEndTimer = nil
    }

    /// The view gets nothing more of this touch: what was withheld or held back is dropped.
    func takeFromView() {
        clearHeldDeliveries()
        isTakenFromView = true
    }
}

// MARK: - TouchSnapshot

/// A touch's data at one frame, kept while the view's share of the touch is withheld, so a replay delivers
/// it "with its original data" (event-delivery.md §5) even though the UITouch has moved on since.
struct TouchSnapshot {
    /// Which interceptor pass (frame) produced it: replays keep frames apart and in order.
    let frame: UInt64
    let phase: UITouch.Phase
    let screenLocation: CGPoint
    let previousScreenLocation: CGPoint
    let timestamp: TimeInterval

    init(of touch: UITouch, frame: UInt64) {
        self.frame = frame
        self.phase = touch.phase
        self.screenLocation = touch.screenLocation
        self.previousScreenLocation = touch.previousScreenLocation
        self.timestamp = touch.timestamp
    }

    /// Puts the snapshot's data into `touch` and returns what it replaced (to restore after the call): UIKit's
    /// `_loadStateFromTouch:` around a delayed delivery. Only the window's replay calls it.
    func swap(into touch: UITouch) -> TouchSnapshot {
        let current = TouchSnapshot(of: touch, frame: frame)
        touch.phase = phase
        touch.screenLocation = screenLocation
        touch.previousScreenLocation = previousScreenLocation
        touch.timestamp = timestamp
        return current
    }
}
