import Foundation
import HIDEvent

extension UIEventDispatcher {
    /// One digitizer frame → updates to the sequence's UITouches → one trip of the touches event through the
    /// queue. Touches not mentioned in the frame, or mentioned with no change, are stationary.
    ///
    /// The hit-test rule (observed UIKit behaviour, event-delivery.md section 3): the windows are hit-tested
    /// for every finger whose phase in this frame is BEGAN or ENDED — never for moved, stationary or
    /// cancelled. The began pass chooses the touch's window and view; the ended pass runs the same calls
    /// (so a single tap shows the whole hitTest/pointInside pass twice) and its answer is discarded:
    /// delivery stays with the view chosen at began.
    func dispatchDigitizer(_ frame: HIDDigitizerFrame, hardwareTime: UInt64, coalesced: [HIDMessage] = []) {
        let event = touchesEvent ?? UIEvent(type: .touches)
        let timestamp = Self.seconds(hardwareTime)
        for touch in event.touchesInOrder { touch.phase = .stationary }
        // The samples are kept as they came; touches are made from them only if someone asks.
        event.coalescedFrames = coalesced
        var changed = false

        for finger in frame.children where finger.depth > 0 {
            let existing = touchesByTransducer[finger.transducerIndex]
            guard let phase = UITouch.Phase(hidFinger: finger, isTracked: existing != nil) else { continue }
            let location = CGPoint(x: CGFloat(finger.x), y: CGFloat(finger.y))
            event.timestamp = timestamp
            event.hardwareTimestamp = hardwareTime

            guard let touch = existing else {
                beginTouch(for: finger, at: location, hardwareTime: hardwareTime, in: event)
                changed = true
                continue
            }
            if phase == .began || phase == .stationary { continue }
            let header = openTouchHeader(touch: touch.sequenceNumber, phase: phase, at: location, hardwareTime: hardwareTime)
            switch phase {
            case .began, .stationary:
                continue
            case .moved:
                move(touch, to: location, timestamp: timestamp)
            case .ended:
                move(touch, to: location, timestamp: timestamp)
                touch.phase = .ended
                explainHitTestPass(for: touch.sequenceNumber, phase: .ended, stayingWith: touch.view)
                _ = application.hitTest(screenPoint: location, with: event)  // UIKit's end-of-touch pass; see above
                tapCounter.recordEnd(at: location, time: hardwareTime, tapCount: touch.tapCount)
            case .cancelled:
                touch.phase = .cancelled
                touch.timestamp = timestamp
            }
            header?.close(result: touch.view?.traceClassName ?? "no view")
            changed = true
        }

        if event.touchesInOrder.isEmpty { return }
        touchesEvent = event
        guard changed else { return }
        post(event)
        removeFinishedTouches(from: event)
    }

    private func beginTouch(for finger: HIDDigitizerEvent, at location: CGPoint, hardwareTime: UInt64, in event: UIEvent) {
        touchSequenceCounter += 1
        let touch = UITouch(
            transducerIndex: finger.transducerIndex, location: location, timestamp: Self.seconds(hardwareTime),
            tapCount: tapCounter.tapCount(forTouchDownAt: location, time: hardwareTime),
            sequenceNumber: touchSequenceCounter)
        touch.majorRadius = CGFloat(finger.majorRadius)
        touchesByTransducer[finger.transducerIndex] = touch
        event.touchesInOrder.append(touch)
        let header = openTouchHeader(touch: touch.sequenceNumber, phase: .began, at: location, hardwareTime: hardwareTime)
        explainHitTestPass(for: touch.sequenceNumber, phase: .began, stayingWith: nil)
        if let hit = application.hitTest(screenPoint: location, with: event) {
            touch.window = hit.window
            touch.view = hit.view
        }
        header?.close(result: touch.view?.traceClassName ?? "no view", reason: touch.view == nil ? "nothing was hit" : nil)
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
