import Foundation

/// UIKit's `UIPanGestureRecognizer` (continuous): begins once at least `minimumNumberOfTouches` fingers have
/// moved their centroid more than `UIGestureConstants.panHysteresis` (10 points) from where they came down;
/// changes with every move; ends when fewer than `minimumNumberOfTouches` remain. Fingers beyond
/// `maximumNumberOfTouches` are ignored.
///
/// `translation(in:)` is the centroid's movement since touch-down (or since `setTranslation(_:in:)`), with
/// fingers joining or leaving rebased so the translation does not jump; `velocity(in:)` is points per second
/// of the run-loop clock, from the last two moves.
public class UIPanGestureRecognizer: UIGestureRecognizer {
    public var minimumNumberOfTouches = 1
    public var maximumNumberOfTouches = Int.max

    /// Where the translation is measured from (window coordinates).
    private var origin: CGPoint?
    private var last: UIGestureMotionSample<CGPoint>?
    private var currentVelocity = CGPoint.zero

    /// The centroid's movement since the pan's origin, in `view`'s coordinate space. (No view transforms in
    /// this model, so every view measures the same vector.)
    public func translation(in view: UIView?) -> CGPoint {
        guard let origin, let last else { return .zero }
        return CGPoint(x: last.value.x - origin.x, y: last.value.y - origin.y)
    }

    /// UIKit's `setTranslation(_:in:)`: makes the current translation `translation` (commonly `.zero`).
    func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard let last else { return }
        origin = CGPoint(x: last.value.x - translation.x, y: last.value.y - translation.y)
    }

    /// Points per second, measured on the run-loop clock.
    public func velocity(in view: UIView?) -> CGPoint { currentVelocity }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        ignoreTouches(beyond: maximumNumberOfTouches, for: event)
        rebase(to: touchesOnScreen)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        let onScreen = touchesOnScreen
        measure(Self.centroid(of: onScreen))
        switch state {
        case .possible:
            guard let origin, let last, onScreen.count >= minimumNumberOfTouches,
                Self.distance(origin, last.value) > UIGestureConstants.panHysteresis
            else { return }
            state = .began
        case .began, .changed:
            state = .changed
        default:
            return
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        // The lift's own position counts (the finger may have moved since the last frame).
        measure(Self.centroid(of: touchesReportingLift))
        let remaining = touchesOnScreen
        switch state {
        case .possible:
            if remaining.isEmpty { state = .failed } else { rebase(to: remaining) }
        case .began, .changed:
            if remaining.count < minimumNumberOfTouches { state = .ended } else { rebase(to: remaining) }
        default:
            return
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        cancelContinuousGesture()
    }

    public override func reset() {
        super.reset()
        origin = nil
        last = nil
        currentVelocity = .zero
    }

    private func measure(_ centroid: CGPoint) {
        let now = environment?.now ?? 0
        if let rate = last?.velocity(to: centroid, at: now) { currentVelocity = rate }
        last = UIGestureMotionSample(value: centroid, time: now)
    }

    /// Fingers joined or left: keep the translation where it was by moving the origin with the centroid.
    private func rebase(to touches: [UITouch]) {
        guard !touches.isEmpty else { return }
        let centroid = Self.centroid(of: touches)
        let now = environment?.now ?? 0
        if let origin, let last {
            self.origin = CGPoint(x: origin.x + centroid.x - last.value.x, y: origin.y + centroid.y - last.value.y)
            self.last = UIGestureMotionSample(value: centroid, time: last.time)
        } else {
            origin = centroid
            last = UIGestureMotionSample(value: centroid, time: now)
        }
    }
}
