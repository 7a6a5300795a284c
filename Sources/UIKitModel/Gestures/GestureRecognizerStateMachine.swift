/// A recognizer's state as one value: UIKit's `UIGestureRecognizer.State` plus what the gesture environment
/// has not finished with yet. Every transition is one of the mutating methods below (the only writers).
///
/// UIKit separates the state a subclass sets (what `state` reads back at once) from the state the
/// environment acts on: a change set while touches are being delivered waits until every recognizer has
/// seen the frame (`_updateGestureWithEvent`), and a begin or recognition waits, reading possible, while a
/// recognizer it requires to fail is still possible (`require(toFail:)`).
enum GestureRecognizerStateMachine: Equatable {
    typealias State = UIGestureRecognizer.State

    /// The environment has acted on `state` (actions sent, others excluded) and nothing waits.
    case settled(State)
    /// The subclass set `requested`; the environment has acted on `applied` and applies the request (queued
    /// with the environment) when the current delivery is over.
    case changing(applied: State, requested: State)
    /// The gesture is complete (`wanted`: began, or recognized for a discrete gesture) but the recognizer
    /// waits for the recognizers it requires to fail, and reads possible until then. `requested`: a change
    /// the subclass set meanwhile (a failure), not applied yet.
    case waitingForFailures(wanted: State, requested: State?)

    /// What `state` reads: the subclass's latest request, possible while waiting for failures.
    var state: State {
        switch self {
        case .settled(let state): return state
        case .changing(_, let requested): return requested
        case .waitingForFailures(_, let requested): return requested ?? .possible
        }
    }

    /// The state the environment has acted on (lags `state` only while a request waits).
    var applied: State {
        switch self {
        case .settled(let state): return state
        case .changing(let applied, _): return applied
        case .waitingForFailures: return .possible
        }
    }

    /// The begin or recognition held back until required failures, if any.
    var wanted: State? {
        if case .waitingForFailures(let wanted, _) = self { return wanted }
        return nil
    }

    /// The subclass set began or recognized and the environment has not acted on it yet: within one frame,
    /// a recognizer asking to leave possible can still prevent (or be prevented by) another one asking.
    var isAskingToLeavePossible: Bool {
        guard case .changing(.possible, let requested) = self else { return false }
        return requested == .began || requested == .ended
    }

    // MARK: Transitions

    /// The subclass set `state` (already checked against UIKit's state machine); the environment will apply it.
    mutating func request(_ new: State) {
        switch self {
        case .settled(let applied), .changing(let applied, _): self = .changing(applied: applied, requested: new)
        case .waitingForFailures(let wanted, _): self = .waitingForFailures(wanted: wanted, requested: new)
        }
    }

    /// The environment acted on `new` (actions sent). `keepsRequest`: the subclass has moved on meanwhile (its
    /// next request is still queued), so `state` keeps reading that; otherwise it reads `new`.
    mutating func apply(_ new: State, keepsRequest: Bool) {
        let current = state
        self = keepsRequest && current != new ? .changing(applied: new, requested: current) : .settled(new)
    }

    /// The environment sends the actions for `applied`: while they run, `state` reads it (UIKit: each action
    /// reads the state it is sent for). Returns what to go back to afterwards (`endReporting`).
    mutating func report(_ applied: State) -> Self {
        let later = self
        self = .settled(applied)
        return later
    }

    /// The actions for `applied` have run: back to `later` (a change requested in the same frame, still
    /// queued), unless an action set the state meanwhile.
    mutating func endReporting(_ applied: State, restoring later: Self) {
        if self == .settled(applied) { self = later }
    }

    /// UIKit: the gesture is complete but a recognizer it requires to fail is still possible; it reads
    /// possible until that one fails (then it begins) or recognizes (then it fails).
    mutating func waitForFailures(wanting wanted: State) {
        self = .waitingForFailures(wanted: wanted, requested: nil)
    }

    /// No longer waiting for failures (disabled): a change requested meanwhile still goes through.
    mutating func stopWaiting() {
        guard case .waitingForFailures(_, let requested) = self else { return }
        self = requested.map { .changing(applied: .possible, requested: $0) } ?? .settled(.possible)
    }

    /// The environment failed the recognizer (shouldBegin, exclusivity, a required recognizer recognized):
    /// whatever it requested or waited for is dropped.
    mutating func fail() {
        self = .settled(.failed)
    }

    /// UIKit's reset: back to possible after ended, recognized, failed or cancelled, once its touches are gone.
    mutating func reset() {
        self = .settled(.possible)
    }
}
