/// UIKit's `UIResponder`: an object that can receive events and pass them along the responder chain.
///
/// Everything a subclass may override lives in this class body (Swift cannot override members declared in
/// extensions); helpers live in `UIResponder+*.swift`.
open class UIResponder: Traceable {
    /// The declared class name printed in traces; nil means the Swift dynamic type name.
    @exclusivity(unchecked)
    public var traceClassNameOverride: String?
    /// Which calls this object logs (a scene file's `log:`); empty: none.
    @exclusivity(unchecked)
    public var logGroups: Trace.Groups = []
    /// `log: true` / `false`: every group or none.
    public var logsCalls: Bool {
        get { !logGroups.isEmpty }
        set { logGroups = newValue ? .all : [] }
    }
    /// Scripted choices for the event methods (see `MethodOverride`); all `inherit` by default.
    @exclusivity(unchecked)
    public var overrides = ResponderOverrides()
    /// A custom next responder set without subclassing (a scene file's `next:`); wins over the documented rules.
    @exclusivity(unchecked)
    public weak var nextResponderOverride: UIResponder?
    /// Lets an object accept first-responder status without subclassing (a scene file's `canBecomeFirstResponder`).
    @exclusivity(unchecked)
    public var acceptsFirstResponder = false
    /// The actions this responder implements, by Objective-C name (target-action, below).
    @exclusivity(unchecked)
    var actionHandlers: [String: ActionHandler] = [:]

    /// A responder with UIKit's defaults: logs nothing, forwards every event to `next`.
    public init() {}

    /// The class name traces print: the scene's `class:`, else the Swift class name.
    open var traceClassName: String {
        traceClassNameOverride ?? String(describing: type(of: self))
    }

    /// The trace of the application this responder belongs to (nil when detached): a subclass of yours writes
    /// its own lines with `traceRecorder?.record("...")`.
    public var traceRecorder: Trace.Recorder? { hostApplication?.trace }

    /// The application this responder belongs to (through its window), or nil when detached.
    var hostApplication: UIApplication? { nil }

    // MARK: - The responder chain

    /// UIKit's `next`: the custom next responder if one was set, else the documented rules (`chainNext`).
    /// Override it to build a custom chain, exactly as in UIKit.
    package var next: UIResponder? { nextResponderOverride ?? chainNext }

    /// The next responder by UIKit's documented rules (event-delivery.md section 4); subclasses refine it.
    var chainNext: UIResponder? { nil }

    // MARK: - First responder

    /// UIKit: false by default.
    open var canBecomeFirstResponder: Bool { acceptsFirstResponder }
    /// UIKit: true by default.
    open var canResignFirstResponder: Bool { true }

    /// UIKit: succeeds only if `canBecomeFirstResponder`, the object is attached to the app (a view must be in a
    /// window) and the current first responder agrees to resign.
    @discardableResult
    public func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let app = hostApplication else { return false }
        if app.firstResponder === self { return true }
        if let current = app.firstResponder, !current.resignFirstResponder() { return false }
        app.firstResponder = self
        return true
    }

    @discardableResult
    package func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let app = hostApplication, app.firstResponder === self { app.firstResponder = nil }
        return true
    }

    package var isFirstResponder: Bool { hostApplication?.firstResponder === self }

    // MARK: - Touches (UIResponder forwards each to `next`)

    /// UIKit's `touchesBegan(_:with:)`: forwards to the next responder; override to handle touches.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesBegan, touches: touches) { next?.touchesBegan(touches, with: event) }
    }

    /// UIKit's `touchesMoved(_:with:)`: forwards to the next responder.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesMoved, touches: touches) { next?.touchesMoved(touches, with: event) }
    }

    /// UIKit's `touchesEnded(_:with:)`: forwards to the next responder.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesEnded, touches: touches) { next?.touchesEnded(touches, with: event) }
    }

    /// UIKit's `touchesCancelled(_:with:)`: forwards to the next responder.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesCancelled, touches: touches) { next?.touchesCancelled(touches, with: event) }
    }

    // MARK: - Motion (forwarded like touches)

    func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if runsSuper(.motionBegan) { next?.motionBegan(motion, with: event) }
    }

    func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if runsSuper(.motionEnded) { next?.motionEnded(motion, with: event) }
    }

    func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if runsSuper(.motionCancelled) { next?.motionCancelled(motion, with: event) }
    }

    // MARK: - Presses (forwarded like touches)

    func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if runsSuper(.pressesBegan) { next?.pressesBegan(presses, with: event) }
    }

    func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if runsSuper(.pressesChanged) { next?.pressesChanged(presses, with: event) }
    }

    func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if runsSuper(.pressesEnded) { next?.pressesEnded(presses, with: event) }
    }

    func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if runsSuper(.pressesCancelled) { next?.pressesCancelled(presses, with: event) }
    }
}

