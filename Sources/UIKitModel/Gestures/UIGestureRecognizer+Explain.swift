extension UIGestureRecognizer {
    /// The class as printed, with the scene's id when it has one: `UITapGestureRecognizer 'double'`.
    var traceLabel: String { traceClassName + (name.map { " '\($0)'" } ?? "") }

    /// Records why the environment is about to change the state, when someone is explaining (the text is
    /// built only then).
    func noteTransitionCause(_ cause: @autoclosure () -> String) {
        guard traceRecorder?.explains == true else { return }
        transitionCause = cause()
    }

    /// Explained traces: `LXFTapGestureRecognizer possible → failed (UIButton gestureRecognizerShouldBegin: NO)`.
    /// Every recognizer's changes are explained (not only logging ones): they decide who gets the touches.
    func explainTransition(from old: State) {
        let cause = transitionCause
        transitionCause = nil
        guard let recorder = traceRecorder, recorder.explains else { return }
        let new = machine.applied
        // Outside a HID event the change came from a timer (a tap's 0.75 s limit, a scroll view's 0.15 s delay).
        let when = recorder.currentHIDEvent == nil ? " at t=\(UIEventDispatcher.millisecondText(recorder.now))" : ""
        recorder.explain(
            .transition, "\(traceLabel) \(old) → \(new)\(when)",
            group: "recognizers", reason: cause ?? Self.defaultCause(from: old, to: new))
    }

    private static func defaultCause(from old: State, to new: State) -> String? {
        switch (old, new) {
        case (_, .possible): return "reset: its touches are gone"
        case (.possible, .failed): return "set by the recognizer itself"
        case (.possible, .ended): return "recognized"
        default: return nil
        }
    }
}
