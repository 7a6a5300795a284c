/// A `UIGestureRecognizerDelegate` whose answers are data rather than code (scene files; tests), standing
/// in for the view controller a real app would make the delegate. With `logsCalls` each question is
/// printed as iOS would log it in that controller: `-[ViewController gestureRecognizerShouldBegin:]`.
public final class ScriptedGestureDelegate: UIGestureRecognizerDelegate, Traceable {
    /// `gestureRecognizer(_:shouldReceive:)`'s answer.
    public var shouldReceive: Bool {
        get { receiveAnswer.otherwise }
        set { receiveAnswer = .constant(newValue) }
    }
    /// `gestureRecognizerShouldBegin(_:)`'s answer.
    public var shouldBegin: Bool {
        get { beginAnswer.otherwise }
        set { beginAnswer = .constant(newValue) }
    }
    /// The answers as rules (ScriptedGestureDelegate+Rules.swift); the two properties above set constants.
    @exclusivity(unchecked)
    package var receiveAnswer = Answer.constant(true)
    @exclusivity(unchecked)
    package var beginAnswer = Answer.constant(true)
    /// Rules for `shouldRecognizeSimultaneouslyWith`, tried before `simultaneousWith`/`simultaneousWithAll`.
    @exclusivity(unchecked)
    package var simultaneousAnswer: Answer?
    /// Recognizers this delegate's recognizers may recognize together with (weak).
    public var simultaneousWith: [UIGestureRecognizer] {
        get { simultaneous.compactMap(\.recognizer) }
        set { simultaneous = newValue.map(WeakGestureRecognizer.init) }
    }
    /// True: simultaneous with every other recognizer.
    @exclusivity(unchecked)
    public var simultaneousWithAll = false
    /// Recognizers this delegate's recognizers wait to fail (`shouldRequireFailureOf`).
    public var requiresFailureOf: [UIGestureRecognizer] {
        get { requirements.compactMap(\.recognizer) }
        set { requirements = newValue.map(WeakGestureRecognizer.init) }
    }

    @exclusivity(unchecked)
    var traceClassName: String
    /// Which calls this object logs (a scene file's `log:`); empty: none.
    @exclusivity(unchecked)
    public var logGroups: Trace.Groups = []
    /// `log: true` / `false`: every group or none.
    public var logsCalls: Bool {
        get { !logGroups.isEmpty }
        set { logGroups = newValue ? .all : [] }
    }
    @exclusivity(unchecked)
    weak var application: UIApplication?
    package var traceRecorder: Trace.Recorder? { application?.traceRecorder }

    @exclusivity(unchecked)
    private var simultaneous: [WeakGestureRecognizer] = []
    @exclusivity(unchecked)
    private var requirements: [WeakGestureRecognizer] = []

    /// A delegate that answers as its rules say and traces its answers as `traceClassName` does (a scene's controller).
    public init(traceClassName: String = "ViewController", application: UIApplication? = nil) {
        self.traceClassName = traceClassName
        self.application = application
    }

    /// The scripted answer (`shouldBegin`), traced; true when the scene gives none.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        // As `gestureRecognizer.view?.hitTest(...)` code reads it: the view of the gesture's first touch.
        let question = Question(
            recognizer: gestureRecognizer, subjectView: gestureRecognizer.touchHistory.first?.view,
            subjectName: "touch.view")
        let (answer, reason) = beginAnswer.evaluate(question)
        recordCall("gestureRecognizerShouldBegin:", group: .delegate, result: answer ? "YES" : "NO", reason: reason)
        return answer
    }

    /// The scripted answer (`shouldReceive`), traced; true when the scene gives none.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        let question = Question(recognizer: gestureRecognizer, subjectView: touch.view, subjectName: "touch.view")
        let (answer, reason) = receiveAnswer.evaluate(question)
        recordCall(
            "gestureRecognizer:shouldReceiveTouch:", group: .delegate, touches: [touch], result: answer ? "YES" : "NO",
            reason: reason)
        return answer
    }

    /// The scripted answer (`simultaneousWith`, `shouldRecognizeSimultaneously`), traced; false when none.
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        var answer = simultaneousWithAll || simultaneous.contains { $0.recognizer === otherGestureRecognizer }
        var matched: String?
        if let rules = simultaneousAnswer, !answer {
            let question = Question(
                recognizer: gestureRecognizer, subjectView: otherGestureRecognizer.view,
                subjectName: "otherGestureRecognizer.view", other: otherGestureRecognizer)
            (answer, matched) = rules.evaluate(question)
        }
        // The record has no field for the other recognizer: the reason names it.
        if recorder(for: .delegate) != nil {
            recordCall(
                "gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:", group: .delegate,
                result: answer ? "YES" : "NO",
                reason: "with \(otherGestureRecognizer.traceLabel)" + (matched.map { ": \($0)" } ?? ""))
        }
        return answer
    }

    /// The scripted answer (`requireFailureOf`), traced; false when none.
    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        requirements.contains { $0.recognizer === otherGestureRecognizer }
    }
}
