/// Anything whose calls can appear in a trace: responders now, gesture recognizers later (they are not
/// responders in UIKit but log the same way).
protocol UITraceable: AnyObject {
    /// The class name printed in trace lines: the object's declared class (a scene file's `class: YellowView`),
    /// by default the Swift dynamic type name.
    var traceClassName: String { get }
    /// Whether this object logs the calls it receives (a per-object choice, like adding NSLog to one subclass).
    var logsCalls: Bool { get }
    /// Where lines go: the application's recorder, or nil when the object is not attached to an app.
    var traceRecorder: UITraceRecorder? { get }
}

extension UITraceable {
    /// Records `-[traceClassName selector]` if this object logs its calls.
    @inlinable
    package func recordCall(_ selector: String) {
        guard logsCalls, let recorder = traceRecorder else { return }
        recorder.recordCall(className: traceClassName, selector: selector)
    }

    /// Records a free line (an action's output), if this object logs.
    func recordLine(_ text: String) {
        guard logsCalls, let recorder = traceRecorder else { return }
        recorder.record(text)
    }
}
