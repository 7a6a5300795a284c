import Foundation

/// UIKit's `UIWindow`: the root of a view hierarchy, a responder whose next is the application, and the object
/// whose `sendEvent(_:)` hands touches to gesture recognizers and views.
open class UIWindow: UIView {
    /// Higher levels are in front; hit-testing asks the frontmost window first.
    @exclusivity(unchecked)
    public var windowLevel: Level = .normal {
        didSet { application?.windowOrderDidChange() }
    }

    /// UIKit: windows are hidden until shown (`makeKeyAndVisible()` or `isHidden = false`).
    public override var isHidden: Bool {
        didSet {
            guard isHidden != oldValue else { return }
            if !isHidden, let app = application { shownStamp = app.nextShownStamp() }
            application?.windowOrderDidChange()
        }
    }

    /// Not retained and not weak (see `UIApplication.deinit`, `removeWindow`).
    @exclusivity(unchecked)
    unowned(unsafe) var application: UIApplication?
    /// Orders windows of equal level: the most recently shown is in front.
    @exclusivity(unchecked)
    var shownStamp: UInt64 = 0
    /// The touch delivery's working arrays and set, kept between frames so steady moves allocate none (issue
    /// 27). Each is taken out while in use (a delivery nested in a view's touch method finds it empty and
    /// builds its own) and put back emptied, with its capacity.
    @exclusivity(unchecked)
    var touchScratch = WindowTouchScratch()

    /// UIKit: setting it installs the controller's view as the window's root view, sized to the window.
    @exclusivity(unchecked)
    public var rootViewController: UIViewController? {
        didSet {
            if let old = oldValue, old !== rootViewController, old.viewIfLoaded?.superview === self {
                old.view.removeFromSuperview()
            }
            guard let controller = rootViewController else { return }
            let view = controller.view
            view.frame = bounds
            insertSubview(view, at: 0)
        }
    }

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
        isHidden = true
    }

    package var isKeyWindow: Bool { application?.keyWindow === self }

    /// UIKit: shows the window in front of the other windows of its level and makes it the key window (the
    /// target of events without a location).
    public func makeKeyAndVisible() {
        if !isHidden, let app = application {
            shownStamp = app.nextShownStamp()
            app.windowOrderDidChange()
        }
        isHidden = false
        makeKey()
    }

    /// UIKit's `makeKey()`: this window becomes the application's key window without being shown.
    public func makeKey() {
        application?.keyWindow = self
    }

    override var hostApplication: UIApplication? { application }

    /// UIKit: a window's next responder is the application.
    override var chainNext: UIResponder? { application }

    /// UIKit's `sendEvent(_:)`: touches go to their gesture recognizers, then to their views
    /// (`deliverTouches(of:)`); events without a location go to the first responder.
    func sendEvent(_ event: UIEvent) {
        switch event.type {
        case .touches:
            deliverTouches(of: event)
        case .motion, .presses, .remoteControl:
            application?.deliverToFirstResponder(event, fallback: self)
        }
    }
}

// MARK: - Level

extension UIWindow {
    /// UIKit's `UIWindow.Level`: a number; higher is in front.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// A level of `rawValue` points above `normal`.
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// UIKit's `normal` (0): app windows.
        public static let normal = Level(0)
        /// UIKit's `statusBar` (1000).
        public static let statusBar = Level(1000)
        /// UIKit's `alert` (2000): in front of the others, asked first by hit-testing.
        public static let alert = Level(2000)

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}

// MARK: - Touch delivery

extension UIWindow {
    /// Touch half of `sendEvent(_:)`: the interceptor (gesture recognizers) first, which returns the plan for
    /// the views' share of the frame; then the window executes that plan.
    func deliverTouches(of event: UIEvent) {
        // Usually every touch of the event is this window's and changed (all fingers of a drag move each frame):
        // the event's own array is handed on, shared, instead of copying it touch by touch (issue 27).
        // Checked unretained (the event holds its touches): `allSatisfy` retained and released each (issue 27).
        var everyTouch = !event.touchesInOrder.isEmpty
        event.touchesInOrder.forEachUnretainedInPlace { touch in
            if touch.window !== self || touch.phase == .stationary { everyTouch = false }
        }
        if everyTouch {
            deliver(event.touchesInOrder, of: event)
            return
        }
        var changed: [UITouch] = []
        swap(&changed, &touchScratch.changed)
        for touch in event.touchesInOrder where touch.window === self && touch.phase != .stationary {
            changed.append(touch)
        }
        if !changed.isEmpty { deliver(changed, of: event) }
        changed.removeAllKeepingStorage()
        swap(&changed, &touchScratch.changed)
    }

    /// The plan for this frame's `changed` touches (it shares their array) lives only in here, so the array is
    /// the caller's alone again afterwards and keeps its storage.
    private func deliver(_ changed: [UITouch], of event: UIEvent) {
        // The application read unretained (its bits as `Unmanaged`): it outlives its windows' deliveries, and
        // `application?` made a strong reference, a retain and a release every frame (issue 27).
        let plan =
            unsafeBitCast(application, to: Unmanaged<UIApplication>?.self)?._withUnsafeGuaranteedRef {
                $0.touchInterceptor?.window(self, willDeliver: changed, event: event)
            } ?? TouchDeliveryPlan(delivering: changed)
        execute(plan, event: event)
    }

