import Foundation
import RunLoopKit

/// UIKit's `UIScrollView`: a view whose `bounds.origin` is its `contentOffset`, so hit-testing and coordinate
/// conversion of its subviews account for scrolling; dragged by its own pan recognizer; holding its content's
/// touches back for 0.15 s (`delaysContentTouches`) to see whether they become a scroll (event-delivery.md
/// section 7).
open class UIScrollView: UIView {
    /// The scroll view's pan: dragging moves the content.
    let panGestureRecognizer = UIScrollViewPanGestureRecognizer()
    /// UIKit's private `UIScrollViewDelayedTouchesBeganGestureRecognizer`: withholds content touches for 0.15 s.
    let delayedTouchesRecognizer = UIScrollViewDelayedTouchesBeganGestureRecognizer()

    /// UIKit's `delegate`: told when the content scrolls and when dragging begins and ends (weak).
    @exclusivity(unchecked)
    public weak var delegate: UIScrollViewDelegate?

    /// The size of the content; the offset ranges over `0 ... contentSize - bounds.size` on each axis.
    @exclusivity(unchecked)
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
    @exclusivity(unchecked)
    public var delaysContentTouches = true {
        didSet { delayedTouchesRecognizer.delaysTouchesBegan = delaysContentTouches }
    }

    /// UIKit default true: a drag may take touches the content has already begun to track.
    @exclusivity(unchecked)
    public var canCancelContentTouches = true

    /// UIKit's `isScrollEnabled` (true): false makes the scroll view's pan fail, so the content keeps its touches.
    @exclusivity(unchecked)
    public var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }

    /// UIKit: scrolling along an axis needs content larger than the bounds, unless bouncing is forced.
    @exclusivity(unchecked)
    public var alwaysBounceVertical = false
    /// UIKit's `alwaysBounceHorizontal` (false): true lets a horizontal drag scroll content no wider than the view.
    @exclusivity(unchecked)
    public var alwaysBounceHorizontal = false

    /// True from the moment a finger touches the scroll view until its touches are gone.
    @exclusivity(unchecked)
    var isTracking = false
    /// True while the pan is moving the content.
    @exclusivity(unchecked)
    var isDragging = false

    /// The offset when the current drag began.
    @exclusivity(unchecked)
    var dragStartOffset: CGPoint = .zero
    /// The application the tracking mode was pushed on (popped there even if the view left its window).
    @exclusivity(unchecked)
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
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        recordCall("touchesShouldBegin:withEvent:inContentView:", group: .scrolling, touches: touches, result: "YES")
        return true
    }

    /// UIKit: asked when a drag is about to begin while `view` already tracks the touch; false keeps the touch
    /// with the view and the scroll view does not scroll. Default: true, except for controls.
    open func touchesShouldCancel(in view: UIView) -> Bool {
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

// MARK: - Dragging

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

// MARK: - UIScrollViewDelegate

/// UIKit's `UIScrollViewDelegate` (the scrolling and dragging part). Every method is optional, as in UIKit.
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
}

// MARK: - UIScrollViewPanGestureRecognizer

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

// MARK: - UIScrollViewDelayedTouchesBeganGestureRecognizer

