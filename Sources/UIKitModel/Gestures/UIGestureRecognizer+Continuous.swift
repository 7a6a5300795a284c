import Foundation

/// What the continuous recognizers (pan, pinch, rotation) share: a cap on the fingers they follow, the
/// fingers a lift still reports, the first two fingers' positions, and how a cancel ends them.
extension UIGestureRecognizer {
    /// Ignores every finger on the glass beyond the first `limit` (UIKit: a pinch or rotation follows two
    /// fingers, a pan `maximumNumberOfTouches`; the extra ones are never delivered to the recognizer again).
    func ignoreTouches(beyond limit: Int, for event: UIEvent) {
        let onScreen = touchesOnScreen
        guard onScreen.count > limit else { return }
        for touch in onScreen.suffix(onScreen.count - limit) { ignore(touch, for: event) }
    }

    /// The tracked touches whose positions a lift reports: the lifting fingers count where they left the
    /// glass; cancelled ones do not.
    var touchesReportingLift: [UITouch] { trackedTouches.filter { $0.phase != .cancelled } }

    /// Window locations of the first two of `touches`; nil with fewer than two.
    static func firstTwoLocations(of touches: [UITouch]) -> (CGPoint, CGPoint)? {
        guard touches.count >= 2 else { return nil }
        return (touches[0].location(in: nil), touches[1].location(in: nil))
    }

    /// UIKit: a cancelled touch fails a continuous recognizer that has not begun and cancels one that has.
    func cancelContinuousGesture() {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: return
        }
    }
}
