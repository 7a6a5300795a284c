import Foundation
import RunLoopKit

/// UIKit's `UISwipeGestureRecognizer` (discrete): `numberOfTouchesRequired` fingers move at least
/// `GestureConstants.swipeMinimumDistance` (50 points) in one of the permitted `direction`s, within
/// `swipeMaximumDuration` (0.5 s, a run-loop timer) of touching down, no more than `swipeMaximumAngle`
/// (30°) off that direction's axis. It recognizes during the movement, as UIKit's does, not at the lift.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// UIKit default `.right`.
    @exclusivity(unchecked)
    public var direction: Direction = .right
    /// UIKit's `numberOfTouchesRequired` (1): fingers that must swipe together.
    @exclusivity(unchecked)
    public var numberOfTouchesRequired = 1

    @exclusivity(unchecked)
    private var start: CGPoint?
    @exclusivity(unchecked)
    private var durationTimer: RunLoopTimer?

    // The timers' closures hold this recognizer unowned (a weak reference would give it a side table, and every
    // retain and release on the touch path would take the slow way): they must not outlive it.
    deinit { durationTimer?.invalidate() }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible else { return }
        let onScreen = touchesOnScreen
        if onScreen.count > numberOfTouchesRequired { return fail() }
        if durationTimer == nil {
            durationTimer = schedule(after: GestureConstants.swipeMaximumDuration) { [unowned self] in
                guard self.state == .possible else { return }
                self.state = .failed
            }
        }
        start = Self.centroid(of: onScreen)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .possible, let start else { return }
        let onScreen = touchesOnScreen
        guard onScreen.count == numberOfTouchesRequired else { return }
        let centroid = Self.centroid(of: onScreen)
        let dx = centroid.x - start.x, dy = centroid.y - start.y
        let horizontal = abs(dx) >= abs(dy)
        let primary = horizontal ? abs(dx) : abs(dy)
        let secondary = horizontal ? abs(dy) : abs(dx)
        guard primary >= GestureConstants.swipeMinimumDistance else { return }
        let moved: Direction = horizontal ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        if direction.contains(moved) && atan2(secondary, primary) <= GestureConstants.swipeMaximumAngle {
            durationTimer?.invalidate()
            state = .recognized
        } else {
            fail()
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        fail()
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        fail()
    }

    public override func reset() {
        super.reset()
        start = nil
        durationTimer?.invalidate()
        durationTimer = nil
    }

    private func fail() {
        durationTimer?.invalidate()
        if state == .possible { state = .failed }
    }
}

// MARK: - Direction

extension UISwipeGestureRecognizer {
    /// UIKit's `UISwipeGestureRecognizer.Direction` (UIKit's raw values).
    public struct Direction: OptionSet, Hashable, Sendable {
        /// UIKit's raw values: right 1, left 2, up 4, down 8.
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// A swipe to the right.
        public static let right = Direction(rawValue: 1 << 0)
        /// A swipe to the left.
        public static let left = Direction(rawValue: 1 << 1)
        /// A swipe up.
        public static let up = Direction(rawValue: 1 << 2)
        /// A swipe down.
        public static let down = Direction(rawValue: 1 << 3)
    }
}
