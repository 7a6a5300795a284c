import Foundation
import RunLoopKit

/// UIKit's `UIGestureRecognizer`: not a responder, but it receives the same four touch methods, before the
/// hit-tested view (event-delivery.md §5). The window-side rules (who gets which touch, exclusivity, failure
/// requirements, delays and cancellation of the view's touches) live in `UIGestureEnvironment`.
///
/// Subclass it as in UIKit: override the four touch methods (call super so a logging recognizer prints
/// `-[Class touchesBegan:withEvent:]`), set `state`, and override `reset()`. Everything a subclass may
/// override lives in this class body (Swift cannot override members declared in extensions).
open class UIGestureRecognizer: Traceable {
    // MARK: Trace

    /// The declared class name printed in traces (a scene file's `class: LXFTapGestureRecognizer`); nil
    /// means the Swift dynamic type name.
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
    /// A scene file's id for this recognizer (also handy when printing).
    @exclusivity(unchecked)
    public var name: String?

    /// The class name traces print: the scene's `class:`, else the Swift class name.
    open var traceClassName: String { traceClassNameOverride ?? String(describing: type(of: self)) }

    /// The trace of the application the recognizer's view belongs to (nil while detached).
    public var traceRecorder: Trace.Recorder? {
        view?.traceRecorder ?? environment?.application?.traceRecorder
    }

    // MARK: Configuration

