import Foundation

/// The base class of controls: turns the touches it receives into tracking calls and control events,
/// and control events into target-action messages.
///
/// UIKit: a control consumes its touches (it does not call the responder chain's `touches*`), tracks one
/// touch at a time, and judges inside/outside against its bounds grown by `touchInsideTolerance`.
open class UIControl: UIView {
    /// How far beyond its bounds a touch still counts as inside (for drag enter/exit and up inside/outside).
    /// UIKit (observed): a finger dragged off a button keeps it highlighted, and lifting still sends
    /// touchUpInside, until it is about 70 points outside the bounds; this model uses exactly 70.
    static let touchInsideTolerance: CGFloat = 70

    /// The registered target-action pairs, in registration order (the order UIKit sends them in).
    @exclusivity(unchecked)
    var targetActions: [UIControlTargetAction] = []

    /// A scripted `sendAction(_:to:for:)` override (a scene's `sendAction:`): every action this control sends
    /// goes to `action` of `target` (nil: the responder chain) instead.
    @exclusivity(unchecked)
    public var actionRedirect: ControlActionRedirect?

    /// The action names this control sends, with the targets they were registered with (nil: the chain).
    package var registeredActions: [(target: AnyObject?, action: String)] {
        targetActions.map { ($0.target, $0.action) }
    }

    package static func className(of object: AnyObject) -> String {
        (object as? UIResponder)?.traceClassName ?? String(describing: type(of: object))
    }

    /// The touch being tracked, from `touchesBegan` until it ends or is cancelled.
    @exclusivity(unchecked)
    weak var trackingTouch: UITouch?

    /// Where the tracked touch began, in the control's coordinates (for knob hit tests and direction checks).
    @exclusivity(unchecked)
    var trackingStartLocation: CGPoint = .zero

    /// True while `beginTracking` accepted the touch and `continueTracking` kept it.
    @exclusivity(unchecked)
    var isTracking = false

    /// Whether the tracked touch is inside the bounds grown by `touchInsideTolerance`.
    @exclusivity(unchecked)
    var isTouchInside = false

    /// UIKit: a disabled control takes no touches (they go to the views behind it), as if
    /// `isUserInteractionEnabled` were false.
    @exclusivity(unchecked)
    public var isEnabled = true {
        didSet { isUserInteractionEnabled = isEnabled }
    }

    /// UIKit's `isSelected` (false).
    @exclusivity(unchecked)
    public var isSelected = false

    /// UIKit sets this on touch down and while the touch stays inside; subclasses draw from it.
    @exclusivity(unchecked)
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

// MARK: - State

extension UIControl {
    /// The control states (`UIControlState`), with UIKit's bit values.
    struct State: OptionSet, Hashable, Sendable {
        let rawValue: UInt
        package init(rawValue: UInt) { self.rawValue = rawValue }

        static let normal: State = []
        static let highlighted = State(rawValue: 1 << 0)
        static let disabled = State(rawValue: 1 << 1)
        static let selected = State(rawValue: 1 << 2)
        static let focused = State(rawValue: 1 << 3)
        static let application = State(rawValue: 0x00FF_0000)
        static let reserved = State(rawValue: 0xFF00_0000)
    }
}

// MARK: - Event

extension UIControl {
    /// The control events, with UIKit's bit values (`UIControlEvents` in UIControl.h).
    public struct Event: OptionSet, Hashable, Sendable, CustomStringConvertible {
        /// The events as bits, UIKit's raw values (`touchDown` 1, ..., `valueChanged` 4096).
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A touch down in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A touch down with `tapCount > 1`.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A finger dragged within the control.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A finger dragged just outside the control.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A finger dragged from outside into the control.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// A finger dragged from within the control to outside it.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A touch lifted inside the control (a button's tap).
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A touch lifted outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The control's touch was cancelled (a recognizer took it, or the system did).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed (a switch, a slider, a stepper, a segmented control).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's semantic action (a button's tap, a switch's toggle, ...).
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// A menu action (UIKit's; no control here sends it).
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// Editing began (text controls; none here sends it).
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// Editing changed the text (text controls; none here sends it).
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended (text controls; none here sends it).
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Editing ended with the return key (text controls; none here sends it).
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)

        /// Every touch event (the low twelve bits).
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Bits an app may use for its own events.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// Bits UIKit keeps for itself.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// Names in the scene-file spelling, in bit order.
        public static let namedEvents: [(name: String, event: Event)] = [
            ("touchDown", .touchDown), ("touchDownRepeat", .touchDownRepeat),
            ("touchDragInside", .touchDragInside), ("touchDragOutside", .touchDragOutside),
            ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
            ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside),
            ("touchCancel", .touchCancel), ("valueChanged", .valueChanged),
            ("primaryActionTriggered", .primaryActionTriggered), ("menuActionTriggered", .menuActionTriggered),
            ("editingDidBegin", .editingDidBegin), ("editingChanged", .editingChanged),
            ("editingDidEnd", .editingDidEnd), ("editingDidEndOnExit", .editingDidEndOnExit),
            ("allTouchEvents", .allTouchEvents), ("allEditingEvents", .allEditingEvents),
            ("applicationReserved", .applicationReserved), ("systemReserved", .systemReserved),
            ("allEvents", .allEvents),
        ]

