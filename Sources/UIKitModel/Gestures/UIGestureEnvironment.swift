import Foundation
import RunLoopKit

/// UIKit's gesture environment (one per application): the stage of `UIWindow.sendEvent(_:)` that runs
/// before the views (event-delivery.md §5).
///
/// For each frame it (1) collects, for every touch that begins, the enabled recognizers of the hit-tested
/// view and its ancestors that agree to receive it; (2) delivers every touch change to those recognizers;
/// (3) applies the state changes they asked for — failure requirements, `shouldBegin`, exclusivity, actions,
/// cancelling the views' touches; (4) decides what the views get of this frame (withheld while a
/// `delaysTouchesBegan` recognizer is possible, `touchesEnded` held while a `delaysTouchesEnded` one is), and
/// replays or releases what was held once nothing holds it; (5) resets finished recognizers whose touches
/// are gone. The window then delivers the rest to the views.
final class UIGestureEnvironment: TouchInterceptor {
    /// Not retained (the application owns its environment) and not weak; the application's deinit clears it.
    @exclusivity(unchecked)
    unowned(unsafe) var application: UIApplication?

    /// Recognizers that have received touches since their last reset, in the order they joined.
    @exclusivity(unchecked)
    var active: [UIGestureRecognizer] = []
    /// Per touch, in the order the touches began.
    @exclusivity(unchecked)
    var records: [GestureTouchRecord] = []
    /// State changes asked for by recognizers and not yet applied, first asked first applied.
    @exclusivity(unchecked)
    var requests: [(recognizer: UIGestureRecognizer, state: UIGestureRecognizer.State)] = []
    /// Whether touches are being handed to recognizers or queued changes applied (GestureEnvironmentPass).
    @exclusivity(unchecked)
    var pass = GestureEnvironmentPass.idle
    /// Counts interceptor passes; stamps withheld frames.
    @exclusivity(unchecked)
    var frame: UInt64 = 0
    /// Storage reused from frame to frame by delivery (the recipients, and the touches of each phase handed
    /// to a recognizer), so a steady move allocates nothing: taken out while in use (a recognizer's callback
    /// may deliver again) and put back emptied, capacity kept.
    @exclusivity(unchecked)
    var deliveryScratch = GestureDeliveryScratch()
    /// Some record's touch is over (set by `finishFrame`): `dropSettledRecords` has something to look at. Most
    /// frames end no touch, and the search for settled records cost about 500 instructions a ten-finger frame.
    @exclusivity(unchecked)
    var hasOverRecords = false

    /// The application's run-loop clock, for `now`: held here (a pan read it through the application and its run
    /// loop on every move, a retain and a release each, issue 27), and strongly, as a `let` (a call through an
    /// `unowned(unsafe)` existential retained and released it each time). A clock refers to nothing.
    private let clock: RunLoopClock

    init(application: UIApplication) {
        self.application = application
        self.clock = application.runLoop.clock
    }

    deinit {
        for record in records where record.touch.gestureRecord === record { record.touch.gestureRecord = nil }
    }

    /// The application is going away: every touch, recognizer and held delivery is let go. Recognizers hold
    /// their environment strongly (see `UIGestureRecognizer.environment`), so the environment must not hold
    /// them back: this breaks the cycles through `active`, `records` and the held ends' timers.
    func tearDown() {
        for record in records {
            record.clearHeldDeliveries()
            if record.touch.gestureRecord === record { record.touch.gestureRecord = nil }
        }
        records.removeAll()
        active.removeAll()
        requests.removeAll()
        deliveryScratch = GestureDeliveryScratch()
        hasOverRecords = false
    }

    // MARK: TouchInterceptor

    func window(_ window: UIWindow, willDeliver touches: [UITouch], event: UIEvent) -> TouchDeliveryPlan {
        // Touches that ended in the previous frame keep their recognizers until then (UIKit's
        // `UITouch.gestureRecognizers` still lists them in the view's touchesEnded).
        dropSettledRecords()
        var plan = TouchDeliveryPlan(delivering: touches)
        // The phases in the frame, in one pass: most frames only move, and the began and end steps are skipped.
        let phases = TouchPhases(touches)
        // Fast path: no recognizer tracks anything and no touch begins, so there is nothing to do.
        if records.isEmpty && !phases.began { return plan }
        frame += 1
        if phases.began {
            for touch in touches where touch.phase == .began {
                beginTracking(touch, in: window, event: event)
            }
        }
        deliverToRecognizers(touches, phases: phases, event: event)
        // Cancellations and replays decided while applying (an action, a failure) are executed by the window
        // as they are decided, so views get them in UIKit's order relative to the actions.
        applyRequests()
        if phases.began { askBeforeDeliveringBegan(touches) }
        // Unretained: `touches` (the window's array, held for the call) keeps them (issue 27: a retain and a
        // release a touch).
        var index = 0
        touches.forEachUnretained { touch in
            if withholdsFromView(touch) { plan.withhold(at: index) }
            index += 1
        }
        finishFrame(touches, phases: phases)
        return plan
    }

