import Foundation
import RunLoopKit

/// UIKit's `UITapGestureRecognizer` (discrete): `numberOfTouchesRequired` fingers tap
/// `numberOfTapsRequired` times.
///
/// It fails when a finger moves more than `GestureConstants.tapAllowableMovement` (10 points), stays down
/// longer than `tapMaximumPressDuration` (0.75 s), lifts before the required fingers were down together,
/// lands more than `tapAllowableSeparation` from the first tap, or when the pause before the next tap is
/// longer than `tapMaximumInterval` (0.35 s). Both timeouts are run-loop timers.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// UIKit's `numberOfTapsRequired` (1): 2 for a double tap.
    @exclusivity(unchecked)
    public var numberOfTapsRequired = 1
    /// UIKit's `numberOfTouchesRequired` (1): fingers per tap.
    @exclusivity(unchecked)
    public var numberOfTouchesRequired = 1

    /// Taps finished so far in this sequence.
    @exclusivity(unchecked)
    private(set) var tapsCompleted = 0
    @exclusivity(unchecked)
    private var fingersDown = 0
    @exclusivity(unchecked)
    private var mostFingersInTap = 0
    /// Where each finger of the current tap came down (window coordinates).
    @exclusivity(unchecked)
    private var startLocations: [(touch: UITouch, location: CGPoint)] = []
    @exclusivity(unchecked)
    private var firstTapLocation: CGPoint?
    @exclusivity(unchecked)
    private var pressTimer: RunLoopTimer?
    @exclusivity(unchecked)
    private var intervalTimer: RunLoopTimer?

    // The timers' closures hold this recognizer unowned (a weak reference would give it a side table, and every
    // retain and release on the touch path would take the slow way): they must not outlive it.
    deinit { pressTimer?.invalidate(); intervalTimer?.invalidate() }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible else { return }
        intervalTimer?.invalidate()
        intervalTimer = nil
        if fingersDown == 0 {
            mostFingersInTap = 0
            startLocations.removeAll()
            pressTimer = schedule(after: GestureConstants.tapMaximumPressDuration) { [unowned self] in
                // UIKit: a press held too long is not a tap.
                guard self.state == .possible, self.fingersDown > 0 else { return }
                self.state = .failed
            }
        }
        for touch in orderedTouches(touches) {
            let location = touch.location(in: nil)
            startLocations.append((touch, location))
            if let first = firstTapLocation, Self.distance(first, location) > GestureConstants.tapAllowableSeparation {
                return fail()
            }
        }
        fingersDown += touches.count
        mostFingersInTap = max(mostFingersInTap, fingersDown)
        if fingersDown > numberOfTouchesRequired { fail() }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .possible else { return }
        if movedTooFar(touches) { fail() }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard state == .possible else { return }
        if movedTooFar(touches) { return fail() }
        fingersDown = max(0, fingersDown - touches.count)
        guard fingersDown == 0 else { return }
        pressTimer?.invalidate()
        pressTimer = nil
        guard mostFingersInTap == numberOfTouchesRequired else { return fail() }
        if firstTapLocation == nil { firstTapLocation = Self.centroid(of: startLocations.map(\.location)) }
        tapsCompleted += 1
        if tapsCompleted >= numberOfTapsRequired {
            state = .recognized
        } else {
            intervalTimer = schedule(after: GestureConstants.tapMaximumInterval) { [unowned self] in
                // UIKit: the next tap came too late (or never).
                guard self.state == .possible, self.fingersDown == 0 else { return }
                self.state = .failed
            }
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        if state == .possible { fail() }
    }

    open override func reset() {
        super.reset()
        tapsCompleted = 0
        fingersDown = 0
        mostFingersInTap = 0
        startLocations.removeAll()
        firstTapLocation = nil
        pressTimer?.invalidate()
        pressTimer = nil
        intervalTimer?.invalidate()
        intervalTimer = nil
    }

    /// UIKit (UITapGestureRecognizer.h): the location of the tap, from the first tap of the sequence when
    /// more than one is required; the centroid of the fingers when more than one is required.
    public override func location(in view: UIView?) -> CGPoint {
        guard numberOfTapsRequired > 1, let first = firstTapLocation else { return super.location(in: view) }
        guard let view else { return first }
        return view.convert(first, from: nil)
    }

    /// Observed UIKit behaviour: a tap recognizer needing fewer taps does not make one needing more taps fail
    /// (without `require(toFail:)`, a double tap fires the single tap's action, then the double tap's).
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = preventingGestureRecognizer as? UITapGestureRecognizer,
            tap.numberOfTapsRequired < numberOfTapsRequired
        {
            return false
        }
        return super.canBePrevented(by: preventingGestureRecognizer)
    }

    private func movedTooFar(_ touches: Set<UITouch>) -> Bool {
        for (touch, start) in startLocations where touches.contains(touch) {
            if Self.distance(start, touch.location(in: nil)) > GestureConstants.tapAllowableMovement { return true }
        }
        return false
    }

    private func fail() {
        pressTimer?.invalidate()
        intervalTimer?.invalidate()
        if state == .possible { state = .failed }
    }

    /// Set order is arbitrary; the order fingers came down is not.
    private func orderedTouches(_ touches: Set<UITouch>) -> [UITouch] {
        trackedTouches.filter { touches.contains($0) }
    }
}