    /// UIKit's `delegate`: asked whether to receive a touch, begin, recognize together with others (weak, as in UIKit).
    @exclusivity(unchecked)
    public weak var delegate: UIGestureRecognizerDelegate?
    /// A delegate the recognizer keeps alive (a scene file's scripted delegate has no controller to own
    /// it); setting it also sets `delegate`, which stays weak as in UIKit.
    @exclusivity(unchecked)
    public var ownedDelegate: UIGestureRecognizerDelegate? {
        didSet { delegate = ownedDelegate }
    }
    /// UIKit: disabling a recognizer that is tracking cancels (in progress) or fails (possible) it.
    @exclusivity(unchecked)
    public var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled, let environment else { return }
            environment.recognizerWasDisabled(self)
        }
    }
    /// UIKit default true: when it recognizes, the view gets `touchesCancelled` and no more of its touches.
    @exclusivity(unchecked)
    public var cancelsTouchesInView = true
    /// UIKit default false: true withholds the touches from the view while this recognizer is possible.
    @exclusivity(unchecked)
    public var delaysTouchesBegan = false
    /// UIKit default true: holds back the view's `touchesEnded` while this recognizer is possible.
    @exclusivity(unchecked)
    public var delaysTouchesEnded = true

    /// The view this recognizer is attached to (`UIView.addGestureRecognizer(_:)`).
    /// Not retained (the view retains its recognizers) and not weak, so retaining the view stays on the fast
    /// path; `removeGestureRecognizer` and the view's deinit clear it. Apple: "The view the gesture recognizer is
    /// attached to" (developer.apple.com/documentation/uikit/uigesturerecognizer/view), readonly, owned by the
    /// view's `gestureRecognizers` array.
    @exclusivity(unchecked)
    public internal(set) unowned(unsafe) var view: UIView?

    // MARK: State

    /// UIKit's `state`. Subclasses set it (UIGestureRecognizerSubclass.h makes it writable); transitions are
    /// checked against UIKit's state machines and an invalid one is a programming error (assert in debug).
    /// The environment applies the change once the current delivery is over: it may turn a requested begin
    /// into a failure (delegate, view, exclusivity) or hold it as `possible` until a required recognizer fails.
    public var state: State {
        get { machine.state }
        set { requestTransition(to: newValue) }
    }

    /// The whole state: what `state` reads, what the environment has acted on, and a begin held back until
    /// required failures. Changed only through its transitions (GestureRecognizerStateMachine.swift).
    @exclusivity(unchecked)
    var machine = GestureRecognizerStateMachine.settled(.possible) {
        didSet { if oldValue.applied != machine.applied { explainTransition(from: oldValue.applied) } }
    }
    /// Why the environment is about to change the state (explained traces): set just before the change.
    @exclusivity(unchecked)
    var transitionCause: String?
    @exclusivity(unchecked)
    var requiredToFail: [WeakGestureRecognizer] = []

    // MARK: Touches

    /// The touches this recognizer tracks now (ended ones leave after the event that ended them).
    @exclusivity(unchecked)
    var trackedTouches: [UITouch] = []
    /// Every touch seen since the last reset: what cancelsTouchesInView cancels and what exclusivity compares.
    @exclusivity(unchecked)
    var touchHistory: [UITouch] = []
    /// The touches tracked just before the last ones ended: where a tap recognized from a timer happened.
    @exclusivity(unchecked)
    var lastTrackedTouches: [UITouch] = []
    /// The environment delivering touches to this recognizer (set on its first touch). Strong, not weak: a weak
    /// reference gave the environment a side table, so every retain and release of it on the touch path took
    /// the runtime's slow way (issue 27). The environment holds recognizers only while they track touches, and
    /// the application's teardown (`UIGestureEnvironment.tearDown`) lets go of those.
    @exclusivity(unchecked)
    var environment: UIGestureEnvironment?
    /// The set last handed to `touchesMoved`, kept so that a frame moving the same touches hands it over again
    /// instead of building it (issue 27: emptying and filling it cost about 180 instructions a touch each frame).
    @exclusivity(unchecked)
    var movedDelivery = DeliveredTouches()

    @exclusivity(unchecked)
    var actions: [GestureRecognizerAction] = []

    /// A recognizer with no actions, enabled, with UIKit's defaults; attach it with `UIView.addGestureRecognizer(_:)`.
    public init() {}

    /// UIKit's `init(target:action:)`.
    package convenience init(action: GestureRecognizerAction?) {
        self.init()
        if let action { actions.append(action) }
    }

    // MARK: The four touch methods (the window calls them before the view)

    /// UIKit's `touchesBegan(_:with:)`: new touches of the recognizer's view (or its descendants), before the view
    /// gets them. Does nothing here; subclasses track touches and set `state`.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        recordCall(ResponderMethod.touchesBegan.selector, group: .touches, touches: touches)
    }

    /// UIKit's `touchesMoved(_:with:)` (see `touchesBegan(_:with:)`).
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        recordCall(ResponderMethod.touchesMoved.selector, group: .touches, touches: touches)
    }

    /// UIKit's `touchesEnded(_:with:)` (see `touchesBegan(_:with:)`).
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        recordCall(ResponderMethod.touchesEnded.selector, group: .touches, touches: touches)
    }

    /// UIKit's `touchesCancelled(_:with:)` (see `touchesBegan(_:with:)`).
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        recordCall(
            ResponderMethod.touchesCancelled.selector, group: .touches, touches: touches,
            reason: touches.min(by: { $0.sequenceNumber < $1.sequenceNumber })?.cancelCause)
    }

    // MARK: Location (the touches' side: the location extension below)

    /// UIKit's `location(in:)`: where the gesture is, in `view`'s space (nil: the window). By default the
    /// centroid of its touches; subclasses refine it (a multi-tap reports its first tap).
    public func location(in view: UIView?) -> CGPoint { centroidLocation(in: view) }

    // MARK: Subclass hooks (UIGestureRecognizerSubclass.h)

    /// Called when the recognizer goes back to possible; subclasses clear their gesture state and timers.
    open func reset() {}

    /// UIKit: whether this recognizer, recognizing, may make `preventedGestureRecognizer` fail.
    func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// UIKit: whether `preventingGestureRecognizer`, recognizing, may make this one fail.
    func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// UIKit: a subclass-wide failure requirement (like a delegate's `shouldRequireFailureOf`).
    func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// UIKit: a subclass-wide reverse failure requirement.
    func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    /// UIKit's `shouldReceive(_:)` for subclasses (asked along with the delegate's `shouldReceive`).
    func shouldReceive(_ touch: UITouch) -> Bool { true }

    /// The environment is about to hand `touches` to their views: their began was withheld (this or another
    /// recognizer delayed it) and is released now, or they land after this recognizer stopped delaying. A
    /// scroll view's delayed-touches recognizer asks `touchesShouldBegin(_:with:in:)` here, so the question
    /// comes first on every path; others do nothing.
    func willDeliverWithheldTouches(_ touches: Set<UITouch>, with event: UIEvent) {}
}

