import Foundation

/// UIKit's `UIPageControl`: a tap on the right of the current page's indicator moves to the next page, on
/// the left to the previous one, sending valueChanged when `currentPage` changes.
public class UIPageControl: UIControl {
    /// The distance between indicator centres: this model's value (classic UIKit draws 7-point dots 16 apart).
    static let indicatorSpacing: CGFloat = 16

    /// UIKit's `numberOfPages` (0); the current page stays within it.
    @exclusivity(unchecked)
    public var numberOfPages = 0 { didSet { currentPage = min(currentPage, max(numberOfPages - 1, 0)) } }
    /// UIKit's `currentPage` (0): a tap left or right of the dots moves it by one.
    @exclusivity(unchecked)
    public var currentPage = 0

    /// The x of the current page's indicator centre, in the control's coordinates (indicators are centred).
    var currentIndicatorX: CGFloat {
        let total = CGFloat(max(numberOfPages - 1, 0)) * UIPageControl.indicatorSpacing
        return bounds.midX - total / 2 + CGFloat(currentPage) * UIPageControl.indicatorSpacing
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, bounds.contains(touch.location(in: self)), numberOfPages > 1 else { return }
        let forward = touch.location(in: self).x > currentIndicatorX
        let page = min(max(currentPage + (forward ? 1 : -1), 0), numberOfPages - 1)
        guard page != currentPage else { return }
        currentPage = page
        sendValueChanged(with: event)
    }

    /// UIKit: a single-finger single tap on a page control belongs to it.
    override func defaultActionTakesPrecedence(over recognizer: UIGestureRecognizer) -> Bool {
        recognizer.isSingleFingerSingleTap
    }
}
