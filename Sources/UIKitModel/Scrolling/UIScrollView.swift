import Foundation

/// UIKit's `UIScrollView`: a view whose `bounds.origin` is its `contentOffset`, so hit-testing and coordinate
/// conversion of its subviews account for scrolling; dragged by its own pan recognizer; holding its content's
/// touches back for 0.15 s (`delaysContentTouches`) to see whether they become a scroll (event-delivery.md
/// section 7).
open class UIScrollView: UIView {
    /// The scroll view's pan: dragging moves the content.
    let panGestureRecognizer = UIScrollViewPanGestureRecognizer()
    /// UIKit's private `UIScrollViewDelayedTouchesBeganGestureRecognizer`: withholds content touches for 0.15 s.
    let delayedTouchesRecognizer = UIScrollViewDelayedTouchesBeganGestureRecognizer()

    public weak var delegate: UIScrollViewDelegate?

    /// The size of the content; the offset ranges over `0 ... contentSize - bounds.size` on each axis.
    public var contentSize: CGSize = .zero

    /// UIKit: the content's point shown at the scroll view's top-left corner; it is `bounds.origin`.
    public var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds.origin = newValue
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// UIKit default true: content touches are withheld until 0.15 s pass or the touch ends.
    public var delaysContentTouches = true {
        didSet { delayedTouchesRecognizer.delaysTouchesBegan = delaysContentTouches }
    }

    /// UIKit default true: a drag may take touches the content has already begun to track.
    public var canCancelContentTouches = true

    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }

    /// UIKit: scrolling along an axis needs content larger than the bounds, unless bouncing is forced.
    public var alwaysBounceVertical = false
    public var alwaysBounceHorizontal = false

    /// True from the moment a finger touches the scroll view until its touches are gone.
    var isTracking = false
    /// True while the pan is moving the content.
    var isDragging = false

    /// The offset when the current drag began.
    var dragStartOffset: CGPoint = .zero
    /// The application the tracking mode was pushed on (popped there even if the view left its window).
    weak var trackingModeApplication: UIApplication?

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        panGestureRecognizer.addTarget(self, action: UIScrollView.handlePan, name: "handlePan:")
        addGestureRecognizer(panGestureRecognizer)
        addGestureRecognizer(delayedTouchesRecognizer)
    }

    // MARK: Content touches (overridable, as in UIKit)

    /// UIKit: asked before withheld (or, without `delaysContentTouches`, immediate) touches go to `view`, a
    /// view in the content; false keeps them from it. Default true.
    func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        recordCall("touchesShouldBegin:withEvent:inContentView:", group: .scrolling, touches: touches, result: "YES")
        return true
    }

    /// UIKit: asked when a drag is about to begin while `view` already tracks the touch; false keeps the touch
    /// with the view and the scroll view does not scroll. Default: true, except for controls.
    func touchesShouldCancel(in view: UIView) -> Bool {
        let cancels = !(view is UIControl)
        recordCall(
            "touchesShouldCancelInContentView:", group: .scrolling, result: cancels ? "YES" : "NO",
            reason: cancels ? nil : "a control keeps its touches")
        return cancels
    }

    /// UIKit: the scroll view decides whether its own pan may begin (`shouldBeginDragging`); other recognizers
    /// are answered as any view would.
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === panGestureRecognizer { return shouldBeginDragging() }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