    /// Executes a delivery plan: its replays and cancellations in order, then the frame's changes it delivers
    /// now, minus those the views may no longer get (their began never reached the view, or the view already
    /// got the end or a cancel). The gesture environment also hands the window plans outside a frame (a
    /// withheld began released by a timer).
    package func execute(_ plan: TouchDeliveryPlan, event: UIEvent) {
        if plan.hasSteps {
            for step in plan.steps {
                switch step {
                case .replay(let replay): deliver(replay, event: event)
                case .cancel(let touches, let cause): cancelTouchesInViews(touches, cause: cause, event: event)
                }
            }
        }
        guard plan.deliveredCount > 0 else { return }
        var eligible: [UITouch] = []
        swap(&eligible, &touchScratch.eligible)
        plan.forEachDelivered { touch in
            guard touch.view != nil, !touch.viewIsDone, touch.viewRefusalReason == nil else { return }
            if touch.phase != .began && !touch.viewReceivedBegan { return }
            eligible.append(touch)
        }
        deliverToViews(eligible, event: event)
        eligible.removeAllKeepingStorage()
        swap(&eligible, &touchScratch.eligible)
    }

    /// Delivers `touches` to their views in their current phases. Grouped as UIKit calls them: per view (in
    /// the order the views' first touches came down), one call per phase (began, moved, ended, cancelled), so
    /// two fingers landing in one frame on one view arrive in one `touchesBegan` with two touches. The set is
    /// UIKit's signature; its storage is reused from call to call (a view that keeps the set keeps its own
    /// copy: the next `removeAll` copies on write).
    private func deliverToViews(_ touches: [UITouch], event: UIEvent) {
        guard !touches.isEmpty else { return }
        var views: [UIView] = []
        var group = Set<UITouch>()
        swap(&views, &touchScratch.views)
        swap(&group, &touchScratch.group)
        collectViews(of: touches, into: &views)
        for view in views {
            for phase in UIWindow.deliveryPhaseOrder {
                for touch in touches where touch.view === view && touch.phase == phase { group.insert(touch) }
                guard !group.isEmpty else { continue }
                deliver(group, phase: phase, to: view, event: event)
                group.removeAll(keepingCapacity: true)
            }
        }
        views.removeAllKeepingStorage()
        swap(&views, &touchScratch.views)
        swap(&group, &touchScratch.group)
    }

    /// A replay: the touches go to their views in the replay's phase, one call per view, whatever the views
    /// received before (the environment decided the view is owed this call).
    ///
    /// The view gets the live touch object, holding the recorded state for the length of the call, as UIKit
    /// does: its delayed-touch dispatcher (`UIGestureDelayedEventComponentDispatcher`) loads the state saved
    /// when the touch was delayed into the live UITouch (`stateWhenDelayed`), delivers, then loads the
    /// current state back (`stateWhenDelivered`). A separate touch object would break what views rely on:
    /// one UITouch per finger (event-delivery.md §2), so a control's `trackingTouch` or a table view's
    /// selection touch from the replayed began is the object its later touchesMoved/Ended carry.
    private func deliver(_ replay: TouchReplay, event: UIEvent) {
        var saved: [TouchSnapshot] = []
        if let recorded = replay.recorded {
            for (touch, snapshot) in zip(replay.touches, recorded) { saved.append(snapshot.swap(into: touch)) }
        }
        let received = replay.touches.filter { $0.viewRefusalReason == nil }
        for view in views(of: received) {
            deliver(Set(received.filter { $0.view === view }), phase: replay.phase, to: view, event: event)
        }
        for (touch, original) in zip(replay.touches, saved) { _ = original.swap(into: touch) }
    }

    /// UIKit: when a recognizer takes touches (cancelsTouchesInView), their views get `touchesCancelled` for the
    /// touches they had seen and nothing more of them. For the length of the call each touch reads phase
    /// cancelled (whatever the finger is doing) and carries the cause, as UIKit's
    /// `_cancelViewProcessingOfTouches:` sets the phase before calling the view; both are put back after.
    private func cancelTouchesInViews(_ touches: [UITouch], cause: TouchCancelCause?, event: UIEvent) {
        let seen = touches.filter { $0.viewReceivedBegan && !$0.viewIsDone }
        let saved = seen.map { ($0.phase, $0.cancelCauseFact) }
        for touch in seen {
            touch.phase = .cancelled
            touch.cancelCauseFact = cause
        }
        for view in views(of: seen) {
            deliver(Set(seen.filter { $0.view === view }), phase: .cancelled, to: view, event: event)
        }
        for (touch, (phase, cause)) in zip(seen, saved) {
            touch.phase = phase
            touch.cancelCauseFact = cause
        }
    }

    /// The touches' views, in the order their first touches came down.
    private func views(of touches: [UITouch]) -> [UIView] {
        var views: [UIView] = []
        collectViews(of: touches, into: &views)
        return views
    }

