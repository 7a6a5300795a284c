extension UITouch {
    /// UIKit's `UITouch.Phase`.
    package enum Phase: Int, Sendable, CaseIterable {
        case began, moved, stationary, ended, cancelled

        /// Ended or cancelled: the touch leaves its event after this frame.
        var isFinal: Bool { self == .ended || self == .cancelled }
    }
}
