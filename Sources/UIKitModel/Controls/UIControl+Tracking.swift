extension UIControl {
    /// touchesBegan: take the first touch, highlight, ask `beginTracking`, send touchDown (+ touchDownRepeat).
    func trackTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // UIKit tracks a single touch; later fingers on the same control are ignored.
        guard trackingTouch == nil, let touch = touches.first else { return }
        trackingTouch = touch
        trackingStartLocation = touch.location(in: self)
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        isHighlighted = true
        guard isTracking else { return }
        var events: UIControl.Event = .touchDown
        if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
        sendActions(for: events, with: event)
    }

    /// touchesMoved: update inside/highlight, ask `continueTracking`, send drag inside/outside (+ enter/exit).
    func trackTouchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        let wasInside = isTouchInside
        isTouchInside = isInsideWithTolerance(touch)
        isHighlighted = isTouchInside
        guard isTracking else { return }
        isTracking = continueTracking(touch, with: event)
        guard isTracking else { return }
        var events: UIControl.Event = isTouchInside ? .touchDragInside : .touchDragOutside
        if isTouchInside && !wasInside { events.insert(.touchDragEnter) }
        if !isTouchInside && wasInside { events.insert(.touchDragExit) }
        sendActions(for: events, with: event)
    }

    /// touchesEnded: unhighlight, `endTracking`, then touchUpInside/touchUpOutside.
    func trackTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        isTouchInside = isInsideWithTolerance(touch)
        isHighlighted = false
        if isTracking {
            endTracking(touch, with: event)
            sendActions(for: touchUpEvents(inside: isTouchInside), with: event)
        }
        resetTracking()
    }

    /// touchesCancelled: unhighlight, `cancelTracking`, then touchCancel.
    func trackTouchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        isHighlighted = false
        if isTracking {
            cancelTracking(with: event)
            sendActions(for: .touchCancel, with: event)
        }
        resetTracking()
    }

    private func resetTracking() {
        isTracking = false
        isTouchInside = false
        trackingTouch = nil
    }

    /// Sends valueChanged and the primary action of a value control (switch, slider, stepper, ...).
    /// UIKit sends both from one `_sendActionsForEvents:` call, so a pair registered for both fires once.
    func sendValueChanged(with event: UIEvent?) {
        sendActions(for: [.valueChanged, .primaryActionTriggered], with: event)
    }
}
