extension UIGestureEnvironment {
    /// Whether the view does not get this frame's change of `touch` now (the plan withholds it): the
    /// environment records what it withholds or holds back, to replay it later.
    func withholdsFromView(_ touch: UITouch) -> Bool {
        guard let record = record(for: touch) else { return false }
        if record.isTakenFromView { return true }
        if !record.withheld.isEmpty {
            // Still withheld: later frames queue up behind the withheld began.
            record.withheld.append(UITouchSnapshot(of: touch, frame: frame))
        } else if touch.phase == .began && delaysBegan(record) {
            // UIKit delaysTouchesBegan: nothing reaches the view while the recognizer is possible.
            record.withheld.append(UITouchSnapshot(of: touch, frame: frame))
        } else if touch.phase == .ended && touch.viewReceivedBegan && delaysEnded(record) {
            // UIKit delaysTouchesEnded: the view's touchesEnded waits for the recognizer's verdict, at most
            // `delayedTouchesEndedTimeout` (a recognizer waiting for another tap lets it go after 0.15 s).
            hold(UITouchSnapshot(of: touch, frame: frame), of: record)
        } else {
            return false
        }
        return true
    }

    private func hold(_ end: UITouchSnapshot, of record: UIGestureTouchRecord) {
        record.heldEnd = end
        record.heldEndTimer = schedule(after: UIGestureConstants.delayedTouchesEndedTimeout) { [weak self, weak record] in
            guard let self, let record else { return }
            self.releaseHeldEnd(of: record)
        }
    }

    /// Some recognizer of the touch that delays began is still possible (waiting for a failure included).
    func delaysBegan(_ record: UIGestureTouchRecord) -> Bool {
        record.recognizers.contains {
            $0.delaysTouchesBegan && $0.machine.applied == .possible && $0.tracks(record.touch)
        }
    }

    func delaysEnded(_ record: UIGestureTouchRecord) -> Bool {
        record.recognizers.contains {
            $0.delaysTouchesEnded && $0.machine.applied == .possible && $0.tracks(record.touch)
        }
    }

    /// Delivers what is no longer held: withheld frames whose delaying recognizers have all left possible
    /// (replayed in frame order, began first, each with its original data), then held ends nobody delays.
    func releaseHeldDeliveries() {
        var released: [(record: UIGestureTouchRecord, snapshot: UITouchSnapshot)] = []
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
    private func replay(_ released: [(record: UIGestureTouchRecord, snapshot: UITouchSnapshot)]) {
        var deliverable: [(record: UIGestureTouchRecord, snapshot: UITouchSnapshot)] = []
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

    /// Gives the view its held-back `touchesEnded` (the recognizer failed, or the 0.15 s ran out).
    func releaseHeldEnd(of record: UIGestureTouchRecord) {
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
    func cancelViewTouches(of recognizer: UIGestureRecognizer) {
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
        for group in groups {
            var plan = TouchDeliveryPlan()
            plan.cancel(group.touches)
            group.window.execute(plan, event: group.event)
        }
    }
}
