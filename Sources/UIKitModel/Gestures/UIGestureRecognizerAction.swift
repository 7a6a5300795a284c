/// One target-action pair of a gesture recognizer. Swift on Linux has no selectors, so an action is a
/// closure, a method reference on a weakly held target, or a named action that writes a trace line
/// (as an action method's `NSLog(@"View Taped")` would).
public struct UIGestureRecognizerAction {
    /// The name used by `removeTarget(_:action:)` (and printed by tools); a log action's name is its line.
    let name: String
    /// UIKit holds targets weakly: an action whose target has gone is skipped.
    weak var target: AnyObject?
    let hasTarget: Bool
    let perform: (AnyObject?, UIGestureRecognizer) -> Void

    init(name: String, target: AnyObject?, perform: @escaping (AnyObject?, UIGestureRecognizer) -> Void) {
        self.name = name
        self.target = target
        self.hasTarget = target != nil
        self.perform = perform
    }

    /// A closure run with the recognizer, like an action method taking the sender.
    public static func handler(_ name: String = "handler", _ body: @escaping (UIGestureRecognizer) -> Void) -> Self {
        Self(name: name, target: nil) { _, recognizer in body(recognizer) }
    }

    /// Writes `line` to the application's trace (scene files: `action: {log: "View Taped"}`).
    public static func log(_ line: String) -> Self {
        Self(name: line, target: nil) { _, recognizer in recognizer.traceRecorder?.record(line, group: "actions") }
    }

    /// A method reference on `target`, e.g. `.method(controller, ViewController.handleTap)`; the target is
    /// held weakly, as UIKit does.
    static func method<Target: AnyObject>(
        _ target: Target, _ name: String = "action", _ body: @escaping (Target) -> (UIGestureRecognizer) -> Void
    ) -> Self {
        Self(name: name, target: target) { target, recognizer in
            guard let target = target as? Target else { return }
            body(target)(recognizer)
        }
    }

    /// False once a weakly held target has been released.
    var isLive: Bool { !hasTarget || target != nil }

    func send(from recognizer: UIGestureRecognizer) {
        guard isLive else { return }
        perform(target, recognizer)
    }
}
