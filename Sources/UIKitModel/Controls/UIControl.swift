import Foundation

/// The base class of controls: turns the touches it receives into tracking calls and control events,
/// and control events into target-action messages.
///
/// UIKit: a control consumes its touches (it does not call the responder chain's `touches*`), tracks one
/// touch at a time, and judges inside/outside against its bounds grown by `touchInsideTolerance`.
public class UIControl: UIView {
    /// How far beyond its bounds a touch still counts as inside (for drag enter/exit and up inside/outside).
    /// UIKit (observed): a finger dragged off a button keeps it highlighted, and lifting still sends
    /// touchUpInside, until it is about 70 points outside the bounds; this model uses exactly 70.
    static let touchInsideTolerance: CGFloat = 70

    /// The registered target-action pairs, in registration order (the order UIKit sends them in).
    var targetActions: [UIControlTargetAction] = []

    /// A scripted `sendAction(_:to:for:)` override (a scene's `sendAction:`): every action this control sends
    /// goes to `action` of `target` (nil: the responder chain) instead.
    public var actionRedirect: UIControlActionRedirect?

    /// The action names this control sends, with the targets they were registered with (nil: the chain).
    package var registeredActions: [(target: AnyObject?, action: String)] {
        targetActions.map { ($0.target, $0.action) }
    }

    package static func className(of object: AnyObject) -> String {
        (object as? UIResponder)?.traceClassName ?? String(describing: type(of: object))
    }

    /// The touch being tracked, from `touchesBegan` until it ends or is cancelled.
    weak var trackingTouch: UITouch?

    /// Where the tracked touch began, in the control's coordinates (for knob hit tests and direction checks).
    var trackingStartLocation: CGPoint = .zero

    /// True while `beginTracking` accepted the touch and `continueTracking` kept it.
    var isTracking = false

    /// Whether the tracked touch is inside the bounds grown by `touchInsideTolerance`.
    var isTouchInside = false

    /// UIKit: a disabled control takes no touches (they go to the views behind it), as if
    /// `isUserInteractionEnabled` were false.
    public var isEnabled = true {
        didSet { isUserInteractionEnabled = isEnabled }
    }

    public var isSelected = false

    /// UIKit sets this on touch down and while the touch stays inside; subclasses draw from it.
    var isHighlighted = false

    /// The control's state as UIKit reports it.
    var state: UIControl.State {
        var state: UIControl.State = .normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    // MARK: Tracking (overridable, as in UIKit)

    /// Called from `touchesBegan`; return false to ignore the touch (no touchDown, no further tracking).
    func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        recordCall("beginTrackingWithTouch:withEvent:", group: .tracking, touches: [touch])
        return true
    }

    /// Called from `touchesMoved` while tracking; return false to stop tracking (no more drag events).
    func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        recordCall("continueTrackingWithTouch:withEvent:", group: .tracking, touches: [touch])
        return true
    }

    /// Called from `touchesEnded` while tracking, before touchUpInside/touchUpOutside are sent.
    func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        recordCall("endTrackingWithTouch:withEvent:", group: .tracking, touches: touch.map { [$0] })
    }

    /// Called from `touchesCancelled` while tracking, before touchCancel is sent.
    func cancelTracking(with event: UIEvent?) {
        recordCall("cancelTrackingWithEvent:", group: .tracking)
    }

    /// Whether `touch` lies within the bounds grown by `touchInsideTolerance`.
    func isInsideWithTolerance(_ touch: UITouch) -> Bool {
        let tolerance = UIControl.touchInsideTolerance
        return bounds.insetBy(dx: -tolerance, dy: -tolerance).contains(touch.location(in: self))
    }

    // MARK: Touches (UIKit: consumed here, never passed to the next responder)
    // A scripted override (`overrides`) logs and, unless it consumes, runs UIControl's tracking as `super`.

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesBegan, touches: touches) { trackTouchesBegan(touches, with: event) }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesMoved, touches: touches) { trackTouchesMoved(touches, with: event) }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesEnded, touches: touches) { trackTouchesEnded(touches, with: event) }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if runsSuper(.touchesCancelled, touches: touches) { trackTouchesCancelled(touches, with: event) }
    }

    /// The events sent when the tracked touch lifts; a button adds its primary action to touchUpInside.
    func touchUpEvents(inside: Bool) -> UIControl.Event {
        inside ? .touchUpInside : .touchUpOutside
    }

    // MARK: Target-action (overridable entry point)

    /// Hands one action to the application, which delivers it (`UIApplication.sendAction(_:to:from:for:)`).
    /// Override to redirect or filter actions, as in UIKit.
    func sendAction(_ action: String, to target: AnyObject?, for event: UIEvent?) {
        if let redirect = actionRedirect, !(redirect.hasTarget && redirect.target == nil) {
            // The override a scene declares: NSLog, then `super.sendAction(redirect.action, to: redirect.target, ...)`.
            recordCall(
                "sendAction:to:forEvent:", group: .actions, result: redirect.action,
                reason: "\(action) redirected to \(redirect.target.map { Self.className(of: $0) } ?? "the responder chain")")
            deliverAction(redirect.action, to: redirect.target, for: event)
            return
        }
        deliverAction(action, to: target, for: event)
    }

    /// What `super.sendAction(_:to:for:)` does: the application delivers the action.
    private func deliverAction(_ action: String, to target: AnyObject?, for event: UIEvent?) {
        if let application = hostApplication {
            application.sendAction(action, to: target, from: self, for: event)
        } else {
            // Not in a window, so no application to ask (UIKit always has `UIApplication.shared`): deliver as it
            // would, the chain starting at the control, since a detached control has no first responder.
            let receiver = target.map { $0 as? UIResponder } ?? self.target(forAction: action, withSender: self)
            receiver?.performAction(action, sender: self, event: event)
        }
    }

    // MARK: Precedence over gesture recognizers

    /// Whether this control's default action beats `recognizer`, a recognizer attached to one of its
    /// ancestors that is about to leave `possible` for a touch on this control.
    ///
    /// The base class answers false: custom controls get no precedence (UIKit's rule). The standard controls
    /// override it with the gestures their default action owns (event-delivery.md section 6).
    func defaultActionTakesPrecedence(over recognizer: UIGestureRecognizer) -> Bool {
        false
    }

    /// UIKit: a standard control refuses ancestors' recognizers that would steal its default action, so they
    /// fail and the control handles the touch. Only recognizers that would cancel the control's touches are
    /// refused; one attached to the control itself is never refused.
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer.view !== self, gestureRecognizer.cancelsTouchesInView,
            defaultActionTakesPrecedence(over: gestureRecognizer)
        {
            return false
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
