/// The direction of a `swipe`, in screen space (y grows downwards).
package enum SwipeDirection: String, Sendable, CaseIterable {
    case up, down, left, right

    var unit: (dx: Float, dy: Float) {
        switch self {
        case .up: return (0, -1)
        case .down: return (0, 1)
        case .left: return (-1, 0)
        case .right: return (1, 0)
        }
    }
}
