import RunLoopKit

/// The gesture environment's bookkeeping for one touch: its recognizers (collected when it began) and what
/// of the view's share is being withheld or held back.
final class UIGestureTouchRecord {
    let touch: UITouch
    let window: UIWindow
    /// The touches event of the touch's sequence (a replay or cancellation later reuses it).
    let event: UIEvent
    /// UIKit: the recognizers of the hit-tested view and its ancestors that agreed to receive the touch.
    var recognizers: [UIGestureRecognizer]
    /// Frames withheld from the view by `delaysTouchesBegan` (the began first), replayed on release.
    var withheld: [UITouchSnapshot] = []
    /// The view's `touchesEnded`, held back by `delaysTouchesEnded`.
    var heldEnd: UITouchSnapshot?
    /// Releases `heldEnd` after `UIGestureConstants.delayedTouchesEndedTimeout`.
    var heldEndTimer: RunLoopTimer?
    /// A recognizer took the touch from its view (cancelsTouchesInView), or the scroll view kept it from its
    /// content (`touchesShouldBegin` false): the view gets nothing more of it.
    var isTakenFromView = false

    init(touch: UITouch, window: UIWindow, event: UIEvent, recognizers: [UIGestureRecognizer]) {
        self.touch = touch
        self.window = window
        self.event = event
        self.recognizers = recognizers
    }

    /// Set at the end of the frame in which the touch ended or was cancelled.
    var isOver = false

    /// Nothing more for the environment to do with this touch (dropped before the next frame).
    var isSettled: Bool { isOver && withheld.isEmpty && heldEnd == nil }

    func clearHeldDeliveries() {
        withheld.removeAll()
        heldEnd = nil
        heldEndTimer?.invalidate()
        heldEndTimer = nil
    }

    /// The view gets nothing more of this touch: what was withheld or held back is dropped.
    func takeFromView() {
        clearHeldDeliveries()
        isTakenFromView = true
    }
}
