extension UIGestureRecognizer {
    /// UIKit's `UIGestureRecognizer.State`, with UIKit's raw values.
    ///
    /// Discrete recognizers go possible → recognized or possible → failed; continuous ones go
    /// possible → began → changed* → ended (or cancelled), or possible → failed (event-delivery.md §5).
    public enum State: Int, Sendable, CustomStringConvertible {
        case possible = 0
        case began = 1
        case changed = 2
        case ended = 3
        case cancelled = 4
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