    /// A began the views get in this frame (nothing delays it): the scroll views above are asked
    /// `touchesShouldBegin` first, even those whose delayed-touches recognizer has already failed.
    private func askBeforeDeliveringBegan(_ touches: [UITouch]) {
        var beginning: [GestureTouchRecord] = []
        for touch in touches where touch.phase == .began {
            guard let record = record(for: touch), !record.isTakenFromView, !delaysBegan(record) else { continue }
            beginning.append(record)
        }
        if !beginning.isEmpty { askBeforeDelivering(beginning) }
    }

    /// The recognizers a touch was given when it began (UIKit's `UITouch.gestureRecognizers`).
    func recognizers(for touch: UITouch) -> [UIGestureRecognizer]? {
        record(for: touch)?.recognizers
    }

    /// The recognizers currently tracking touches (not yet reset), in the order they joined.
    var trackingRecognizers: [UIGestureRecognizer] { active }

    func dropSettledRecords() {
        guard hasOverRecords else { return }
        for record in records where record.isSettled && record.touch.gestureRecord === record {
            record.touch.gestureRecord = nil
        }
        records.removeAll { $0.isSettled }
        hasOverRecords = records.contains { $0.isOver }
    }

    /// The touch's record, if this environment keeps one (the touch points at it: no search).
    @inline(__always)
    func record(for touch: UITouch) -> GestureTouchRecord? {
        guard let record = touch.gestureRecord, record.environment === self else { return nil }
        return record
    }

    /// `record(for:)` without retaining the record, for the delivery's walks (`_withUnsafeGuaranteedRef` reads
    /// it). `records` owns every record a touch points at until `dropSettledRecords` or `tearDown`, neither of
    /// which runs while touches are delivered, so the record outlives the frame's walks.
    @inline(__always)
    func unretainedRecord(for touch: UITouch) -> Unmanaged<GestureTouchRecord>? {
        guard let reference = touch.gestureRecordReference,
            reference._withUnsafeGuaranteedRef({ $0.environment === self })
        else { return nil }
        return reference
    }

    // MARK: Recognizer-side entry points

    func recognizer(_ recognizer: UIGestureRecognizer, ignores touch: UITouch) {
        record(for: touch)?.recognizers.removeAll { $0 === recognizer }
    }

    /// UIKit: disabling (or removing) a tracking recognizer cancels it if under way, fails it if possible.
    func recognizerWasDisabled(_ recognizer: UIGestureRecognizer) {
        guard active.contains(where: { $0 === recognizer }) else { return }
        if recognizer.state.isInProgress {
            recognizer.state = .cancelled
        } else if recognizer.state == .possible {
            recognizer.machine.stopWaiting()
            recognizer.state = .failed
        }
    }

    /// Schedules `body` on the application's run loop (common modes) after `seconds` of its clock: every
    /// gesture delay is a run-loop timer, never a sleep (event-delivery.md §8).
    func schedule(
        after seconds: TimeInterval, name: @autoclosure @escaping () -> String? = nil, _ body: @escaping () -> Void
    ) -> RunLoopTimer? {
        guard let runLoop = application?.runLoop else { return nil }
        let deadline = runLoop.clock.now &+ GestureConstants.nanoseconds(seconds)
        // Named for run-loop traces (`timer fired LXFTapGestureRecognizer after 0.75 s`).
        // The environment is captured strongly, not weakly: a weak reference would give it a side table, and
        // every retain and release of it on the touch path would take the runtime's slow way (issue 27). It does
        // not hold its timers, so no cycle.
        let timer = RunLoopTimer(fireAt: deadline, name: name() ?? "UIGestureEnvironment after \(seconds) s") { [self] _ in
            body()
            settleAfterCallout()
        }
        runLoop.add(timer, mode: .common)
        return timer
    }

    /// After a timer or other out-of-frame change: apply what was asked, reset, forget settled touches.
    /// Inside a frame, or while changes are being applied (an action setting another recognizer's state),
    /// the pass already running picks the change up.
    func settleAfterCallout() {
        guard pass == .idle else { return }
        applyRequests()
        resetFinishedRecognizers()
        dropSettledRecords()
    }

