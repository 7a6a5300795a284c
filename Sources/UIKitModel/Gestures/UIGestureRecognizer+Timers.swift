import Foundation
import RunLoopKit

extension UIGestureRecognizer {
    /// A one-shot run-loop timer on the application's loop, in its common modes (what a UIKit subclass does
    /// with `performSelector:afterDelay:`). A state change made in `body` is applied as soon as it returns.
    /// Nil when the recognizer is attached to no application yet.
    @discardableResult
    package func schedule(after seconds: TimeInterval, _ body: @escaping () -> Void) -> RunLoopTimer? {
        let environment = self.environment ?? view?.window?.application?.gestureEnvironment
        // The name is made only if a run-loop trace shows the timer, from what it needs (not from `self`: the
        // timer must neither keep the recognizer alive nor make a weak reference to it).
        let override = traceClassNameOverride
        let type = Swift.type(of: self)
        return environment?.schedule(
            after: seconds, name: "\(override ?? String(describing: type)) after \(seconds) s", body)
    }
}
