import Foundation

/// The last measured value of a gesture (a centroid, a scale, an angle) and when it was measured on the
/// run-loop clock; velocities are the change between two samples over the time between them.
struct UIGestureMotionSample<Value> {
    var value: Value
    var time: UInt64

    /// Seconds from this sample to `later` (0 when they are in the same instant).
    func seconds(until later: UInt64) -> TimeInterval {
        later > time ? TimeInterval(later - time) / 1_000_000_000 : 0
    }
}
