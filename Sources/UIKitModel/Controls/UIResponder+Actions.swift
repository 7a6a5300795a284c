extension UIResponder {
    /// Makes this responder implement `action` (an Objective-C name such as `"buttonTapped:"`): controls and
    /// the responder chain deliver it here. Registering a name again replaces its handler.
    public func registerAction(_ action: String, handler: @escaping UIActionHandler) {
        actionHandlers[action] = handler
    }

    /// Stops implementing `action`.
    func unregisterAction(_ action: String) {
        actionHandlers[action] = nil
    }

    /// `respondsToSelector:` for actions: whether a handler is registered under `action`.
    public func responds(toAction action: String) -> Bool {
        actionHandlers[action] != nil
    }

    /// UIKit's `canPerformAction(_:withSender:)`: by default, whether this responder implements `action`.
    func canPerformAction(_ action: String, withSender sender: AnyObject?) -> Bool {
        responds(toAction: action)
    }

    /// UIKit's `target(forAction:withSender:)`: this responder if it can perform `action`, otherwise the first
    /// responder up the chain that can; nil if none does.
    func target(forAction action: String, withSender sender: AnyObject?) -> UIResponder? {
        for responder in responderChain where responder.canPerformAction(action, withSender: sender) {
            return responder
        }
        return nil
    }

    /// Runs the handler for `action`, recording `-[Class action]` first as the method's NSLog would.
    /// Returns false if this responder does not implement it.
    @discardableResult
    func performAction(_ action: String, sender: AnyObject?, event: UIEvent?) -> Bool {
        guard let handler = actionHandlers[action] else { return false }
        recordCall(action, group: .actions)
        handler(sender, event)
        return true
    }
}
