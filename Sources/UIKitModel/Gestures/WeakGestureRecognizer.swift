/// A weak reference to a recognizer: failure requirements must not keep recognizers alive (UIKit holds them
/// weakly too).
struct WeakGestureRecognizer {
    weak var recognizer: UIGestureRecognizer?

    init(_ recognizer: UIGestureRecognizer) {
        self.recognizer = recognizer
    }
}
