import Foundation

extension UIGestureRecognizer {
    /// UIKit's `numberOfTouches`: the touches involved in the gesture (those that just ended count until the
    /// event that ended them is over; after that, the last set, so an action fired later still sees its tap).
    public var numberOfTouches: Int { locationTouches.count }

    /// The centroid of the gesture's touches in `view`'s space (nil: the window): UIKit's default
    /// `location(in:)`.
    func centroidLocation(in view: UIView?) -> CGPoint {
        let touches = locationTouches
        guard !touches.isEmpty else { return .zero }
        var x: CGFloat = 0, y: CGFloat = 0
        for touch in touches {
            let point = touch.location(in: view)
            x += point.x
            y += point.y
        }
        let n = CGFloat(touches.count)
        return CGPoint(x: x / n, y: y / n)
    }

    /// UIKit's `location(ofTouch:in:)`: one touch of the gesture, by index (in the order they came down).
    func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let touches = locationTouches
        precondition(touches.indices.contains(touchIndex), "touch index \(touchIndex) out of range 0..<\(touches.count)")
        return touches[touchIndex].location(in: view)
    }

    private var locationTouches: [UITouch] { trackedTouches.isEmpty ? lastTrackedTouches : trackedTouches }

    /// UIKit's `ignore(_:for:)`: this recognizer stops receiving `touch` (a pan with more fingers than its
    /// maximum ignores the extra ones).
    func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        touchHistory.removeAll { $0 === touch }
        environment?.recognizer(self, ignores: touch)
    }
}
