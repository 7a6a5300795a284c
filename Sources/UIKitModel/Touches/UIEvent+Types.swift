extension UIEvent {
    /// UIKit's `UIEvent.EventType`.
    package enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses
    }

    /// UIKit's `UIEvent.EventSubtype` (the cases this model produces).
    package enum EventSubtype: Int, Sendable {
        case none = 0
        case motionShake = 1
    }

    /// Which of `motionBegan/Ended/Cancelled` a motion event is delivered as.
    enum MotionPhase: Sendable {
        case began, ended, cancelled
    }
}
