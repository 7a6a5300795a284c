import Foundation

/// A touch's data at one frame, kept while the view's share of the touch is withheld, so a replay delivers
/// it "with its original data" (event-delivery.md §5) even though the UITouch has moved on since.
struct UITouchSnapshot {
    /// Which interceptor pass (frame) produced it: replays keep frames apart and in order.
    let frame: UInt64
    let phase: UITouch.Phase
    let screenLocation: CGPoint
    let previousScreenLocation: CGPoint
    let timestamp: TimeInterval

    init(of touch: UITouch, frame: UInt64) {
        self.frame = frame
        self.phase = touch.phase
        self.screenLocation = touch.screenLocation
        self.previousScreenLocation = touch.previousScreenLocation
        self.timestamp = touch.timestamp
    }

    /// Puts the snapshot's data into `touch` and returns what it replaced (to restore after the call): UIKit's
    /// `_loadStateFromTouch:` around a delayed delivery. Only the window's replay calls it.
    func swap(into touch: UITouch) -> UITouchSnapshot {
        let current = UITouchSnapshot(of: touch, frame: frame)
        touch.phase = phase
        touch.screenLocation = screenLocation
        touch.previousScreenLocation = previousScreenLocation
        touch.timestamp = timestamp
        return current
    }
}
