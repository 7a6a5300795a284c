import HIDEvent

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
