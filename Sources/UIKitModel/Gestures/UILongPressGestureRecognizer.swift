import Foundation
import RunLoopKit

/// UIKit's `UILongPressGestureRecognizer` (continuous): after `numberOfTapsRequired` quick taps (default 0),
/// `numberOfTouchesRequired` fingers held for `minimumPressDuration` without moving more than
/// `allowableMovement` → began; moves → changed; a lift → ended. Before it begins, a lift (other than one
/// of the required taps), a larger movement, or a pause between taps longer than
/// `GestureConstants.tapMaximumInterval` fails it. Every wait is a run-loop timer.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// UIKit default 0.5 s.
    @exclusivity(unchecked)
    public var minimumPressDuration: TimeInterval = GestureConstants.longPressMinimumPressDuration
    /// UIKit default 10 points; once the press has begun there is no limit.
    @exclusivity(unchecked)
    public var allowableMovement: CGFloat = GestureConstants.longPressAllowableMovement
    /// UIKit's `numberOfTouchesRequired` (1): fingers that must press.
    @exclusivity(unchecked)
    public var numberOfTouchesRequired = 1
    /// UIKit default 0: full taps required before the press.
    @exclusivity(unchecked)
    public var numberOfTapsRequired = 0

    @exclusivity(unchecked)
    private var tapsCompleted = 0
    @exclusivity(unchecked)
    private var startLocations: [(touch: UITouch, location: CGPoint)] = []
    @exclusivity(unchecked)
    private var fingersDown = 0
    @exclusivity(unchecked)
    private var pressTimer: RunLoopTimer?
    @exclusivity(unchecked)
    private var intervalTimer: RunLoopTimer?

    // The timers' closures hold this recognizer unowned (a weak reference would give it a side table, and every
    // retain and release on the touch path would take the slow way): they must not outlive it.
    deinit { pressTimer?.invalidate(); intervalTimer?.invalidate() }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible else { return }
        intervalTimer?.invalidate()
        intervalTimer = nil
        if fingersDown == 0 { startLocations.removeAll() }
        for touch in trackedTouches where touches.contains(touch) {
            startLocations.append((touch, touch.location(in: nil)))
        }
        fingersDown += touches.count
        if fingersDown > numberOfTouchesRequired { return fail() }
        if fingersDown == numberOfTouchesRequired {
            pressTimer?.invalidate()
            pressTimer = schedule(after: minimumPressDuration) { [unowned self] in
                guard self.state == .possible else { return }
                // Held long enough: the press begins, unless this was meant to be one of the taps.
                self.state = self.tapsCompleted == self.numberOfTapsRequired ? .began : .failed
            }
        }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
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

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        switch state {
        case .possible:
            fingersDown = max(0, fingersDown - touches.count)
            guard tapsCompleted < numberOfTapsRequired, startLocations.count == numberOfTouchesRequired else { return fail() }
            guard fingersDown == 0 else { return }
            // One of the required taps: wait for the next touch-down.
            pressTimer?.invalidate()
            pressTimer = nil
            tapsCompleted += 1
            intervalTimer = schedule(after: GestureConstants.tapMaximumInterval) { [unowned self] in
                guard self.state == .possible, self.fingersDown == 0 else { return }
                self.state = .failed
            }
        case .began, .changed:
            state = .ended
        default:
            return
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        switch state {
        case .possible: fail()
        case .began, .changed: state = .cancelled
        default: return
        }
    }

    public override func reset() {
        super.reset()
        tapsCompleted = 0
        fingersDown = 0
        startLocations.removeAll()
        pressTimer?.invalidate()
        pressTimer = nil
        intervalTimer?.invalidate()
        intervalTimer = nil
    }

    private func fail() {
        pressTimer?.invalidate()
        pressTimer = nil
        intervalTimer?.invalidate()
        intervalTimer = nil
        if state == .possible { state = .failed }
    }
}
