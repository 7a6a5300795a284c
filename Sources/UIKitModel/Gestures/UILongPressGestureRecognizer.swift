import Foundation
import RunLoopKit

/// UIKit's `UILongPressGestureRecognizer` (continuous): `numberOfTouchesRequired` fingers held for
/// `minimumPressDuration` without moving more than `allowableMovement` → began; moves → changed; a lift →
/// ended. Before it begins, a lift or a larger movement fails it. The wait is a run-loop timer.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// UIKit default 0.5 s.
    public var minimumPressDuration: TimeInterval = UIGestureConstants.longPressMinimumPressDuration
    /// UIKit default 10 points; once the press has begun there is no limit.
    public var allowableMovement: CGFloat = UIGestureConstants.longPressAllowableMovement
    public var numberOfTouchesRequired = 1

    private var startLocations: [(touch: UITouch, location: CGPoint)] = []
    private var pressTimer: RunLoopTimer?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible else { return }
        for touch in trackedTouches where touches.contains(touch) {
            startLocations.append((touch, touch.location(in: nil)))
        }
        if startLocations.count > numberOfTouchesRequired { return fail() }
        if startLocations.count == numberOfTouchesRequired {
            pressTimer?.invalidate()
            pressTimer = schedule(after: minimumPressDuration) { [weak self] in
                guard let self, self.state == .possible else { return }
                self.state = .began
            }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        switch state {
        case .possible:
            for (touch, start) in startLocations where touches.contains(touch) {
                if Self.distance(start, touch.location(in: nil)) > allowableMovement { return fail() }
            }
        case .began, .changed:
            state = .changed
        default:
            return
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        switch state {
        case .possible: fail()
        case .began, .changed: state = .ended
        default: return
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        switch state {
        case .possible: fail()
        case .began, .changed: state = .cancelled
        default: return
        }
    }

    open override func reset() {
        super.reset()
        startLocations.removeAll()
        pressTimer?.invalidate()
        pressTimer = nil
    }

    private func fail() {
        pressTimer?.invalidate()
        pressTimer = nil
        if state == .possible { state = .failed }
    }
}
