import Foundation

/// Anything whose calls can appear in a trace: responders, gesture recognizers (not responders in UIKit but
/// they log the same way) and scripted gesture delegates.
protocol UITraceable: AnyObject {
    /// The class name printed in trace lines: the object's declared class (a scene file's `class: YellowView`),
    /// by default the Swift dynamic type name.
    var traceClassName: String { get }
    /// Which of its calls this object logs (a per-object choice, like adding NSLog to some methods of one subclass).
    var logGroups: UITraceGroups { get }
    /// Where lines go: the application's recorder, or nil when the object is not attached to an app.
    var traceRecorder: UITraceRecorder? { get }
}

extension UITraceable {
    /// The recorder if this object logs `group`.
    @inline(__always)
    func recorder(for group: UITraceGroups) -> UITraceRecorder? {
        guard !logGroups.isDisjoint(with: group) else { return nil }
        return traceRecorder
    }

    /// Records `-[traceClassName selector]` if this object logs `group`; the record carries the call's
    /// argument point and touches for explained traces.
    package func recordCall(
        _ selector: String, group: UITraceGroups = .all, point: CGPoint? = nil, touches: Set<UITouch>? = nil,
        result: String? = nil, reason: String? = nil
    ) {
        guard let recorder = recorder(for: group) else { return }
        recorder.recordCall(
            className: traceClassName, selector: selector, group: group, point: point, touches: touches,
            result: result, reason: reason)
    }

    /// Opens a call record whose result is known only when the call returns (`hitTest:withEvent:` around the
    /// calls it makes); nil when this object does not log `group`.
    func openCall(_ selector: String, group: UITraceGroups, point: CGPoint?) -> UITraceRecorder.OpenRecord? {
        recorder(for: group)?.openCall(className: traceClassName, selector: selector, group: group, point: point)
    }

    /// Records a free line (an override's own NSLog), if this object logs anything.
    func recordLine(_ text: String) {
        guard !logGroups.isEmpty, let recorder = traceRecorder else { return }
        recorder.record(text, group: "actions")
    }
}