// MARK: - Chain

extension UIResponder {
    /// This responder followed by every `next` until the chain ends. A custom `next` can form a cycle; the walk
    /// stops before revisiting an object so printing a chain never hangs.
    package var responderChain: [UIResponder] {
        var chain: [UIResponder] = []
        var seen = Set<ObjectIdentifier>()
        var current: UIResponder? = self
        while let responder = current, seen.insert(ObjectIdentifier(responder)).inserted {
            chain.append(responder)
            current = responder.next
        }
        return chain
    }

    /// The chain as iOS engineers print it: `CircleButton --> CustomTabBar --> ... --> AppDelegate`.
    public var responderChainDescription: String {
        responderChain.map(\.traceClassName).joined(separator: " --> ")
    }
}

// MARK: - ResponderMethod

/// The event methods of `UIResponder` whose behaviour can be chosen per object without subclassing
/// (scene files), each with the selector printed in traces.
public enum ResponderMethod: Int, CaseIterable, Sendable {
    /// The touch methods: `touchesBegan(_:with:)`, `touchesMoved(_:with:)`, `touchesEnded(_:with:)`,
    /// `touchesCancelled(_:with:)`.
    case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
    /// The motion methods (a shake): `motionBegan`, `motionEnded`, `motionCancelled`.
    case motionBegan, motionEnded, motionCancelled
    /// The press methods (hardware buttons): `pressesBegan`, `pressesChanged`, `pressesEnded`, `pressesCancelled`.
    case pressesBegan, pressesChanged, pressesEnded, pressesCancelled

    /// The `log:` group that prints this method.
    public var traceGroup: Trace.Groups {
        switch self {
        case .touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled: return .touches
        case .motionBegan, .motionEnded, .motionCancelled: return .motion
        case .pressesBegan, .pressesChanged, .pressesEnded, .pressesCancelled: return .presses
        }
    }

    var selector: String {
        switch self {
        case .touchesBegan: return "touchesBegan:withEvent:"
        case .touchesMoved: return "touchesMoved:withEvent:"
        case .touchesEnded: return "touchesEnded:withEvent:"
        case .touchesCancelled: return "touchesCancelled:withEvent:"
        case .motionBegan: return "motionBegan:withEvent:"
        case .motionEnded: return "motionEnded:withEvent:"
        case .motionCancelled: return "motionCancelled:withEvent:"
        case .pressesBegan: return "pressesBegan:withEvent:"
        case .pressesChanged: return "pressesChanged:withEvent:"
        case .pressesEnded: return "pressesEnded:withEvent:"
        case .pressesCancelled: return "pressesCancelled:withEvent:"
        }
    }
}

// MARK: - MethodOverride

/// The three choices a responder subclass has for an event method (event-delivery.md section 4).
public enum MethodOverride: String, Sendable, CaseIterable {
    /// Not overridden: UIResponder's implementation forwards to `next`; nothing is logged.
    case inherit
    /// Overridden, logs, and calls super: the object handles the event and it travels on.
    case callSuper = "super"
    /// Overridden, logs, and does not call super: the event stops here.
    case consume
}

