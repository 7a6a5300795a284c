import Foundation

extension UIControl {
    /// Whether the tracked touch has moved further along x than along y since it began: "parallel to the
    /// control" for a horizontal slider or switch.
    var trackedTouchMovesHorizontally: Bool {
        guard let touch = trackingTouch else { return false }
        let now = touch.location(in: self)
        return abs(now.x - trackingStartLocation.x) > abs(now.y - trackingStartLocation.y)
    }
}