    private func collectViews(of touches: [UITouch], into views: inout [UIView]) {
        for touch in touches {
            guard let view = touch.view, !views.contains(where: { $0 === view }) else { continue }
            views.append(view)
        }
    }

    /// Why `touch`, just hit-tested to a view of this window, must never reach that view, or nil. UIKit's two
    /// per-view rules, decided once when the touch begins (the touch still goes to its recognizers, which
    /// neither rule affects; event-delivery.md §4):
    /// - `isMultipleTouchEnabled` false (UIKit's default): "the view receives only the first touch event in a
    ///   multi-touch sequence that start within the view's bounds" (developer.apple.com/documentation/uikit/
    ///   uiview/ismultipletouchenabled). The model's reading: refused while another touch of the sequence that
    ///   the view was given is still down (fingers that lifted have left the event).
    /// - `isExclusiveTouch`: "that view receives touches if—and only if—it is the only view tracking touches",
    ///   and a touch landing elsewhere while it tracks is not delivered ("Event Handling Guide for iOS",
    ///   Multitouch Events, "Specifying Custom Touch Event Behavior", developer.apple.com/library/archive/
    ///   documentation/EventHandling/Conceptual/EventHandlingiPhoneOS/multitouch_background/
    ///   multitouch_background.html). Tracking: given a touch whose end or cancel it has not yet received.
    func viewRefusal(for touch: UITouch, in event: UIEvent) -> TouchViewRefusal? {
        guard let view = touch.view else { return nil }
        for other in event.touchesInOrder where other !== touch && other.window === self && other.viewRefusalReason == nil {
            guard let otherView = other.view else { continue }
            if otherView === view {
                if !view.isMultipleTouchEnabled {
                    return TouchViewRefusal(rule: .multipleTouchDisabled, namedView: view, otherTouch: other.sequenceNumber)
                }
                continue
            }
            if other.viewIsDone { continue }
            if otherView.isExclusiveTouch {
                return TouchViewRefusal(rule: .otherViewIsExclusive, namedView: otherView, otherTouch: other.sequenceNumber)
            }
            if view.isExclusiveTouch {
                return TouchViewRefusal(rule: .viewIsExclusive, namedView: otherView, otherTouch: other.sequenceNumber)
            }
        }
        return nil
    }

    private static let deliveryPhaseOrder: [UITouch.Phase] = [.began, .moved, .ended, .cancelled]

    private func deliver(_ group: Set<UITouch>, phase: UITouch.Phase, to view: UIView, event: UIEvent) {
        switch phase {
        case .began: view.touchesBegan(group, with: event)
        case .moved: view.touchesMoved(group, with: event)
        case .ended: view.touchesEnded(group, with: event)
        case .cancelled: view.touchesCancelled(group, with: event)
        case .stationary: return
        }
        for touch in group { touch.phaseDeliveredToView = phase }
    }
}

/// Why a touch never reaches the view it was hit-tested to (`UIWindow.viewRefusal(for:in:)`): the rule and whom it
/// names, decided when the touch begins; the sentence is made only when someone reads it (an explained trace).
/// Making it for every refused touch cost about 400 instructions a ten-finger frame (issue 27). The named view is
/// held as the touch holds its own view (the application's teardown lets go of both).
struct TouchViewRefusal {
    enum Rule {
        /// The touch's view has `isMultipleTouchEnabled` false and already has another touch of the sequence.
        case multipleTouchDisabled
        /// Another view that is tracking a touch has `isExclusiveTouch`.
        case otherViewIsExclusive
        /// The touch's view has `isExclusiveTouch` and another view is tracking a touch.
        case viewIsExclusive
    }

    let rule: Rule
    /// The view the sentence names: the touch's own for `multipleTouchDisabled`, the other one otherwise.
    let namedView: UIView
    /// The other touch's sequence number.
    let otherTouch: UInt64

    /// The sentence traces print after "not delivered: ".
    var text: String {
        switch rule {
        case .multipleTouchDisabled:
            return "multipleTouchEnabled = NO, \(namedView.traceClassName) already has touch#\(otherTouch)"
        case .otherViewIsExclusive: return "exclusiveTouch: \(namedView.traceClassName) is tracking touch#\(otherTouch)"
        case .viewIsExclusive: return "exclusiveTouch = YES, \(namedView.traceClassName) is tracking touch#\(otherTouch)"
        }
    }
}

/// `UIWindow.touchScratch`: the touch delivery's reused storage.
struct WindowTouchScratch {
    var changed: [UITouch] = []
    var eligible: [UITouch] = []
    var views: [UIView] = []
    var group: Set<UITouch> = []
}

extension UITouch {
    /// The touch's view got `touchesBegan` for it (the window's record).
    var viewReceivedBegan: Bool { phaseDeliveredToView != nil }

    /// The touch's view is finished with it: it got the end or a cancel.
    var viewIsDone: Bool { phaseDeliveredToView?.isFinal ?? false }

    /// The touch's view has it under way: began received, no end or cancel yet.
    var viewIsTracking: Bool { viewReceivedBegan && !viewIsDone }
}