// MARK: - State

extension UIGestureRecognizer {
    /// UIKit's `UIGestureRecognizer.State`, with UIKit's raw values.
    ///
    /// Discrete recognizers go possible → recognized or possible → failed; continuous ones go
    /// possible → began → changed* → ended (or cancelled), or possible → failed (event-delivery.md §5).
    public enum State: Int, Sendable, CustomStringConvertible {
        /// Not yet recognized: the recognizer is watching touches (the state it resets to).
        case possible = 0
        /// A continuous gesture started; actions are sent.
        case began = 1
        /// A continuous gesture changed; actions are sent.
        case changed = 2
        /// A continuous gesture ended, or a discrete one was recognized (`recognized`); actions are sent.
        case ended = 3
        /// A continuous gesture was cancelled (the system took its touches); actions are sent.
        case cancelled = 4
        /// The touches are not this gesture; no actions.
        case failed = 5

        /// A discrete gesture's success is the continuous gesture's end (UIKit aliases the two).
        static let recognized: State = .ended

        /// ended/recognized, cancelled or failed: the recognizer waits for its touches to go, then resets.
        var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

        /// began or changed: a continuous gesture is under way.
        var isInProgress: Bool { self == .began || self == .changed }

        /// The transitions UIKit allows a subclass to make (UIGestureRecognizerSubclass.h). `possible` is
        /// entered only by reset, never by assignment.
        static func isValidTransition(from old: State, to new: State) -> Bool {
            switch (old, new) {
            case (.possible, .began), (.possible, .ended), (.possible, .failed):
                return true
            case (.began, .changed), (.began, .ended), (.began, .cancelled),
                (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
                return true
            default:
                return false
            }
        }

        public var description: String {
            switch self {
            case .possible: return "possible"
            case .began: return "began"
            case .changed: return "changed"
            case .ended: return "ended"
            case .cancelled: return "cancelled"
            case .failed: return "failed"
            }
        }
    }
}

// MARK: - Transitions

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
        // The environment called unretained (its bits as `Unmanaged`; the recognizer holds it): binding it retained
        // and released it on every request, a pan's every move (issue 27).
        if let environment = unsafeBitCast(environment, to: Unmanaged<UIGestureEnvironment>?.self) {
            environment._withUnsafeGuaranteedRef { $0.recognizer(self, didRequest: newState) }
        } else {
            // Not tracking touches (a recognizer driven by hand): no arbitration, the change just happens.
            machine.apply(newState, keepsRequest: false)
            if newState != .failed { sendActions() }
        }
    }

    /// Any touch kept: tracked, in its history, or the last ones tracked (for `location(in:)` after they ended).
    var holdsTouches: Bool {
        !trackedTouches.isEmpty || !touchHistory.isEmpty || !lastTrackedTouches.isEmpty || movedDelivery.count > 0
    }

    /// Back to possible after ended, recognized, failed or cancelled, once its touches are gone.
    func performReset() {
        machine.reset()
        trackedTouches.removeAll()
        touchHistory.removeAll()
        lastTrackedTouches.removeAll()
        movedDelivery.removeAll()
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

    /// `hint`: where the touch probably is in `touchHistory` (its position among the frame's touches).
    func tracks(_ touch: UITouch, hint: Int = 0) -> Bool {
        touchHistory.containsIdentical(touch, hint: hint)
    }

    func sharesTouches(with other: UIGestureRecognizer) -> Bool {
        touchHistory.contains { touch in other.touchHistory.contains { $0 === touch } }
    }
}

// MARK: - Actions

extension UIGestureRecognizer {
    /// UIKit's `addTarget(_:action:)`. Actions run in the order they were added, when the state changes
    /// (recognized; began, each changed, ended and cancelled), never merely because a touch arrived.
    public func addTarget(_ action: GestureRecognizerAction) {
        actions.append(action)
    }

