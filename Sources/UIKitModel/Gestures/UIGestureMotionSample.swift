import Foundation

/// The last measured value of a gesture (a centroid, a scale, an angle) and when it was measured on the
/// run-loop clock; velocities are the change between two samples over the time between them.
struct UIGestureMotionSample<Value> {
    var value: Value
    var time: UInt64

    /// Seconds from this sample to `later` (0 when they are in the same instant).
    func seconds(until later: UInt64) -> TimeInterval {
        later > time ? TimeInterval(later - time) / 1_000_000_000 : 0
    }
}

extension UIGestureRecognizer {
    /// The centroid of `touches` in window coordinates.
    static func centroid(of touches: [UITouch]) -> CGPoint {
        guard !touches.isEmpty else { return .zero }
        var x: CGFloat = 0, y: CGFloat = 0
        for touch in touches {
            let point = touch.location(in: nil)
            x += point.x
            y += point.y
        }
        return CGPoint(x: x / CGFloat(touches.count), y: y / CGFloat(touches.count))
    }

    /// Touches still on the screen (not ended or cancelled), in the order they came down.
    var touchesOnScreen: [UITouch] { trackedTouches.filter { !$0.phase.isFinal } }
}
