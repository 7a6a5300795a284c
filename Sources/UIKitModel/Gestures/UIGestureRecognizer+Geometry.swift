import Foundation

/// Geometry shared by the built-in recognizers (window coordinates: no view transforms in this model).
extension UIGestureRecognizer {
    /// Distance between two points.
    static func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let dx = a.x - b.x, dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The centroid of `points`.
    static func centroid(of points: [CGPoint]) -> CGPoint {
        guard !points.isEmpty else { return .zero }
        var x: CGFloat = 0, y: CGFloat = 0
        for point in points {
            x += point.x
            y += point.y
        }
        return CGPoint(x: x / CGFloat(points.count), y: y / CGFloat(points.count))
    }

    /// The centroid of `touches` in window coordinates.
    static func centroid(of touches: [UITouch]) -> CGPoint {
        centroid(of: touches.map { $0.location(in: nil) })
    }

    /// Touches still on the screen (not ended or cancelled), in the order they came down.
    var touchesOnScreen: [UITouch] { trackedTouches.filter { !$0.phase.isFinal } }
}