    /// The run loop's clock now, in nanoseconds (velocities are measured on it).
    /// The application is compared through its bits (comparing the `unowned(unsafe)` reference retained it).
    var now: UInt64 { unsafeBitCast(application, to: Unmanaged<UIApplication>?.self) == nil ? 0 : clock.now }
}

// MARK: - GestureEnvironmentPass

/// What the gesture environment is in the middle of, as one value (it replaces three re-entrancy flags).
///
/// UIKit hands a frame's touches to every recognizer before it acts on any state change they set
/// (`_updateGestureWithEvent`), and acts on changes in the order they were set; a change set while either is
/// running waits for the pass already running, which picks it up.
enum GestureEnvironmentPass: Equatable {
    /// Nothing running: a change set now (from a timer, an action outside a frame) is applied at once.
    case idle
    /// Touches are being handed to recognizers: changes wait until every recognizer has seen the frame.
    /// `insideApply`: a window's `sendEvent` ran from inside an apply (an action sending an event); the
    /// outer apply still owns the queue.
    case deliveringTouches(insideApply: Bool)
    /// Queued changes are being applied. `releaseNeeded`: some recognizer left possible, so withheld
    /// touches and held ends may be free to go once the queue is empty.
    case applyingChanges(releaseNeeded: Bool)

    var isDeliveringTouches: Bool {
        if case .deliveringTouches = self { return true }
        return false
    }

    /// An apply is running, perhaps with a delivery nested inside it: queued changes are its to apply.
    var isApplyingChanges: Bool {
        switch self {
        case .applyingChanges, .deliveringTouches(insideApply: true): return true
        case .idle, .deliveringTouches(insideApply: false): return false
        }
    }

    /// The pass while touches are handed to recognizers, entered from this one.
    var delivering: GestureEnvironmentPass { .deliveringTouches(insideApply: isApplyingChanges) }
}

// MARK: - Arbitration

extension UIGestureEnvironment {
    /// A recognizer set its `state`. During a frame the change waits until every recognizer has seen the
    /// frame; from a timer (or any other callout) it is applied at once.
    func recognizer(_ recognizer: UIGestureRecognizer, didRequest state: UIGestureRecognizer.State) {
        // A recognizer driven by hand after its reset joins the active set, so it resets again when done.
        if !active.contains(where: { $0 === recognizer }) { active.append(recognizer) }
        requests.append((recognizer, state))
        if !pass.isDeliveringTouches { settleAfterCallout() }
    }

    /// Applies queued state changes in order; changes asked for while applying (an action that sets another
    /// recognizer's state) join the queue. Held deliveries are released only once the queue is empty, so a
    /// recognizer recognizing in the same frame as another one fails still takes the touches first (a quick
    /// tap on a scroll view's content, with a tap recognizer above: the content never sees it).
    func applyRequests() {
        guard !pass.isApplyingChanges else { return }
        let enclosing = pass
        pass = .applyingChanges(releaseNeeded: false)
        defer { pass = enclosing }
        repeat {
            while !requests.isEmpty {
                // The only request (a pan's change each move) is taken from the end: the same one, without moving
                // the rest of the storage down (issue 27).
                let (recognizer, state) = requests.count == 1 ? requests.removeLast() : requests.removeFirst()
                apply(state, to: recognizer)
            }
            if pass == .applyingChanges(releaseNeeded: true) {
                pass = .applyingChanges(releaseNeeded: false)
                releaseHeldDeliveries()
            }
        } while !requests.isEmpty || pass == .applyingChanges(releaseNeeded: true)
    }

    /// A recognizer left possible (began, recognized or failed): held deliveries may be free once the queue
    /// is empty. Only arbitration calls it, always inside `applyRequests`.
    private func noteReleaseNeeded() {
        pass = .applyingChanges(releaseNeeded: true)
    }

    private func apply(_ state: UIGestureRecognizer.State, to recognizer: UIGestureRecognizer) {
        // A request overtaken by the environment (the recognizer was made to fail meanwhile) is dropped.
        guard !recognizer.machine.applied.isFinished else { return }
        let applied = recognizer.machine.applied
        switch state {
        case .began where applied == .possible, .ended where applied == .possible:
            attemptToBegin(recognizer, as: state)
        case .changed, .ended, .cancelled:
            guard applied.isInProgress else { return }
            // `state` keeps reading what the subclass set since (it may have moved on within the frame).
            recognizer.machine.apply(state, keepsRequest: true)
            recognizer.sendActions(reporting: state)
        case .failed:
            guard applied == .possible else { return }
            fail(recognizer)
        case .began, .possible:
            return
        }
    }

