extension UIGestureEnvironment {
    /// Keeps `touches` from their views for good, without a `touchesCancelled` (the views never saw them):
    /// what a scroll view's `touchesShouldBegin(_:with:in:)` returning false does.
    func keepFromView(_ touches: Set<UITouch>) {
        for touch in touches { record(for: touch)?.takeFromView() }
    }

    /// A recognizer or the scroll view took `touch` from its view: the view gets nothing more of it.
    func isTakenFromView(_ touch: UITouch) -> Bool {
        record(for: touch)?.isTakenFromView ?? false
    }

    /// The content view has `touch` under way (its began arrived, no end or cancel yet) and no recognizer
    /// took it: what a scroll view's drag would have to cancel.
    func contentHasTouch(_ touch: UITouch) -> Bool {
        touch.viewIsTracking && !isTakenFromView(touch)
    }
}
