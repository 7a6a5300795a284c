import Foundation

/// UIKit's `UIGestureRecognizer`: not a responder, but it receives the same four touch methods, before the
/// hit-tested view (event-delivery.md §5). The window-side rules (who gets which touch, exclusivity, failure
/// requirements, delays and cancellation of the view's touches) live in `UIGestureEnvironment`.
///
/// Subclass it as in UIKit: override the four touch methods (call super so a logging recognizer prints
/// `-[Class touchesBegan:withEvent:]`), set `state`, and override `reset()`. Everything a subclass may
/// override lives in this class body (Swift cannot override members declared in extensions).
open class UIGestureRecognizer: UITraceable {
    // MARK: Trace

    /// The declared class name printed in traces (a scene file's `class: LXFTapGestureRecognizer`); nil
    /// means the Swift dynamic type name.
    public var traceClassNameOverride: String?
    /// Which calls this object logs (a scene file's `log:`); empty: none.
    public var logGroups: UITraceGroups = []
    /// `log: true` / `false`: every group or none.
    public var logsCalls: Bool {
        get { !logGroups.isEmpty }
        set { logGroups = newValue ? .all : [] }
    }
    /// A scene file's id for this recognizer (also handy when printing).
    public var name: String?

    open var traceClassName: String { traceClassNameOverride ?? String(describing: type(of: self)) }

    public var traceRecorder: UITraceRecorder? {
        view?.traceRecorder ?? environment?.application?.traceRecorder
    }

    // MARK: Configuration

    package weak var delegate: UIGestureRecognizerDelegate?
    /// A delegate the recognizer keeps alive (a scene file's scripted delegate has no controller to own
    /// it); setting it also sets `delegate`, which stays weak as in UIKit.
    public var ownedDelegate: UIGestureRecognizerDelegate? {
        didSet { delegate = ownedDelegate }
    }
    /// UIKit: disabling a recognizer that is tracking cancels (in progress) or fails (possible) it.
    public var isEnabled = true {
        didSet {
            guard oldValue, !isEnabled, let environment else { return }
            environment.recognizerWasDisabled(self)
        }
    }
    /// UIKit default true: when it recognizes, the view gets `touchesCancelled` and no more of its touches.
    public var cancelsTouchesInView = true
    /// UIKit default false: true withholds the touches from the view while this recognizer is possible.
    public var delaysTouchesBegan = false
    /// UIKit default true: holds back the view's `touchesEnded` while this recognizer is possible.
    public var delaysTouchesEnded = true

    /// The view this recognizer is attached to (`UIView.addGestureRecognizer(_:)`).
    /// Not retained (the view retains its recognizers) and not weak, so retaining the view stays on the fast
    /// path; `removeGestureRecognizer` and the view's deinit clear it.
    package internal(set) unowned(unsafe) var view: UIView?

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
    var machine = GestureRecognizerStateMachine.settled(.possible) {
        didSet { if oldValue.applied != machine.applied { explainTransition(from: oldValue.applied) } }
    }
    /// Why the environment is about to change the state (explained traces): set just before the change.
    var transitionCause: String?
    var requiredToFail: [WeakGestureRecognizer] = []

    // MARK: Touches

    /// The touches this recognizer tracks now (ended ones leave after the event that ended them).
    var trackedTouches: [UITouch] = []
    /// Every touch seen since the last reset: what cancelsTouchesInView cancels and what exclusivity compares.
    var touchHistory: [UITouch] = []
    /// The touches tracked just before the last ones ended: where a tap recognized from a timer happened.
    var lastTrackedTouches: [UITouch] = []
    /// The environment delivering touches to this recognizer (set on its first touch).
    weak var environment: UIGestureEnvironment?

    var actions: [UIGestureRecognizerAction] = []

    public init() {}

    /// UIKit's `init(target:action:)`.
    package convenience init(action: UIGestureRecognizerAction?) {
        self.init()
        if let action { actions.append(action) }
    }

    // MARK: The four touch methods (the window calls them before the view)

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        recordCall(UIResponderMethod.touchesBegan.selector, group: .touches, touches: touches)
    }

    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        recordCall(UIResponderMethod.touchesMoved.selector, group: .touches, touches: touches)
    }

    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        recordCall(UIResponderMethod.touchesEnded.selector, group: .touches, touches: touches)
    }

    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        recordCall(UIResponderMethod.touchesCancelled.selector, group: .touches, touches: touches)
    }

    // MARK: Location (UIGestureRecognizer+Location.swift)

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
}
