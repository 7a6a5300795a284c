/// The direction of a `swipe`, in screen space (y grows downwards).
public enum SwipeDirection: String, Sendable, CaseIterable {
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