    /// `addTarget(self, action: #selector(handleTap))` in Swift terms: a method reference on a weak target.
    public func addTarget<Target: AnyObject>(
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

// MARK: - GestureRecognizerAction

/// One target-action pair of a gesture recognizer. Swift on Linux has no selectors, so an action is a
/// closure, a method reference on a weakly held target, or a named action that writes a trace line
/// (as an action method's `NSLog(@"View Taped")` would).
public struct GestureRecognizerAction {
    /// The name used by `removeTarget(_:action:)` (and printed by tools); a log action's name is its line.
    let name: String
    /// UIKit holds targets weakly: an action whose target has gone is skipped.
    weak var target: AnyObject?
    let hasTarget: Bool
    let perform: (AnyObject?, UIGestureRecognizer) -> Void

    init(name: String, target: AnyObject?, perform: @escaping (AnyObject?, UIGestureRecognizer) -> Void) {
        self.name = name
        self.target = target
        self.hasTarget = target != nil
        self.perform = perform
    }

    /// A closure run with the recognizer, like an action method taking the sender.
    public static func handler(_ name: String = "handler", _ body: @escaping (UIGestureRecognizer) -> Void) -> Self {
        Self(name: name, target: nil) { _, recognizer in body(recognizer) }
    }

    /// Writes `line` to the application's trace (scene files: `action: {log: "View Taped"}`).
    public static func log(_ line: String) -> Self {
        Self(name: line, target: nil) { _, recognizer in recognizer.traceRecorder?.record(line, group: "actions") }
    }

    /// A method reference on `target`, e.g. `.method(controller, ViewController.handleTap)`; the target is
    /// held weakly, as UIKit does.
    static func method<Target: AnyObject>(
        _ target: Target, _ name: String = "action", _ body: @escaping (Target) -> (UIGestureRecognizer) -> Void
    ) -> Self {
        Self(name: name, target: target) { target, recognizer in
            guard let target = target as? Target else { return }
            body(target)(recognizer)
        }
    }

    /// False once a weakly held target has been released.
    var isLive: Bool { !hasTarget || target != nil }

    func send(from recognizer: UIGestureRecognizer) {
        guard isLive else { return }
        perform(target, recognizer)
    }
}

// MARK: - Continuous

/// What the continuous recognizers (pan, pinch, rotation) share: a cap on the fingers they follow, the
/// fingers a lift still reports, the first two fingers' positions, and how a cancel ends them.
extension UIGestureRecognizer {
    /// Ignores every finger on the glass beyond the first `limit` (UIKit: a pinch or rotation follows two
    /// fingers, a pan `maximumNumberOfTouches`; the extra ones are never delivered to the recognizer again).
    func ignoreTouches(beyond limit: Int, for event: UIEvent) {
        let onScreen = touchesOnScreen
        guard onScreen.count > limit else { return }
        for touch in onScreen.suffix(onScreen.count - limit) { ignore(touch, for: event) }
    }

    /// The tracked touches whose positions a lift reports: the lifting fingers count where they left the
    /// glass; cancelled ones do not.
    var touchesReportingLift: [UITouch] {
        // The tracked array itself (shared, not copied) when every touch counts: no allocation per frame.
        for touch in trackedTouches where touch.phase == .cancelled { return trackedTouches.filter { $0.phase != .cancelled } }
        return trackedTouches
    }

    /// Window locations of the first two of `touches`; nil with fewer than two.
    static func firstTwoLocations(of touches: [UITouch]) -> (CGPoint, CGPoint)? {
        guard touches.count >= 2 else { return nil }
        return (touches[0].location(in: nil), touches[1].location(in: nil))
    }

    /// UIKit: a cancelled touch fails a continuous recognizer that has not begun and cancels one that has.
    func cancelContinuousGesture() {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .cancelled
        default: return
        }
    }
}

// MARK: - Location

extension UIGestureRecognizer {
    /// UIKit's `numberOfTouches`: the touches involved in the gesture (those that just ended count until the
    /// event that ended them is over; after that, the last set, so an action fired later still sees its tap).
    public var numberOfTouches: Int { locationTouches.count }

    /// The centroid of the gesture's touches in `view`'s space (nil: the window): UIKit's default
    /// `location(in:)`.
    func centroidLocation(in view: UIView?) -> CGPoint {
        let touches = locationTouches
        guard !touches.isEmpty else { return .zero }
        var x: CGFloat = 0, y: CGFloat = 0
        for touch in touches {
            let point = touch.location(in: view)
            x += point.x
            y += point.y
        }
        let n = CGFloat(touches.count)
        return CGPoint(x: x / n, y: y / n)
    }

