import Foundation

/// UIKit's `UIPinchGestureRecognizer` (continuous, two touches): begins when the fingers' separation has
/// changed by more than `GestureConstants.pinchHysteresis` (10 points) since the second finger came down;
/// `scale` is the separation relative to that moment; `velocity` is scale per second of the run-loop
/// clock over the last `GestureConstants.velocityWindow` of samples.
/// A third finger is ignored; lifting a finger ends it (or fails it before it began).
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// Settable, as in UIKit (`recognizer.scale = 1` after applying it to a view's transform): later scales are
    /// relative to it. "You may set the scale factor, but doing so resets the velocity"
    /// (developer.apple.com/documentation/uikit/uipinchgesturerecognizer/scale): the velocity is 0 and the
    /// samples it is measured from start again at the new value, so the next one is not measured across the jump.
    public var scale: CGFloat {
        get { currentScale }
        set {
            if let distance = currentDistance, newValue > 0 { baseDistance = distance / newValue }
            currentScale = newValue
            velocity = 0
            guard currentDistance != nil else { return }
            history.removeAll()
            _ = history.record(newValue, at: environment?.now ?? 0)
        }
    }
    /// UIKit's `velocity`: scale per second, at the last change.
    @exclusivity(unchecked)
    public private(set) var velocity: CGFloat = 0

    @exclusivity(unchecked)
    private var currentScale: CGFloat = 1
    @exclusivity(unchecked)
    private var initialDistance: CGFloat?
    @exclusivity(unchecked)
    private var baseDistance: CGFloat?
    @exclusivity(unchecked)
    private var currentDistance: CGFloat?
    @exclusivity(unchecked)
    private var history = GestureMotionHistory<CGFloat>()

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        ignoreTouches(beyond: 2, for: event)
        guard let distance = separation(of: touchesOnScreen), initialDistance == nil, distance > 0 else { return }
        initialDistance = distance
        baseDistance = distance
        currentDistance = distance
        _ = history.record(1, at: environment?.now ?? 0)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard let distance = separation(of: touchesOnScreen), let initialDistance, let baseDistance else { return }
        currentDistance = distance
        switch state {
        case .possible:
            guard abs(distance - initialDistance) > GestureConstants.pinchHysteresis else { return }
            measure(distance / baseDistance)
            state = .began
        case .began, .changed:
            measure(distance / baseDistance)
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
            // The lift reports where the fingers were when they left the glass: the final scale.
            if let distance = separation(of: touchesReportingLift), let baseDistance {
                currentDistance = distance
                measure(distance / baseDistance, lifting: true)
            }
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
        currentScale = 1
        velocity = 0
        initialDistance = nil
        baseDistance = nil
        currentDistance = nil
        history.removeAll()
    }

    private func measure(_ newScale: CGFloat, lifting: Bool = false) {
        let now = environment?.now ?? 0
        if let rate = history.record(newScale, at: now, isLift: lifting)?.velocity(to: newScale, at: now) { velocity = rate }
        currentScale = newScale
    }

    /// The distance between the first two of `touches` (window coordinates).
    private func separation(of touches: [UITouch]) -> CGFloat? {
        guard case let (a, b)? = Self.firstTwoLocations(of: touches) else { return nil }
        return Self.distance(a, b)
    }
}