        /// The event named `name` (scene-file spelling, e.g. `touchUpInside`), or nil.
        public init?(name: String) {
            guard let match = Event.namedEvents.first(where: { $0.name == name }) else { return nil }
            self = match.event
        }

        public var description: String {
            let names = Event.namedEvents.prefix(16).filter { contains($0.event) }.map(\.name)
            return names.isEmpty ? "[]" : "[" + names.joined(separator: ", ") + "]"
        }
    }
}

// MARK: - Target action

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

// MARK: - UIControlTargetAction

/// One `addTarget(_:action:for:)` registration of a control.
///
/// UIKit: the control does not retain its targets; a nil target means "the responder chain".
struct UIControlTargetAction {
    /// The target, held weakly; nil when the pair was registered with a nil target.
    weak var target: AnyObject?
    /// False when the pair was registered with a nil target (so a target that went away is told apart).
    let hasTarget: Bool
    let action: String
    var events: UIControl.Event

    init(target: AnyObject?, action: String, events: UIControl.Event) {
        self.target = target
        self.hasTarget = target != nil
        self.action = action
        self.events = events
    }

    func matches(target other: AnyObject?) -> Bool {
        hasTarget ? (other != nil && target === other) : other == nil
    }
}

// MARK: - Tracking

extension UIControl {
    /// touchesBegan: take the first touch, highlight, ask `beginTracking`, send touchDown (+ touchDownRepeat).
    func trackTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        // UIKit tracks a single touch; later fingers on the same control are ignored.
        guard trackingTouch == nil, let touch = touches.first else { return }
        trackingTouch = touch
        trackingStartLocation = touch.location(in: self)
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        isHighlighted = true
        guard isTracking else { return }
        var events: UIControl.Event = .touchDown
        if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
        sendActions(for: events, with: event)
    }

    /// touchesMoved: update inside/highlight, ask `continueTracking`, send drag inside/outside (+ enter/exit).
    func trackTouchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        let wasInside = isTouchInside
        isTouchInside = isInsideWithTolerance(touch)
        isHighlighted = isTouchInside
        guard isTracking else { return }
        isTracking = continueTracking(touch, with: event)
        guard isTracking else { return }
        var events: UIControl.Event = isTouchInside ? .touchDragInside : .touchDragOutside
        if isTouchInside && !wasInside { events.insert(.touchDragEnter) }
        if !isTouchInside && wasInside { events.insert(.touchDragExit) }
        sendActions(for: events, with: event)
    }

    /// touchesEnded: unhighlight, `endTracking`, then touchUpInside/touchUpOutside.
    func trackTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        isTouchInside = isInsideWithTolerance(touch)
        isHighlighted = false
        if isTracking {
            endTracking(touch, with: event)
            sendActions(for: touchUpEvents(inside: isTouchInside), with: event)
        }
        resetTracking()
    }

    /// touchesCancelled: unhighlight, `cancelTracking`, then touchCancel.
    func trackTouchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        isHighlighted = false
        if isTracking {
            cancelTracking(with: event)
            sendActions(for: .touchCancel, with: event)
        }
        resetTracking()
    }

    private func resetTracking() {
        isTracking = false
        isTouchInside = false
        trackingTouch = nil
    }

    /// Sends valueChanged and the primary action of a value control (switch, slider, stepper, ...).
    /// UIKit sends both from one `_sendActionsForEvents:` call, so a pair registered for both fires once.
    func sendValueChanged(with event: UIEvent?) {
        sendActions(for: [.valueChanged, .primaryActionTriggered], with: event)
    }
}

// MARK: - Precedence

extension UIControl {
    /// Whether the tracked touch has moved further along x than along y since it began: "parallel to the
    /// control" for a horizontal slider or switch.
    var trackedTouchMovesHorizontally: Bool {
        guard let touch = trackingTouch else { return false }
        let now = touch.location(in: self)
        return abs(now.x - trackingStartLocation.x) > abs(now.y - trackingStartLocation.y)
    }
}

// MARK: - ControlActionRedirect

/// A scripted `sendAction(_:to:for:)` override: every action the control sends goes to `action` of `target`
/// instead (nil target: the responder chain). The target is held weakly, as UIKit holds targets.
public struct ControlActionRedirect {
    /// Where the actions go; nil: the responder chain from the first responder.
    public weak var target: UIResponder?
    /// False for the responder chain, so a target that went away is told apart.
    let hasTarget: Bool
    /// The action sent instead of the control's own, by Objective-C name (`save:`).
    public let action: String

    /// Sends every action to `action` of `target` (nil: the responder chain).
    public init(target: UIResponder?, action: String) {
        self.target = target
        self.hasTarget = target != nil
        self.action = action
    }
}
