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
        /// nothing more of them; `cause` says who took them (`dismissTap recognized; cancelsTouchesInView = YES`).
        case cancel([UITouch], cause: TouchCancelCause?)
    }

    /// Replays and cancellations, in the order the interceptor decided them.
    var steps: [Step] { rare?.steps ?? [] }
    /// Whether there are any `steps`.
    var hasSteps: Bool { rare.map { !$0.steps.isEmpty } ?? false }
    /// This frame's changes, in the order their fingers came down: the views get those not withheld. The
    /// caller's array itself, shared: withholding marks a touch instead of copying the array out (issue 27: a
    /// pan that took its touches from their view withheld every move, two allocations a frame).
    private let touches: [UITouch]
    /// Which of `touches` are withheld: bit `i` for `touches[i]`, the first 64; `withheldBeyond` for the rest.
    private var withheldBits: UInt64 = 0
    /// What most frames' plans have none of: steps, and withheld touches past the 64th. Optional, so a plan without
    /// them has nothing to release for them (two empty arrays were two releases a frame; issue 27).
    private var rare: Rare?

    private struct Rare {
        var steps: [Step] = []
        var withheldBeyond: [Int] = []
    }

    /// A plan that delivers every one of `touches` to its view (what the window does with no recognizers).
    package init(delivering touches: [UITouch] = []) {
        self.touches = touches
    }

    /// This frame's changes that the views get now, in the order their fingers came down.
    var delivered: [UITouch] { touches.indices.filter { !isWithheld($0) }.map { touches[$0] } }
    /// This frame's changes the views do not get now (withheld, an end held back, or taken from the view), in
    /// the order their fingers came down.
    var withheld: [UITouch] { touches.indices.filter { isWithheld($0) }.map { touches[$0] } }

    /// Calls `body` with each touch the views get now, in `delivered`'s order, without building the array.
    func forEachDelivered(_ body: (UITouch) -> Void) {
        for index in touches.indices where !isWithheld(index) { body(touches[index]) }
    }

    /// The number of touches the views get now.
    var deliveredCount: Int {
        touches.count - withheldBits.nonzeroBitCount - (rare?.withheldBeyond.count ?? 0)
    }

    private func isWithheld(_ index: Int) -> Bool {
        index < 64 ? withheldBits & (1 << UInt64(index)) != 0 : rare?.withheldBeyond.contains(index) ?? false
    }

    private mutating func markWithheld(_ index: Int) {
        if index < 64 {
            withheldBits |= 1 << UInt64(index)
        } else {
            rare = rare ?? Rare()
            rare!.withheldBeyond.append(index)
        }
    }

    /// Keeps this frame's change of `touch` from its view (the interceptor replays it later, or never).
    package mutating func withhold(_ touch: UITouch) {
        guard let index = touches.indices.first(where: { touches[$0] === touch && !isWithheld($0) }) else { return }
        markWithheld(index)
    }

    /// Keeps this frame's change of `touches[index]` from its view: `withhold(_:)` for a caller that has the
    /// index (the gesture environment, for every touch of every frame: no search).
    mutating func withhold(at index: Int) {
        guard touches.indices.contains(index), !isWithheld(index) else { return }
        markWithheld(index)
    }

    /// Cancels `touches` in their views; this frame's changes of them are not delivered either.
    package mutating func cancel(_ touches: [UITouch], cause: TouchCancelCause? = nil) {
        guard !touches.isEmpty else { return }
        rare = rare ?? Rare()
        rare!.steps.append(.cancel(touches, cause: cause))
        for touch in touches { withhold(touch) }
    }

    package mutating func replay(_ replay: TouchReplay) {
        guard !replay.touches.isEmpty else { return }
        rare = rare ?? Rare()
        rare!.steps.append(.replay(replay))
    }
}

// MARK: - TouchCancelCause

/// Why touches are cancelled in their views, kept as the fact and put into words only when a trace reads it
/// (`text`): at a pan's begin the sentence was made for every cancel, read or not (issue 27: ~1,600 instructions a
/// pan in the bench app, which traces nothing).
package enum TouchCancelCause {
    /// A recognizer took the touches from their views (`cancelsTouchesInView`) on reaching `state`. Held only while
    /// the cancel is delivered (the plan's step, and the touch for the length of the call).
    case recognizer(UIGestureRecognizer, state: UIGestureRecognizer.State)
    /// A HID frame from `sender` cancelled the touch (protocols/hid-event.md, sender ids).
    case hidFrame(sender: UInt64)

    /// The sentence explained traces print (`UITouch.cancelCause`).
    var text: String {
        switch self {
        case .recognizer(let recognizer, let state): UIGestureEnvironment.cancelCause(of: recognizer, state: state)
        case .hidFrame(let sender): UIEventDispatcher.cancelCause(sender: sender)
        }
    }
}

// MARK: - TouchReplay

/// One replayed view call: `touches` (one or more views' touches) handed to their views in `phase`, each
/// with the state recorded when its delivery was held back, so the view gets a withheld began "with its
/// original data" (event-delivery.md §5) although the finger has moved on since.
package struct TouchReplay {
    package let phase: UITouch.Phase
    /// The live touches, in the order their fingers came down.
    let touches: [UITouch]
    /// Per touch, the state recorded when it was held back; nil: the touch's current state.
    let recorded: [TouchSnapshot]?

    /// Replays `touches` in `phase` with their current data (a test's interceptor releasing what it held).
    package init(_ touches: [UITouch], phase: UITouch.Phase) {
        self.phase = phase
        self.touches = touches
        self.recorded = nil
    }

    /// Replays recorded states, each given to its touch's view in `phase`.
    init(_ recorded: [(touch: UITouch, snapshot: TouchSnapshot)], phase: UITouch.Phase) {
        self.phase = phase
        self.touches = recorded.map(\.touch)
        self.recorded = recorded.map(\.snapshot)
    }
}

// MARK: - TouchInterceptor

/// The stage of `UIWindow.sendEvent(_:)` that runs BEFORE the hit-tested views: UIKit's gesture environment.
/// The gesture-recognizer layer implements it and installs itself as `UIApplication.touchInterceptor`.
///
/// For every touch event the window calls `window(_:willDeliver:event:)` with the touches of that window that
/// changed in this frame (began, moved, ended, cancelled; stationary ones are skipped, as UIKit does), in the
/// order their fingers came down. The interceptor delivers them to the touches' recognizers and returns the
/// plan for the views' share (`TouchDeliveryPlan`): which changes the views get now, which are withheld,
/// which touches are cancelled in their views and what is replayed first. The window executes the plan; the
/// interceptor keeps every reason it has to hold a touch back, and later hands the window further plans
/// (`UIWindow.execute(_:event:)`) to replay what it withheld.
package protocol TouchInterceptor: AnyObject {
    func window(_ window: UIWindow, willDeliver touches: [UITouch], event: UIEvent) -> TouchDeliveryPlan
}
