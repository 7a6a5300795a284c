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
