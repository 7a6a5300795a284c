extension UIGestureEnvironment {
    // MARK: Collecting and delivering

    /// UIKit: the recognizers of the hit-tested view, then of each ancestor up to the window, that are
    /// enabled, free to take a new touch, and agree to receive it (delegate and subclass `shouldReceive`).
    func beginTracking(_ touch: UITouch, in window: UIWindow, event: UIEvent) {
        var collected: [UIGestureRecognizer] = []
        var view = touch.view
        while let current = view {
            for recognizer in current.attachedGestureRecognizers where recognizer.acceptsNewTouches {
                guard recognizer.shouldReceive(touch),
                    recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
                else { continue }
                collected.append(recognizer)
            }
            view = current.superview
        }
        guard !collected.isEmpty else { return }
        records.append(UIGestureTouchRecord(touch: touch, window: window, event: event, recognizers: collected))
    }

    func deliverToRecognizers(_ touches: [UITouch], event: UIEvent) {
        var recipients: [UIGestureRecognizer] = []
        for touch in touches {
            guard let record = record(for: touch) else { continue }
            for recognizer in record.recognizers where !recipients.contains(where: { $0 === recognizer }) {
                recipients.append(recognizer)
            }
        }
        guard !recipients.isEmpty else { return }
        let enclosing = pass
        pass = enclosing.delivering
        defer { pass = enclosing }
        for recognizer in recipients { deliver(touches, event: event, to: recognizer) }
    }

    /// One call per phase, as UIKit's `_updateGestureWithEvent`: began, moved, ended, cancelled.
    private func deliver(_ touches: [UITouch], event: UIEvent, to recognizer: UIGestureRecognizer) {
        var began = Set<UITouch>(), moved = Set<UITouch>(), ended = Set<UITouch>(), cancelled = Set<UITouch>()
        for touch in touches {
            guard let record = record(for: touch), record.recognizers.contains(where: { $0 === recognizer }) else { continue }
            switch touch.phase {
            case .began:
                // A recognizer waiting for a failure has finished its own gesture: it takes no new touch.
                guard recognizer.acceptsNewTouches else { continue }
                began.insert(touch)
            case .moved: if recognizer.tracks(touch) { moved.insert(touch) }
            case .ended: if recognizer.tracks(touch) { ended.insert(touch) }
            case .cancelled: if recognizer.tracks(touch) { cancelled.insert(touch) }
            case .stationary: continue
            }
        }
        if !began.isEmpty, recognizer.receivesTouches {
            recognizer.environment = self
            if !active.contains(where: { $0 === recognizer }) { active.append(recognizer) }
            for touch in touches where began.contains(touch) {
                recognizer.trackedTouches.append(touch)
                recognizer.touchHistory.append(touch)
            }
            recognizer.touchesBegan(began, with: event)
        }
        if !moved.isEmpty, recognizer.receivesTouches { recognizer.touchesMoved(moved, with: event) }
        if !ended.isEmpty, recognizer.receivesTouches { recognizer.touchesEnded(ended, with: event) }
        if !cancelled.isEmpty, recognizer.receivesTouches { recognizer.touchesCancelled(cancelled, with: event) }
    }

    // MARK: End of a frame

    func finishFrame(_ touches: [UITouch]) {
        if touches.contains(where: { $0.phase.isFinal }) {
            for record in records where record.touch.phase.isFinal { record.isOver = true }
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
            let recognizer = active[index]
            let finished = recognizer.machine.applied.isFinished && recognizer.machine.state.isFinished
            if finished && recognizer.trackedTouches.isEmpty && !requests.contains(where: { $0.recognizer === recognizer }) {
                active.remove(at: index)
                recognizer.performReset()
            } else {
                index += 1
            }
        }
    }
}
