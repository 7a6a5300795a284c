/// A `UIGestureRecognizerDelegate` whose answers are data rather than code (scene files; tests), standing
/// in for the view controller a real app would make the delegate. With `logsCalls` each question is
/// printed as iOS would log it in that controller: `-[ViewController gestureRecognizerShouldBegin:]`.
public final class ScriptedGestureDelegate: UIGestureRecognizerDelegate, Traceable {
    /// `gestureRecognizer(_:shouldReceive:)`'s answer.
    public var shouldReceive = true
    /// `gestureRecognizerShouldBegin(_:)`'s answer.
    public var shouldBegin = true
    /// Recognizers this delegate's recognizers may recognize together with (weak).
    public var simultaneousWith: [UIGestureRecognizer] {
        get { simultaneous.compactMap(\.recognizer) }
        set { simultaneous = newValue.map(WeakGestureRecognizer.init) }
    }
    /// True: simultaneous with every other recognizer.
    public var simultaneousWithAll = false
    /// Recognizers this delegate's recognizers wait to fail (`shouldRequireFailureOf`).
    public var requiresFailureOf: [UIGestureRecognizer] {
        get { requirements.compactMap(\.recognizer) }
        set { requirements = newValue.map(WeakGestureRecognizer.init) }
    }

    var traceClassName: String
    /// Which calls this object logs (a scene file's `log:`); empty: none.
    public var logGroups: Trace.Groups = []
    /// `log: true` / `false`: every group or none.
    public var logsCalls: Bool {
        get { !logGroups.isEmpty }
        set { logGroups = newValue ? .all : [] }
    }
    weak var application: UIApplication?
    package var traceRecorder: Trace.Recorder? { application?.traceRecorder }

    private var simultaneous: [WeakGestureRecognizer] = []
    private var requirements: [WeakGestureRecognizer] = []

    public init(traceClassName: String = "ViewController", application: UIApplication? = nil) {
        self.traceClassName = traceClassName
        self.application = application
    }

    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        recordCall("gestureRecognizerShouldBegin:", group: .delegate, result: shouldBegin ? "YES" : "NO")
        return shouldBegin
    }

    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        recordCall(
            "gestureRecognizer:shouldReceiveTouch:", group: .delegate, touches: [touch],
            result: shouldReceive ? "YES" : "NO")
        return shouldReceive
    }

    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        recordCall("gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:", group: .delegate)
        return simultaneousWithAll || simultaneous.contains { $0.recognizer === otherGestureRecognizer }
    }

    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        requirements.contains { $0.recognizer === otherGestureRecognizer }
    }
}
