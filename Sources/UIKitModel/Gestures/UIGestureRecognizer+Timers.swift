import Foundation
import RunLoopKit

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
