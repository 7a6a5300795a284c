import HIDEvent

/// One command of a gesture script (protocols/gesture-script.md). Durations are nanoseconds.
package enum GestureCommand: Equatable, Sendable {
    /// `fingers` fingers down around `at` (30 pt apart on a row), up `duration` later.
    case tap(at: GesturePoint, fingers: Int, duration: UInt64)
    /// One finger down at `from`, `steps` moves evenly to `to` over `duration`, up at `to`.
    case drag(from: GesturePoint, to: GesturePoint, duration: UInt64, steps: Int)
    /// A drag of `distance` points in `direction`.
    case swipe(SwipeDirection, from: GesturePoint, distance: Float, duration: UInt64, steps: Int)
    /// Two fingers on the horizontal line through `center`, their distance going from `from` to `to`.
    case pinch(center: GesturePoint, from: Float, to: Float, duration: UInt64, steps: Int)
    /// Two fingers opposite on a circle of `radius` around `center`, turning by `radians`
    /// (positive = clockwise on screen, as UIRotationGestureRecognizer reports it).
    case rotate(center: GesturePoint, radius: Float, radians: Float, duration: UInt64, steps: Int)
    /// Script finger `finger` (1...999, also its transducerIndex) goes down.
    case down(finger: Int, at: GesturePoint)
    case move(finger: Int, to: GesturePoint)
    case up(finger: Int)
    case cancel(finger: Int)
    /// Button down, then up 0.1 s later.
    case press(HIDButton)
    case button(HIDButton, down: Bool)
    /// Shake began, then ended `duration` later.
    case shake(duration: UInt64)
    /// An in-app step, not a HID event: the app calls `sendActions(for:)` on the control with this scene id
    /// for these control events (UIKit's names). Only an in-process run (`app-host run`) can perform it.
    case sendActions(control: String, events: [String])

    /// Limits shared by the parser and the builders.
    static let fingerIDs = 1...999
    static let tapFingers = 1...10
    static let steps = 1...10_000
    static let pressDuration: UInt64 = 100_000_000
    static let defaultTapDuration: UInt64 = 50_000_000
    static let defaultShakeDuration: UInt64 = 500_000_000
    static let defaultSwipeDistance: Float = 200
    static let defaultSwipeDuration: UInt64 = 150_000_000

    /// Steps of a move over `duration` when none are given: one per 60 Hz display frame, at least one.
    static func defaultSteps(for duration: UInt64) -> Int {
        max(1, Int((Double(duration) * 60 / 1e9).rounded()))
    }

    /// Why the command's values are out of range, or nil when they are fine.
    var problem: (expected: String, found: String)? {
        func finite(_ values: Float...) -> Bool { values.allSatisfy(\.isFinite) }
        switch self {
        case .tap(let p, let fingers, _):
            if !finite(p.x, p.y) { return ("finite coordinates", "\(p.x) \(p.y)") }
            if !Self.tapFingers.contains(fingers) { return ("1...10 fingers", "\(fingers)") }
        case .drag(let a, let b, _, let steps):
            if !finite(a.x, a.y, b.x, b.y) { return ("finite coordinates", "\(a.x) \(a.y) -> \(b.x) \(b.y)") }
            if !Self.steps.contains(steps) { return ("1...10000 steps", "\(steps)") }
        case .swipe(_, let p, let distance, _, let steps):
            if !finite(p.x, p.y, distance) { return ("finite coordinates and distance", "\(p.x) \(p.y) \(distance)") }
            if !Self.steps.contains(steps) { return ("1...10000 steps", "\(steps)") }
        case .pinch(let c, let from, let to, _, let steps):
            if !finite(c.x, c.y, from, to) { return ("finite center and distances", "\(c.x) \(c.y) \(from) \(to)") }
            if !Self.steps.contains(steps) { return ("1...10000 steps", "\(steps)") }
        case .rotate(let c, let radius, let radians, _, let steps):
            if !finite(c.x, c.y, radius, radians) {
                return ("finite center, radius and angle", "\(c.x) \(c.y) \(radius) \(radians)")
            }
            if !Self.steps.contains(steps) { return ("1...10000 steps", "\(steps)") }
        case .down(let finger, let p), .move(let finger, let p):
            if !Self.fingerIDs.contains(finger) { return ("a finger id 1...999", "\(finger)") }
            if !finite(p.x, p.y) { return ("finite coordinates", "\(p.x) \(p.y)") }
        case .up(let finger), .cancel(let finger):
            if !Self.fingerIDs.contains(finger) { return ("a finger id 1...999", "\(finger)") }
        case .press, .button, .shake, .sendActions:
            break
        }
        return nil
    }
}
