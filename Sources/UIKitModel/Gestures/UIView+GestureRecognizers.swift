extension UIView {
    /// UIKit's `gestureRecognizers` (nil when there are none, as in UIKit).
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for recognizer in attachedGestureRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// UIKit: attaches `recognizer` (moving it from any other view); it will see the touches of this view
    /// and of its descendants from the next touch on.
    public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        attachedGestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Every recognizer of this view and of its descendants that still holds touches is reset, forgetting them
    /// (the application is going away: `UIApplication.deinit`). A built-in recognizer's `reset` only clears its
    /// state and invalidates its timers.
    func releaseTrackedTouches() {
        for recognizer in attachedGestureRecognizers where recognizer.holdsTouches { recognizer.performReset() }
        for subview in subviews { subview.releaseTrackedTouches() }
    }

    /// UIKit: detaching a recognizer that is tracking touches cancels (or fails) it first.
    package func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        guard recognizer.view === self else { return }
        recognizer.environment?.recognizerWasDisabled(recognizer)
        attachedGestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }
}
