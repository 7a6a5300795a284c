extension UIGestureRecognizer {
    /// Explained traces: `LXFTapGestureRecognizer possible → failed (UIButton gestureRecognizerShouldBegin: NO)`.
    /// Every recognizer's changes are explained (not only logging ones): they decide who gets the touches.
    func explainTransition(from old: State) {
        let cause = transitionCause
        transitionCause = nil
        guard let recorder = traceRecorder, recorder.explains else { return }
        let new = machine.applied
        recorder.explain(
            .transition, "\(traceClassName)\(name.map { " '\($0)'" } ?? "") \(old) → \(new)", group: "recognizers",
            reason: cause ?? Self.defaultCause(from: old, to: new))
    }

    private static func defaultCause(from old: State, to new: State) -> String? {
        switch (old, new) {
        case (_, .possible): return "reset: its touches are gone"
        case (.possible, .failed): return "its own rules"
        case (.possible, .ended): return "recognized"
        default: return nil
        }
    }
}