/// UIKit's private `UIScrollViewDelayedTouchesBeganGestureRecognizer`: the recognizer through which a scroll
/// view with `delaysContentTouches` withholds `touchesBegan` from its content (event-delivery.md section 7).
///
/// It never recognizes; it only ever fails, and its failure is what lets the withheld touches through
/// (`delaysTouchesBegan`):
/// - the finger is still down after `delay` (0.15 s): it fails, the content gets the withheld began;
/// - the finger lifts first: it fails once every recognizer has seen the lift, so the content gets the
///   withheld began and, at once, the end — unless a recognizer recognized the touch meanwhile and cancelled
///   the content's touches (a tap on an ancestor), in which case the content never sees the touch;
/// - the scroll view's pan (or any other recognizer) takes the touch first: exclusivity fails it, and the
///   pan's cancellation drops the withheld touches; a recognizer that does not cancel touches in its view
///   lets them through.
///
/// Whichever way the touches go to the content, the scroll view is asked `touchesShouldBegin(_:with:in:)`
/// first, once per touch, and a refusal keeps them from it (`sendTouchesShouldBeginForDelayedTouches(_:with:)`,
/// the method seed 000 hooked: its log shows the question before the content's `touchesBegan`). The paths
/// it decides itself (timer, lift) ask before failing; the others (another recognizer recognized without
/// cancelling, a cancel, a second finger) are asked by the gesture environment just before it releases the
/// touches (`willDeliverWithheldTouches(_:with:)`), or, for a finger landing after this recognizer has
/// failed, before that finger's began reaches the content.
package final class UIScrollViewDelayedTouchesBeganGestureRecognizer: UIGestureRecognizer {
    /// UIKit's content-touch delay.
    package static let delay: TimeInterval = 0.15

    @exclusivity(unchecked)
    private var timer: RunLoopTimer?
    /// The touches the scroll view has been asked about since the last reset (each is asked once).
    @exclusivity(unchecked)
    private var askedTouches: [UITouch] = []
    /// Counts resets: a decision scheduled for after a frame is dropped if the recognizer reset meanwhile
    /// (another recognizer failed it and its touches are gone), instead of failing the next sequence.
    @exclusivity(unchecked)
    private var resets = 0

    // The timers' closures hold this recognizer unowned (a weak reference would give it a side table, and every
    // retain and release on the touch path would take the slow way): they must not outlive it.
    deinit { timer?.invalidate() }

    package override init() {
        super.init()
        delaysTouchesBegan = true
        // It never recognizes, so it cancels nothing; and it does not hold ends (it is gone by then).
        cancelsTouchesInView = false
        delaysTouchesEnded = false
    }

    var scrollView: UIScrollView? { view as? UIScrollView }

    package override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible else { return }
        guard delaysTouchesBegan else {
            // delaysContentTouches == false: the content gets the touches now, if the scroll view agrees.
            sendTouchesShouldBeginForDelayedTouches(touches, with: event)
            state = .failed
            return
        }
        guard timer == nil else { return }
        timer = schedule(after: Self.delay) { [unowned self] in
            guard self.state == .possible else { return }
            self.timer = nil
            self.sendTouchesShouldBeginForDelayedTouches(Set(self.touchHistory), with: event)
            self.state = .failed
        }
    }

    package override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard state == .possible else { return }
        timer?.invalidate()
        timer = nil
        // Decide after the whole frame (a run-loop block runs right after the event source's callout): if a
        // recognizer recognized this same lift (a tap above) it has cancelled the content's touches and there
        // is nothing to ask `touchesShouldBegin` about; otherwise the content gets began and end at once —
        // every finger it withheld, not only the one that lifted (a second finger still down goes too).
        let sequence = resets
        view?.hostApplication?.runLoop.perform(inModes: [.common]) { [weak self] in
            guard let self, self.resets == sequence, self.state == .possible else { return }
            self.sendTouchesShouldBeginForDelayedTouches(Set(self.touchHistory), with: event)
            self.state = .failed
        }
    }

    package override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        // The withheld began is still delivered (then the cancel), so the environment asks first.
        if state == .possible { state = .failed }
    }

    package override func reset() {
        super.reset()
        timer?.invalidate()
        timer = nil
        askedTouches.removeAll()
        resets &+= 1
    }

    /// The environment is about to hand the content touches this recognizer held back (or, having failed,
    /// did not see): the scroll view is asked first.
    override func willDeliverWithheldTouches(_ touches: Set<UITouch>, with event: UIEvent) {
        sendTouchesShouldBeginForDelayedTouches(touches, with: event)
    }

    /// UIKit's `sendTouchesShouldBeginForDelayedTouches:`: `touchesShouldBegin(_:with:in:)` for each content
    /// view, once per touch; the touches of a view that refuses never reach it. Touches already taken from
    /// their views, already delivered, or on the scroll view itself are not asked about.
    func sendTouchesShouldBeginForDelayedTouches(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let scrollView else { return }
        let environment = self.environment ?? scrollView.hostApplication?.gestureEnvironment
        var views: [UIView] = []
        var pending: [UITouch] = []
        for touch in touches.sorted(by: { $0.sequenceNumber < $1.sequenceNumber }) {
            guard let view = touch.view, view !== scrollView, !touch.viewReceivedBegan,
                !askedTouches.contains(where: { $0 === touch }), !(environment?.isTakenFromView(touch) ?? false)
            else { continue }
            askedTouches.append(touch)
            pending.append(touch)
            if !views.contains(where: { $0 === view }) { views.append(view) }
        }
        for view in views {
            let group = Set(pending.filter { $0.view === view })
            if !scrollView.touchesShouldBegin(group, with: event, in: view) {
                environment?.keepFromView(group)
            }
        }
    }
}