    /// Leaving possible (began, or recognized for a discrete gesture), in UIKit's order: wait for the
    /// recognizers this one requires to fail; ask `shouldBegin` (delegate, views); lose to a gesture already
    /// under way on the same touches; then win: the others still possible on these touches fail (unless
    /// simultaneous), actions are sent, the view's touches are cancelled, dependents are resolved.
    func attemptToBegin(_ recognizer: UIGestureRecognizer, as state: UIGestureRecognizer.State) {
        if isWaitingForRequiredFailures(recognizer) {
            // UIKit: it stays possible (even though its own gesture is complete) until they fail.
            recognizer.machine.waitForFailures(wanting: state)
            return
        }
        recognizer.machine.stopWaiting()
        guard shouldBegin(recognizer), !isPrevented(recognizer) else {
            fail(recognizer)
            return
        }
        // The subclass may already have moved on within the same frame (began, then ended): keep what it set.
        recognizer.machine.apply(state, keepsRequest: requests.contains(where: { $0.recognizer === recognizer }))

        let excluded = active.filter { other in
            other !== recognizer && other.machine.applied == .possible && other.sharesTouches(with: recognizer)
                && !canRecognizeSimultaneously(recognizer, other)
                && recognizer.canPrevent(other) && other.canBePrevented(by: recognizer)
        }
        for other in excluded {
            other.noteTransitionCause("\(recognizer.traceLabel) recognized on the same touches")
            markFailed(other)
        }

        recognizer.sendActions(reporting: state)
        if recognizer.cancelsTouchesInView { cancelViewTouches(of: recognizer, recognized: state) }
        for other in excluded { resolveDependents(of: other, recognized: false) }
        resolveDependents(of: recognizer, recognized: true)
        noteReleaseNeeded()
    }

    func fail(_ recognizer: UIGestureRecognizer) {
        markFailed(recognizer)
        resolveDependents(of: recognizer, recognized: false)
        noteReleaseNeeded()
    }

    private func markFailed(_ recognizer: UIGestureRecognizer) {
        recognizer.machine.fail()
        requests.removeAll { $0.recognizer === recognizer }
    }

    /// Recognizers waiting for `other`: it recognized (or began) → they fail; it failed → those with no other
    /// requirement left possible try again.
    private func resolveDependents(of other: UIGestureRecognizer, recognized: Bool) {
        for dependent in active where dependent !== other && dependent.machine.wanted != nil {
            guard dependent.machine.wanted != nil, requires(dependent, toFail: other) else { continue }
            if recognized {
                dependent.noteTransitionCause("requires \(other.traceLabel) to fail, and it recognized")
                fail(dependent)
            } else if !isWaitingForRequiredFailures(dependent), let state = dependent.machine.wanted {
                attemptToBegin(dependent, as: state)
            }
        }
    }

    // MARK: The rules

    /// A required recognizer counts only while it is active, i.e. has received touches since its last reset
    /// (UIKit ignores a requirement on a recognizer that is not tracking anything).
    func isWaitingForRequiredFailures(_ recognizer: UIGestureRecognizer) -> Bool {
        active.contains { other in
            other !== recognizer && other.machine.applied == .possible && requires(recognizer, toFail: other)
        }
    }

