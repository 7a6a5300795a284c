import Foundation
import RunLoopKit

extension UIScrollView {
    /// The largest offset on each axis (never negative).
    var maximumContentOffset: CGPoint {
        CGPoint(x: max(contentSize.width - bounds.width, 0), y: max(contentSize.height - bounds.height, 0))
    }

    /// Whether the content can move along x / y.
    var canScrollHorizontally: Bool { contentSize.width > bounds.width || alwaysBounceHorizontal }
    var canScrollVertically: Bool { contentSize.height > bounds.height || alwaysBounceVertical }

    /// UIKit's rules for the scroll view's pan leaving possible:
    /// - it scrolls only along an axis it can scroll (the drag's main axis decides);
    /// - if the content already has the touch (the 0.15 s passed), the drag takes it only when
    ///   `canCancelContentTouches` and `touchesShouldCancel(in:)` allow; otherwise the content keeps it.
    func shouldBeginDragging() -> Bool {
        let translation = panGestureRecognizer.translation(in: self)
        let alongX = abs(translation.x) > abs(translation.y)
        guard alongX ? canScrollHorizontally : canScrollVertically else { return false }
        for touch in panGestureRecognizer.trackedTouches {
            guard let view = touch.view, view !== self,
                panGestureRecognizer.environment?.contentHasTouch(touch) ?? touch.viewIsTracking
            else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
        }
        return true
    }

    /// The pan's action: moves the content opposite to the finger, clamped to the content (this model does
    /// not rubber-band or decelerate). While dragging, the main loop runs in `UITrackingRunLoopMode`.
    func handlePan(_ recognizer: UIGestureRecognizer) {
        switch recognizer.state {
        case .began:
            dragStartOffset = contentOffset
            isDragging = true
            trackingModeApplication = hostApplication
            trackingModeApplication?.pushRunLoopMode(.tracking, requester: self)
            delegate?.scrollViewWillBeginDragging(self)
            followFinger()
        case .changed:
            followFinger()
        case .ended, .cancelled:
            followFinger()
            isDragging = false
            delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
            trackingModeApplication?.popRunLoopMode(.tracking, requester: self)
            trackingModeApplication = nil
        case .possible, .failed:
            return
        }
    }

    private func followFinger() {
        let translation = panGestureRecognizer.translation(in: self)
        var offset = dragStartOffset
        if canScrollHorizontally { offset.x -= translation.x }
        if canScrollVertically { offset.y -= translation.y }
        let maximum = maximumContentOffset
        contentOffset = CGPoint(x: min(max(offset.x, 0), maximum.x), y: min(max(offset.y, 0), maximum.y))
    }
}