    /// UIKit's `location(ofTouch:in:)`: one touch of the gesture, by index (in the order they came down).
    func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let touches = locationTouches
        precondition(touches.indices.contains(touchIndex), "touch index \(touchIndex) out of range 0..<\(touches.count)")
        return touches[touchIndex].location(in: view)
    }

    private var locationTouches: [UITouch] { trackedTouches.isEmpty ? lastTrackedTouches : trackedTouches }

    /// UIKit's `ignore(_:for:)`: this recognizer stops receiving `touch` (a pan with more fingers than its
    /// maximum ignores the extra ones).
    func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        touchHistory.removeAll { $0 === touch }
        environment?.recognizer(self, ignores: touch)
    }
}

// MARK: - Geometry

/// Geometry shared by the built-in recognizers, in window coordinates: a pinch's scale and a rotation's angle
/// are "relative to the points of the two touches in screen coordinates"
/// (developer.apple.com/documentation/uikit/uipinchgesturerecognizer/scale; "Measure the relative rotation of
/// two fingers on the screen", developer.apple.com/documentation/uikit/handling-rotation-gestures), so the
/// transform of the recognizer's own view never changes them — which is what lets an action apply them to
/// that very transform and reset them without feeding back.
extension UIGestureRecognizer {
    /// Distance between two points.
    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The centroid of `points`.
    static func centroid(of points: [CGPoint]) -> CGPoint {
        guard !points.isEmpty else { return .zero }
        var x: CGFloat = 0, y: CGFloat = 0
        for point in points {
            x += point.x
            y += point.y
        }
        return CGPoint(x: x / CGFloat(points.count), y: y / CGFloat(points.count))
    }

    /// The centroid of `touches` in window coordinates.
    static func centroid(of touches: [UITouch]) -> CGPoint {
        centroid(of: touches.map { $0.location(in: nil) })
    }

    /// Touches still on the screen (not ended or cancelled), in the order they came down.
    var touchesOnScreen: [UITouch] {
        // The tracked array itself (shared, not copied) while no finger has lifted: a move allocates nothing.
        // Looked at unretained (`trackedTouches` holds them): the loop retained and released each touch (issue 27:
        // 12 retains a ten-finger frame).
        var lifted = false
        trackedTouches.forEachUnretainedInPlace { touch in if touch.phase.isFinal { lifted = true } }
        return lifted ? trackedTouches.filter { !$0.phase.isFinal } : trackedTouches
    }
}

// MARK: - Timers

extension UIGestureRecognizer {
    /// A one-shot run-loop timer on the application's loop, in its common modes (what a UIKit subclass does
    /// with `performSelector:afterDelay:`). A state change made in `body` is applied as soon as it returns.
    /// Nil when the recognizer is attached to no application yet.
    @discardableResult
    package func schedule(after seconds: TimeInterval, _ body: @escaping () -> Void) -> RunLoopTimer? {
        let environment = self.environment ?? view?.window?.application?.gestureEnvironment
        // With a run-loop trace on, the timer is named now, from `traceClassName` (a subclass may override it).
        // Otherwise the name is made only if a trace shows the timer later, from what it needs (not from `self`:
        // the timer must neither keep the recognizer alive nor make a weak reference to it).
        if environment?.application?.runLoop.tracer != nil {
            let name = "\(traceClassName) after \(seconds) s"
            return environment?.schedule(after: seconds, name: name, body)
        }
        let override = traceClassNameOverride
        let type = Swift.type(of: self)
        return environment?.schedule(
            after: seconds, name: "\(override ?? String(describing: type)) after \(seconds) s", body)
    }
}

// MARK: - Explain

extension UIGestureRecognizer {
    /// The class as printed, with the scene's id when it has one: `UITapGestureRecognizer 'double'`.
    var traceLabel: String { traceClassName + (name.map { " '\($0)'" } ?? "") }

    /// Records why the environment is about to change the state, when someone is explaining (the text is
    /// built only then).
    func noteTransitionCause(_ cause: @autoclosure () -> String) {
        guard traceRecorder?.explains == true else { return }
        transitionCause = cause()
    }

