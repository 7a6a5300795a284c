extension UIGestureRecognizer {
    /// The `state` setter: checks UIKit's state machine, then hands the change to the environment, which
    /// applies it when the current delivery is over (or at once from a timer).
    func requestTransition(to newState: State) {
        guard State.isValidTransition(from: machine.state, to: newState) else {
            // UIKit logs and ignores an invalid transition; here it is a programming error caught in debug.
            assertionFailure("\(traceClassName): invalid state transition \(machine.state) -> \(newState)")
            return
        }
        machine.request(newState)
        if let environment {
            environment.recognizer(self, didRequest: newState)
        } else {
            // Not tracking touches (a recognizer driven by hand): no arbitration, the change just happens.
            machine.apply(newState, keepsRequest: false)
            if newState != .failed { sendActions() }
        }
    }

    /// Any touch kept: tracked, in its history, or the last ones tracked (for `location(in:)` after they ended).
    var holdsTouches: Bool { !trackedTouches.isEmpty || !touchHistory.isEmpty || !lastTrackedTouches.isEmpty }

    /// Back to possible after ended, recognized, failed or cancelled, once its touches are gone.
    func performReset() {
        machine.reset()
        trackedTouches.removeAll()
        touchHistory.removeAll()
        lastTrackedTouches.removeAll()
        reset()
    }

    /// Whether the window still hands this recognizer touches: UIKit stops delivering once it has failed,
    /// recognized or been cancelled.
    var receivesTouches: Bool {
        isEnabled && (machine.state == .possible || machine.state.isInProgress)
    }

    /// True for a recognizer that may take a touch that is just beginning.
    var acceptsNewTouches: Bool {
        isEnabled && machine.wanted == nil && (machine.applied == .possible || machine.applied.isInProgress)
    }

    func tracks(_ touch: UITouch) -> Bool {
        touchHistory.contains { $0 === touch }
    }

    func sharesTouches(with other: UIGestureRecognizer) -> Bool {
        touchHistory.contains { touch in other.touchHistory.contains { $0 === touch } }
    }
}
