extension UIGestureEnvironment {
    /// Keeps `touches` from their views for good, without a `touchesCancelled` (the views never saw them):
    /// what a scroll view's `touchesShouldBegin(_:with:in:)` returning false does.
    func keepFromView(_ touches: Set<UITouch>) {
        for touch in touches {
            record(for: touch)?.clearHeldDeliveries()
            touch.delivery.isCancelledForView = true
        }
    }
}