    /// Explained traces: `LXFTapGestureRecognizer possible → failed (UIButton gestureRecognizerShouldBegin: NO)`.
    /// Every recognizer's changes are explained (not only logging ones): they decide who gets the touches.
    func explainTransition(from old: State) {
        let cause = transitionCause
        transitionCause = nil
        guard let recorder = traceRecorder, recorder.explains else { return }
        let new = machine.applied
        // Outside a HID event the change came from a timer (a tap's 0.75 s limit, a scroll view's 0.15 s delay).
        let when = recorder.currentHIDEvent == nil ? " at t=\(UIEventDispatcher.millisecondText(recorder.now))" : ""
        recorder.explain(
            .transition, "\(traceLabel) \(old) → \(new)\(when)",
            group: "recognizers", reason: cause ?? Self.defaultCause(from: old, to: new))
    }

    private static func defaultCause(from old: State, to new: State) -> String? {
        switch (old, new) {
        case (_, .possible): return "reset: its touches are gone"
        case (.possible, .failed): return "set by the recognizer itself"
        case (.possible, .ended): return "recognized"
        default: return nil
        }
    }
}

// MARK: - Description

extension UIGestureRecognizer: CustomStringConvertible {
    /// UIKit's debug description without addresses:
    /// `<LXFTapGestureRecognizer: tap; state = Possible; view = <YellowView>; actions = (View Taped)>`.
    public var description: String {
        var parts = [traceClassName + (name.map { ": \($0)" } ?? "")]
        parts.append("state = \(state.description.prefix(1).uppercased())\(state.description.dropFirst())")
        if !isEnabled { parts.append("enabled = NO") }
        if let view { parts.append("view = <\(view.traceClassName)>") }
        if !actions.isEmpty { parts.append("actions = (\(actionNames.joined(separator: ", ")))") }
        return "<" + parts.joined(separator: "; ") + ">"
    }
}

// MARK: - Control precedence

extension UIGestureRecognizer {
    /// A single-finger, single-tap recognizer: the gesture a button, switch, stepper, segmented control or
    /// page control owns (UIKit's control precedence, event-delivery.md section 6).
    var isSingleFingerSingleTap: Bool {
        guard let tap = self as? UITapGestureRecognizer else { return false }
        return tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1
    }

    /// A single-finger swipe whose allowed directions include one along the x axis (a slider's travel).
    var isSingleFingerHorizontalSwipe: Bool {
        guard let swipe = self as? UISwipeGestureRecognizer, swipe.numberOfTouchesRequired == 1 else { return false }
        return !swipe.direction.isDisjoint(with: [.left, .right])
    }

    /// A pan that is following exactly one finger.
    var isSingleFingerPan: Bool {
        guard self is UIPanGestureRecognizer else { return false }
        return numberOfTouches == 1
    }
}

// MARK: - WeakGestureRecognizer

/// A weak reference to a recognizer: failure requirements must not keep recognizers alive (UIKit holds them
/// weakly too).
struct WeakGestureRecognizer {
    weak var recognizer: UIGestureRecognizer?

    init(_ recognizer: UIGestureRecognizer) {
        self.recognizer = recognizer
    }
}

// MARK: - DeliveredTouches

/// A set of touches handed to a recognizer, with their order of insertion (by identity), so the next frame can
/// tell, touch by touch and without hashing, whether it would build the same set.
struct DeliveredTouches {
    /// The set as handed over.
    private(set) var touches = Set<UITouch>()
    /// The touches' identities in the order they were added.
    private var order: [ObjectIdentifier] = []

    var count: Int { order.count }

    /// Whether `touch` is the `position`th touch added.
    @inline(__always)
    func holds(_ touch: UITouch, at position: Int) -> Bool {
        position < order.count && order[position] == ObjectIdentifier(touch)
    }

    mutating func append(_ touch: UITouch) {
        touches.insert(touch)
        order.append(ObjectIdentifier(touch))
    }

    /// Empties it, keeping the storage (a recognizer that kept the set keeps its own copy).
    mutating func removeAll() {
        guard !order.isEmpty else { return }
        touches.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
    }
}
