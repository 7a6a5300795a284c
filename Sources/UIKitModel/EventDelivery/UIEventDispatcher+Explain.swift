import Foundation

extension UIEventDispatcher {
    /// Explained traces: the header of one touch change, `── t=1.000 event#1 touch#1 began (115,495)`, open
    /// until the hit-test pass that follows it says where the touch goes (`→ EView`).
    func openTouchHeader(
        touch id: UInt64, phase: UITouch.Phase, at location: CGPoint, hardwareTime: UInt64
    ) -> UITraceRecorder.OpenRecord? {
        let trace = application.trace
        guard trace.explains else { return nil }
        let point = UITracePoint(location)
        let event = trace.currentHIDEvent.map { " event#\($0)" } ?? ""
        let text = "── t=\(Self.millisecondText(hardwareTime))\(event) touch#\(id) \(phase.name) \(point.description)"
        let header = trace.openExplanation(.event, text, group: "events")
        trace.update(header) { line in
            line.touch = Int(id)
            line.phase = phase.name
            line.point = point
        }
        return header
    }

    /// Explained traces: labels the hit-test pass about to run for `touch` (UIKit runs one at began, which
    /// chooses the view, and the same pass again at ended, whose answer is discarded).
    func explainHitTestPass(for touch: UInt64, phase: UITouch.Phase, stayingWith view: UIView?) {
        let trace = application.trace
        guard trace.explains else { return }
        if phase == .began {
            trace.explain(.pass, "hit-test pass for touch#\(touch) at began: chooses the view", group: "hitTest")
        } else {
            trace.explain(
                .pass, "hit-test pass again for touch#\(touch) at ended: UIKit repeats it and discards the answer",
                group: "hitTest", reason: view.map { "the touch stays with \($0.traceClassName)" })
        }
    }

    /// `1.000`, `0.016`: seconds with milliseconds.
    static func millisecondText(_ ns: UInt64) -> String {
        String(format: "%.3f", Double(ns) / 1e9)
    }
}
