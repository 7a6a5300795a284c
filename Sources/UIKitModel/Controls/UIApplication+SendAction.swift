extension UIApplication {
    /// UIKit's `sendAction(_:to:from:for:)`: delivers `action` to `target`, or, when `target` is nil, to the
    /// first responder in the chain that implements it, starting at the first responder (or at `sender` when
    /// there is none). Returns false, recording a line, when nobody implements the action (UIKit drops it
    /// silently; the line makes the drop visible).
    @discardableResult
    public func sendAction(_ action: String, to target: AnyObject?, from sender: AnyObject?, for event: UIEvent?) -> Bool {
        let receiver: UIResponder?
        if let target {
            // An explicit target that is not a responder cannot implement named actions in this model.
            receiver = target as? UIResponder
        } else {
            let start = firstResponder ?? (sender as? UIResponder)
            receiver = start?.target(forAction: action, withSender: sender)
        }
        if let receiver, receiver.performAction(action, sender: sender, event: event) { return true }
        traceRecorder?.record(UIApplication.droppedActionLine(action, target: target), group: "actions")
        return false
    }

    /// The trace line for an action nobody received.
    static func droppedActionLine(_ action: String, target: AnyObject?) -> String {
        guard let target else { return "\(action) dropped: no responder in the chain implements it" }
        guard let responder = target as? UIResponder else { return "\(action) dropped: its target is not a responder" }
        return "\(action) dropped: \(responder.traceClassName) does not implement it"
    }
}