// MARK: - ResponderOverrides

/// Per-object choices for the event methods, standing in for what a subclass would write (scene files set
/// them). A fixed array indexed by method, so the per-event check is one load.
public struct ResponderOverrides: Equatable, Sendable {
    private var modes: [MethodOverride]

    /// Every method `inherit`: the object behaves like an unmodified UIKit class.
    init() {
        modes = Array(repeating: .inherit, count: ResponderMethod.allCases.count)
    }

    /// The choice for `method`.
    public subscript(method: ResponderMethod) -> MethodOverride {
        get { modes[method.rawValue] }
        set { modes[method.rawValue] = newValue }
    }

    /// Sets the same choice for several methods (e.g. all four touch methods).
    public mutating func set(_ mode: MethodOverride, for methods: [ResponderMethod]) {
        for method in methods { self[method] = mode }
    }

    /// The four touch methods.
    public static let touchMethods: [ResponderMethod] = [.touchesBegan, .touchesMoved, .touchesEnded, .touchesCancelled]
    /// The three motion methods.
    public static let motionMethods: [ResponderMethod] = [.motionBegan, .motionEnded, .motionCancelled]
    /// The four press methods.
    public static let pressMethods: [ResponderMethod] = [.pressesBegan, .pressesChanged, .pressesEnded, .pressesCancelled]
}

// MARK: - Overrides

extension UIResponder {
    /// Applies the scripted choice for `method` as the overriding subclass would: log when overridden, and say
    /// whether UIResponder's own behaviour (forwarding to `next`) still runs.
    @inline(__always)
    func runsSuper(_ method: ResponderMethod, touches: Set<UITouch>? = nil) -> Bool {
        switch overrides[method] {
        case .inherit:
            return true
        case .callSuper:
            recordOverride(method, touches: touches, "calls super")
            return true
        case .consume:
            recordOverride(method, touches: touches, "consumes it: no super")
            return false
        }
    }

    /// The override's record, its reason worked out only when this object logs the call: a view that overrides
    /// without logging (`log: false`) builds no string (issue 27: a cancel's reason was text for every cancel).
    private func recordOverride(_ method: ResponderMethod, touches: Set<UITouch>?, _ override: String) {
        guard let recorder = recorder(for: method.traceGroup) else { return }
        recorder.recordCall(
            className: traceClassName, selector: method.selector, group: method.traceGroup, touches: touches,
            reason: Self.reason(override, method, touches))
    }

    /// A cancel's record says first why the touches were cancelled (`UITouch.cancelCause`), then what the
    /// override did.
    private static func reason(_ override: String, _ method: ResponderMethod, _ touches: Set<UITouch>?) -> String {
        guard method == .touchesCancelled,
            let cause = touches?.min(by: { $0.sequenceNumber < $1.sequenceNumber })?.cancelCause
        else { return override }
        return "\(cause); \(override)"
    }
}

// MARK: - Actions

extension UIResponder {
    /// Makes this responder implement `action` (an Objective-C name such as `"buttonTapped:"`): controls and
    /// the responder chain deliver it here. Registering a name again replaces its handler.
    public func registerAction(_ action: String, handler: @escaping ActionHandler) {
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

// MARK: - ActionHandler

/// The body of an action method: what `-[ViewController buttonTapped:]` would run, given the sender and the
/// event (nil when the action was sent with no touch, e.g. `sendActions(for:)`).
///
/// Swift has no selectors, so a responder "implements" an action by registering a handler under the action's
/// Objective-C name (`"buttonTapped:"`); `UIResponder.responds(toAction:)` is the lookup that
/// `respondsToSelector:` would be.
public typealias ActionHandler = (_ sender: AnyObject?, _ event: UIEvent?) -> Void
