extension UIGestureRecognizer {
    /// UIKit's `addTarget(_:action:)`. Actions run in the order they were added, when the state changes
    /// (recognized; began, each changed, ended and cancelled), never merely because a touch arrived.
    public func addTarget(_ action: UIGestureRecognizerAction) {
        actions.append(action)
    }

    /// `addTarget(self, action: #selector(handleTap))` in Swift terms: a method reference on a weak target.
    func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping (Target) -> (UIGestureRecognizer) -> Void, name: String = "action"
    ) {
        actions.append(.method(target, name, action))
    }

    /// UIKit's `removeTarget(_:action:)`: nil target matches every target, nil name every action.
    func removeTarget(_ target: AnyObject?, action name: String? = nil) {
        actions.removeAll { pair in
            (target == nil || pair.target === target) && (name == nil || pair.name == name)
        }
    }

    /// The names of the registered actions, in order (for printing and tests).
    var actionNames: [String] { actions.map(\.name) }

    func sendActions() {
        for action in actions { action.send(from: self) }
    }

    /// Sends the actions for `state`, which the environment has just applied. UIKit: each action reads the
    /// state it is sent for, so a change and an end set in one frame reach the target as changed, then
    /// ended (not ended twice), and a begin and an end in one frame as began, then ended.
    func sendActions(reporting state: State) {
        let later = machine.report(state)
        sendActions()
        machine.endReporting(state, restoring: later)
    }

    /// UIKit's `require(toFail:)`: this recognizer stays possible until `otherGestureRecognizer` fails (then
    /// it recognizes) or recognizes (then it fails). Held weakly.
    public func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self,
            !requiredToFail.contains(where: { $0.recognizer === otherGestureRecognizer })
        else { return }
        requiredToFail.append(WeakGestureRecognizer(otherGestureRecognizer))
    }

    /// The recognizers given to `require(toFail:)` that are still alive.
    var recognizersRequiredToFail: [UIGestureRecognizer] { requiredToFail.compactMap(\.recognizer) }
}
