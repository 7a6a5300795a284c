import Foundation
import RunLoopKit

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
///   pan's cancellation drops the withheld touches.
/// Before the content gets them, the scroll view's `touchesShouldBegin(_:with:in:)` may refuse them.
package final class UIScrollViewDelayedTouchesBeganGestureRecognizer: UIGestureRecognizer {
    /// UIKit's content-touch delay.
    package static let delay: TimeInterval = 0.15

    private var timer: RunLoopTimer?

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
            askScrollViewToBegin(touches, with: event)
            state = .failed
            return
        }
        guard timer == nil else { return }
        timer = schedule(after: Self.delay) { [unowned self] in
            guard self.state == .possible else { return }
            self.timer = nil
            self.askScrollViewToBegin(Set(self.trackedTouches), with: event)
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
        // is nothing to ask `touchesShouldBegin` about; otherwise the content gets began and end at once.
        view?.hostApplication?.runLoop.perform(inModes: [.common]) { [weak self] in
            guard let self, self.state == .possible else { return }
            self.askScrollViewToBegin(touches, with: event)
            self.state = .failed
        }
    }

    package override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        if state == .possible { state = .failed }
    }

    package override func reset() {
        super.reset()
        timer?.invalidate()
        timer = nil
    }

    /// `touchesShouldBegin(_:with:in:)` for each content view; the touches of a view that refuses never reach it.
    private func askScrollViewToBegin(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let scrollView else { return }
        var views: [UIView] = []
        for touch in touches {
            guard let view = touch.view, view !== scrollView, !views.contains(where: { $0 === view }) else { continue }
            views.append(view)
        }
        for view in views {
            let group = touches.filter { $0.view === view && !(environment?.isTakenFromView($0) ?? false) }
            if !group.isEmpty && !scrollView.touchesShouldBegin(group, with: event, in: view) {
                environment?.keepFromView(group)
            }
        }
    }
}
