/// The body of an action method: what `-[ViewController buttonTapped:]` would run, given the sender and the
/// event (nil when the action was sent with no touch, e.g. `sendActions(for:)`).
///
/// Swift has no selectors, so a responder "implements" an action by registering a handler under the action's
/// Objective-C name (`"buttonTapped:"`); `UIResponder.responds(toAction:)` is the lookup that
/// `respondsToSelector:` would be.
public typealias UIActionHandler = (_ sender: AnyObject?, _ event: UIEvent?) -> Void
