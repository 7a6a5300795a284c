extension UIGestureRecognizer {
    /// The `state` setter: checks UIKit's state machine, then hands the change to the environment, which
    /// applies it when the current delivery is over (or at once from a timer).
    func requestTransition(to newState: State) {
        guard State.isValidTransition(from: currentState, to: newState) else {
            // UIKit logs and ignores an invalid transition; here it is a programming error caught in debug.
            assertionFailure("\(traceClassName): invalid state transition \(currentState) -> \(newState)")
            return
        }
        currentState = newState
        if let environment {
            environment.recognizer(self, didRequest: newState)
        } else {
            // Not tracking touches (a recognizer driven by hand): no arbitration, the change just happens.
            appliedState = newState
            if newState != .failed { sendActions() }
        }
    }

    /// Back to possible after ended, recognized, failed or cancelled, once its touches are gone.
    func performReset() {
        currentState = .possible
        appliedState = .possible
        pendingState = nil
        trackedTouches.removeAll()
        touchHistory.removeAll()
        lastTrackedTouches.removeAll()
        reset()
    }

    /// Whether the window still hands this recognizer touches: UIKit stops delivering once it has failed,
    /// recognized or been cancelled.
    var receivesTouches: Bool {
        isEnabled && (currentState == .possible || currentState.isInProgress)
    }

    /// True for a recognizer that may take a touch that is just beginning.
    var acceptsNewTouches: Bool {
        isEnabled && pendingState == nil && (appliedState == .possible || appliedState.isInProgress)
    }

    func tracks(_ touch: UITouch) -> Bool {
        touchHistory.contains { $0 === touch }
    }

    func sharesTouches(with other: UIGestureRecognizer) -> Bool {
        touchHistory.contains { touch in other.touchHistory.contains { $0 === touch } }
    }
}
