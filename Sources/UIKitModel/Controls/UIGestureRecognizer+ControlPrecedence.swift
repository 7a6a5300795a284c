import Foundation

extension UIGestureRecognizer {
    /// A single-finger, single-tap recognizer: the gesture a button, switch, stepper, segmented control or
    /// page control owns (UIKit's control precedence, event-delivery.md section 6).
    var isSingleFingerSingleTap: Bool {
        guard let tap = self as? UITapGestureRecognizer else { return false }
        return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
    }

    /// A single-finger swipe whose allowed directions include one along the x axis (a slider's travel).
    var isSingleFingerHorizontalSwipe: Bool {
        guard let swipe = self as? UISwipeGestureRecognizer, swipe.numberOfTouchesRequired == 1 else { return false }
        return !swipe.direction.isDisjoint(with: [.left, .right])
    }

    /// A pan that is following exactly one finger.
    var isSingleFingerPan: Bool {
        guard self is UIPanGestureRecognizer else { return false }
        return numberOfTouches == 1
    }
}
