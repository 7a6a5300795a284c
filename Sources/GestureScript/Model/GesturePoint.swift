/// A point in screen space, in points, origin top-left (the coordinate space of HID digitizer events).
package struct GesturePoint: Equatable, Sendable {
    var x: Float
    var y: Float

    package init(x: Float, y: Float) {
        self.x = x
        self.y = y
    }

    /// The point `fraction` of the way from `self` to `other`.
    func interpolated(to other: GesturePoint, _ fraction: Float) -> GesturePoint {
        GesturePoint(x: x + (other.x - x) * fraction, y: y + (other.y - y) * fraction)
    }
}
