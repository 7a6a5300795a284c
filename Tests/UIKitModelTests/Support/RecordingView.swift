import UIKitModel

/// A Swift subclass that records each touch call (the way a test would write one in an app).
final class RecordingView: UIView {
    struct Call {
        var phase: UITouch.Phase
        var touches: Set<UITouch>
        var event: UIEvent?
        /// `event.allTouches.count` at the time of the call (the event is updated in place afterwards).
        var allTouchesCount: Int
    }

    var calls: [Call] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        record(.began, touches, event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        record(.moved, touches, event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        record(.ended, touches, event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        record(.cancelled, touches, event)
    }

    private func record(_ phase: UITouch.Phase, _ touches: Set<UITouch>, _ event: UIEvent?) {
        calls.append(Call(phase: phase, touches: touches, event: event, allTouchesCount: event?.allTouches?.count ?? 0))
    }

    var summary: [String] { calls.map { "\($0.phase) \($0.touches.count)" } }
}
