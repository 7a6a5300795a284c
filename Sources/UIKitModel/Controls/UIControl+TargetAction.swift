extension UIControl {
    /// Registers `action` to be sent to `target` (nil: the responder chain) when any of `controlEvents` occurs.
    /// UIKit: registering the same target and action again adds the events to the existing pair.
    public func addTarget(_ target: AnyObject?, action: String, for controlEvents: UIControl.Event) {
        if let index = targetActions.firstIndex(where: { $0.matches(target: target) && $0.action == action }) {
            targetActions[index].events.formUnion(controlEvents)
        } else {
            targetActions.append(UIControlTargetAction(target: target, action: action, events: controlEvents))
        }
    }

    /// Removes `controlEvents` from the pairs of `target` (nil: every target) and `action` (nil: every action);
    /// a pair left with no events is removed.
    func removeTarget(_ target: AnyObject?, action: String?, for controlEvents: UIControl.Event) {
        targetActions = targetActions.compactMap { pair in
            guard target == nil || pair.target === target, action == nil || pair.action == action else { return pair }
            var pair = pair
            pair.events.subtract(controlEvents)
            return pair.events.isEmpty ? nil : pair
        }
    }

    /// Every live target, in registration order (nil-target pairs are left out, as UIKit's `allTargets` does
    /// with its `NSNull`).
    var allTargets: [AnyObject] {
        var result: [AnyObject] = []
        for pair in targetActions {
            if let target = pair.target, !result.contains(where: { $0 === target }) { result.append(target) }
        }
        return result
    }

    /// The events that have at least one registered action.
    var allControlEvents: UIControl.Event {
        targetActions.reduce(into: []) { $0.formUnion($1.events) }
    }

    /// The actions registered for `target` (nil: the nil-target pairs) and any of `controlEvent`, or nil.
    func actions(forTarget target: AnyObject?, forControlEvent controlEvent: UIControl.Event) -> [String]? {
        let names = targetActions.filter { $0.matches(target: target) && !$0.events.isDisjoint(with: controlEvent) }
            .map(\.action)
        return names.isEmpty ? nil : names
    }

    /// Sends every action registered for any of `controlEvents`, from anywhere, with no touch (event nil).
    public func sendActions(for controlEvents: UIControl.Event) {
        sendActions(for: controlEvents, with: nil)
    }

    /// Sends each matching pair once, in registration order, through the overridable `sendAction(_:to:for:)`.
    func sendActions(for controlEvents: UIControl.Event, with event: UIEvent?) {
        // A snapshot: an action may add or remove targets while we iterate (UIKit copies too).
        let pairs = targetActions
        for pair in pairs where !pair.events.isDisjoint(with: controlEvents) {
            // A target that went away is skipped rather than turned into a responder-chain message.
            if pair.hasTarget && pair.target == nil { continue }
            sendAction(pair.action, to: pair.target, for: event)
        }
    }
}
