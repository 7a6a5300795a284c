import Foundation
import RunLoopKit

extension UIGestureRecognizer {
    /// A one-shot run-loop timer on the application's loop, in its common modes (what a UIKit subclass does
    /// with `performSelector:afterDelay:`). A state change made in `body` is applied as soon as it returns.
    /// Nil when the recognizer is attached to no application yet.
    @discardableResult
    package func schedule(after seconds: TimeInterval, _ body: @escaping () -> Void) -> RunLoopTimer? {
        let environment = self.environment ?? view?.window?.application?.gestureEnvironment
        // The name is made only if a run-loop trace shows the timer; the recognizer is not kept alive for it.
        return environment?.schedule(
            after: seconds, name: { [weak self] in self.map { "\($0.traceClassName) after \(seconds) s" } }(), body)
    }
}
