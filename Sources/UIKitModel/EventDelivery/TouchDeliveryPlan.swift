/// What the window does with the views' share of touch changes, decided by the touch interceptor (the
/// gesture environment, which owns every recognizer-side reason to hold a touch back) and executed by the
/// window (`UIWindow.execute(_:event:)`), which owns what each view has received (event-delivery.md §5).
///
/// The window executes `steps` in order (replays of withheld state, cancellations), then hands `delivered`
/// (this frame's changes the views get now) to their views, skipping what its own view-side rules exclude:
/// a touch whose view never got its began, or whose view already got its end or a cancel.
package struct TouchDeliveryPlan {
    /// One thing the window does before this frame's deliveries.
    enum Step {
        /// A recorded state handed to the views: withheld began (delaysTouchesBegan, scroll views' content
        /// delay) or a held-back end (delaysTouchesEnded).
        case replay(TouchReplay)
        /// UIKit cancelsTouchesInView: the views get `touchesCancelled` for the touches they had seen, and
        /// nothing more of them.
        case cancel([UITouch])
    }

    /// Replays and cancellations, in the order the interceptor decided them.
    private(set) var steps: [Step] = []
    /// This frame's changes that the views get now, in the order their fingers came down.
    private(set) var delivered: [UITouch]
    /// This frame's changes the views do not get now (withheld, an end held back, or taken from the view).
    private(set) var withheld: [UITouch] = []

    /// A plan that delivers every one of `touches` to its view (what the window does with no recognizers).
    package init(delivering touches: [UITouch] = []) {
        delivered = touches
    }

    /// Keeps this frame's change of `touch` from its view (the interceptor replays it later, or never).
    package mutating func withhold(_ touch: UITouch) {
        guard let index = delivered.firstIndex(where: { $0 === touch }) else { return }
        withheld.append(delivered.remove(at: index))
    }

    /// Cancels `touches` in their views; this frame's changes of them are not delivered either.
    package mutating func cancel(_ touches: [UITouch]) {
        guard !touches.isEmpty else { return }
        steps.append(.cancel(touches))
        for touch in touches { withhold(touch) }
    }

    package mutating func replay(_ replay: TouchReplay) {
        guard !replay.touches.isEmpty else { return }
        steps.append(.replay(replay))
    }
}
