extension UIApplication {
    /// Events with no location (motion, presses, remote control) go to the first responder and travel the
    /// responder chain from there (event-delivery.md section 4). With no first responder, delivery starts at
    /// `fallback` (the key window, or the application), as UIKit does.
    func deliverToFirstResponder(_ event: UIEvent, fallback: UIResponder) {
        let target = firstResponder ?? fallback
        switch event.type {
        case .motion:
            switch event.motionPhase {
            case .began: target.motionBegan(event.subtype, with: event)
            case .ended: target.motionEnded(event.subtype, with: event)
            case .cancelled: target.motionCancelled(event.subtype, with: event)
            }
        case .presses:
            guard let pressesEvent = event as? UIPressesEvent else { return }
            let presses = pressesEvent.changedPresses
            guard !presses.isEmpty else { return }
            switch pressesEvent.changedPhase {
            case .began: target.pressesBegan(presses, with: pressesEvent)
            case .changed, .stationary: target.pressesChanged(presses, with: pressesEvent)
            case .ended: target.pressesEnded(presses, with: pressesEvent)
            case .cancelled: target.pressesCancelled(presses, with: pressesEvent)
            }
        case .touches, .remoteControl:
            return
        }
    }
}
