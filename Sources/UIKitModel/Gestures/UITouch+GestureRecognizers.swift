extension UITouch {
    /// UIKit's `gestureRecognizers`: the recognizers this touch is delivered to, collected when it began
    /// (nil once the touch is over, or when no recognizer took it).
    package var gestureRecognizers: [UIGestureRecognizer]? {
        window?.application?.gestureEnvironment?.recognizers(for: self)
    }
}