    /// `require(toFail:)`, the subclass hooks, and both delegates' dynamic requirements.
    func requires(_ recognizer: UIGestureRecognizer, toFail other: UIGestureRecognizer) -> Bool {
        if recognizer.requiredToFail.contains(where: { $0.recognizer === other }) { return true }
        if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer) { return true }
        if recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true { return true }
        return other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
    }

    /// UIKit: the delegate's `gestureRecognizerShouldBegin(_:)`, then the views' own
    /// `gestureRecognizerShouldBegin(_:)` — the recognizer's view and the hit-tested view of each of its
    /// touches (a view may refuse recognizers attached to its ancestors, as UIControl and UISlider do).
    private func shouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            recognizer.noteTransitionCause("its delegate's gestureRecognizerShouldBegin: NO")
            return false
        }
        var asked: [UIView] = []
        if let view = recognizer.view {
            asked.append(view)
            if !view.gestureRecognizerShouldBegin(recognizer) {
                recognizer.noteTransitionCause("\(view.traceClassName) gestureRecognizerShouldBegin: NO")
                return false
            }
        }
        for touch in recognizer.touchHistory {
            guard let view = touch.view, !asked.contains(where: { $0 === view }) else { continue }
            asked.append(view)
            if !view.gestureRecognizerShouldBegin(recognizer) {
                recognizer.noteTransitionCause("\(view.traceClassName) gestureRecognizerShouldBegin: NO")
                return false
            }
        }
        return true
    }

    /// UIKit: a gesture already under way on the same touches prevents another from beginning, unless the
    /// two may recognize simultaneously. Among recognizers asking in the same frame, one that could prevent
    /// this one while this one could not prevent it goes first (a double tap beats the single tap recognizing
    /// on the same second lift).
    private func isPrevented(_ recognizer: UIGestureRecognizer) -> Bool {
        active.contains { other in
            guard other !== recognizer, other.sharesTouches(with: recognizer),
                other.canPrevent(recognizer), recognizer.canBePrevented(by: other),
                !canRecognizeSimultaneously(recognizer, other)
            else { return false }
            if other.machine.applied.isInProgress {
                recognizer.noteTransitionCause("\(other.traceLabel) is in progress on the same touches")
                return true
            }
            guard other.machine.isAskingToLeavePossible,
                !(recognizer.canPrevent(other) && other.canBePrevented(by: recognizer))
            else { return false }
            recognizer.noteTransitionCause("\(other.traceLabel) recognizes first in the same frame")
            return true
        }
    }

    /// UIKit asks both delegates; either yes is enough.
    func canRecognizeSimultaneously(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        if a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true { return true }
        return b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }
}

// MARK: - Content touches

extension UIGestureEnvironment {
    /// Keeps `touches` from their views for good, without a `touchesCancelled` (the views never saw them):
    /// what a scroll view's `touchesShouldBegin(_:with:in:)` returning false does.
    func keepFromView(_ touches: Set<UITouch>) {
        for touch in touches { record(for: touch)?.takeFromView() }
    }

    /// A recognizer or the scroll view took `touch` from its view: the view gets nothing more of it.
    func isTakenFromView(_ touch: UITouch) -> Bool {
        record(for: touch)?.isTakenFromView ?? false
    }

    /// The content view has `touch` under way (its began arrived, no end or cancel yet) and no recognizer
    /// took it: what a scroll view's drag would have to cancel.
    func contentHasTouch(_ touch: UITouch) -> Bool {
        touch.viewIsTracking && !isTakenFromView(touch)
    }
}

/// Which phases a frame's changed touches are in, found in one pass over them.
struct TouchPhases {
    var began = false
    var moved = false
    var ended = false
    var cancelled = false

    init(_ touches: [UITouch]) {
        // Unretained: the caller's array holds the touches.
        var began = false, moved = false, ended = false, cancelled = false
        touches.forEachUnretained { touch in
            switch touch.phase {
            case .began: began = true
            case .moved: moved = true
            case .ended: ended = true
            case .cancelled: cancelled = true
            case .stationary: return
            }
        }
        (self.began, self.moved, self.ended, self.cancelled) = (began, moved, ended, cancelled)
    }

    /// A touch ended or was cancelled.
    var final: Bool { ended || cancelled }
}

/// What `deliverToRecognizers` and `deliver(_:event:to:)` build every frame, kept between frames.
struct GestureDeliveryScratch {
    var recipients: [UIGestureRecognizer] = []
    var began = Set<UITouch>()
    var ended = Set<UITouch>()
    var cancelled = Set<UITouch>()

    /// Takes a set's storage out (a nested delivery finds an empty set and builds its own).
    mutating func takeBegan() -> Set<UITouch> { Self.take(&began) }
    mutating func takeEnded() -> Set<UITouch> { Self.take(&ended) }
    mutating func takeCancelled() -> Set<UITouch> { Self.take(&cancelled) }

    /// Puts a taken set back emptied, with its capacity (a recognizer that kept the set keeps its own copy: the
    /// `removeAll` copies on write).
    mutating func putBack(began set: Set<UITouch>) { Self.putBack(set, into: &began) }
    mutating func putBack(ended set: Set<UITouch>) { Self.putBack(set, into: &ended) }
    mutating func putBack(cancelled set: Set<UITouch>) { Self.putBack(set, into: &cancelled) }

    private static func take(_ slot: inout Set<UITouch>) -> Set<UITouch> {
        var set = Set<UITouch>()
        swap(&set, &slot)
        return set
    }

    private static func putBack(_ set: consuming Set<UITouch>, into slot: inout Set<UITouch>) {
        var set = set
        set.removeAll(keepingCapacity: true)
        swap(&set, &slot)
    }
}
