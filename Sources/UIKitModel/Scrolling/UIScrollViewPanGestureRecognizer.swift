/// UIKit's `UIScrollViewPanGestureRecognizer`: the pan a scroll view drags its content with. It also keeps the
/// scroll view's `isTracking` (a finger is on it) up to date.
final class UIScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    var scrollView: UIScrollView? { view as? UIScrollView }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        scrollView?.isTracking = true
    }

    override func reset() {
        super.reset()
        scrollView?.isTracking = false
    }
}
