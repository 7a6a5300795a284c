/// UIKit's `UIResponder`: an object that can receive events and pass them along the responder chain.
///
/// Everything a subclass may override lives in this class body (Swift cannot override members declared in
/// extensions); helpers live in `UIResponder+*.swift`.
open class UIResponder: UITraceable {
    /// The declared class name printed in traces; nil means the Swift dynamic type name.
    public var traceClassNameOverride: String?
    /// Which calls this object logs (a scene file's `log:`); empty: none.
    public var logGroups: UITraceGroups = []
    /// `log: true` / `false`: every group or none.
    public var logsCalls: Bool {
        get { !logGroups.isEmpty }
        set { logGroups = newValue ? .all : [] }
    }
    /// Scripted choices for the event methods (see `UIMethodOverride`); all `inherit` by default.
    public var overrides = UIResponderOverrides()
    /// A custom next responder set without subclassing (a scene file's `next:`); wins over the documented rules.
    public weak var nextResponderOverride: UIResponder?
    /// Lets an object accept first-responder status without subclassing (a scene file's `canBecomeFirstResponder`).
    public var acceptsFirstResponder = false
    /// The actions this responder implements, by Objective-C name (Controls/UIResponder+Actions.swift).
    var actionHandlers: [String: UIActionHandler] = [:]

    public init() {}

    open var traceClassName: String {
        traceClassNameOverride ?? String(describing: type(of: self))
    }

    package var traceRecorder: UITraceRecorder? { hostApplication?.trace }

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

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesBegan, touches: touches) { next?.touchesBegan(touches, with: event) }
    }

    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesMoved, touches: touches) { next?.touchesMoved(touches, with: event) }
    }

    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesEnded, touches: touches) { next?.touchesEnded(touches, with: event) }
    }

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
