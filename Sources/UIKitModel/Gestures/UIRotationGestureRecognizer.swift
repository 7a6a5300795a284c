import Foundation

/// UIKit's `UIRotationGestureRecognizer` (continuous, two touches): begins when the line between the fingers
/// has turned more than `GestureConstants.rotationHysteresis` (5°) since the second finger came down and
/// the fingers have travelled `GestureConstants.rotationArcHysteresis` (10 points) along their arc;
/// `rotation` is in radians, positive clockwise on screen (UIKit's sign), accumulated frame by frame so it
/// can pass ±π; `velocity` is radians per second of the run-loop clock over the last
/// `GestureConstants.velocityWindow` of samples.
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// Settable, as in UIKit (`recognizer.rotation = 0` after applying it to a view's transform). "Setting the
    /// rotation resets the velocity" (developer.apple.com/documentation/uikit/uirotationgesturerecognizer/rotation);
    /// the samples are of the total turn, which a set does not move, so later velocities stay true.
    public var rotation: CGFloat {
        get { accumulated - baseRotation }
        set {
            baseRotation = accumulated - newValue
            velocity = 0
        }
    }
    /// UIKit's `velocity`: radians per second, at the last change.
    @exclusivity(unchecked)
    public private(set) var velocity: CGFloat = 0

    /// Total turn since the second finger came down.
    @exclusivity(unchecked)
    private var accumulated: CGFloat = 0
    @exclusivity(unchecked)
    private var baseRotation: CGFloat = 0
    @exclusivity(unchecked)
    private var lastAngle: CGFloat?
    @exclusivity(unchecked)
    private var history = GestureMotionHistory<CGFloat>()
    /// Half the fingers' separation now: the radius of the arc they travel.
    @exclusivity(unchecked)
    private var radius: CGFloat = 0

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        ignoreTouches(beyond: 2, for: event)
        guard lastAngle == nil, let angle = angle(of: touchesOnScreen) else { return }
        lastAngle = angle
        _ = history.record(0, at: environment?.now ?? 0)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard turn(to: angle(of: touchesOnScreen)) else { return }
        switch state {
        case .possible:
            guard abs(accumulated) > GestureConstants.rotationHysteresis,
                abs(accumulated) * radius > GestureConstants.rotationArcHysteresis
            else { return }
            measure()
            state = .began
        case .began, .changed:
            measure()
            state = .changed
        default:
            return
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        switch state {
        case .possible: state = .failed
        case .began, .changed:
            // The lift reports where the fingers were when they left the glass: the final rotation.
            if turn(to: angle(of: touchesReportingLift)) { measure(lifting: true) }
            state = .ended
        default: return
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        cancelContinuousGesture()
    }

    public override func reset() {
        super.reset()
        accumulated = 0
        baseRotation = 0
        velocity = 0
        lastAngle = nil
        history.removeAll()
    }

    private func measure(lifting: Bool = false) {
        let now = environment?.now ?? 0
        if let rate = history.record(accumulated, at: now, isLift: lifting)?.velocity(to: accumulated, at: now) {
            velocity = rate
        }
    }

    /// Adds the turn from the last angle to `angle`, the short way round; false without two fingers.
    private func turn(to angle: CGFloat?) -> Bool {
        guard let angle, let previous = lastAngle else { return false }
        var step = angle - previous
        if step > .pi { step -= 2 * .pi } else if step <= -.pi { step += 2 * .pi }
        accumulated += step
        lastAngle = angle
        return true
    }

    /// The angle of the line from the first of `touches` to the second (window coordinates, y down).
    private func angle(of touches: [UITouch]) -> CGFloat? {
        guard case let (a, b)? = Self.firstTwoLocations(of: touches) else { return nil }
        radius = Self.distance(a, b) / 2
        return atan2(b.y - a.y, b.x - a.x)
    }
}
