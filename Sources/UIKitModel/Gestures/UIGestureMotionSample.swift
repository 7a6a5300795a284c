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

extension UIGestureMotionSample where Value == CGFloat {
    /// Change per second from this sample to `value` measured at `time`; nil in the same instant (the
    /// recognizer keeps its last velocity).
    func velocity(to value: CGFloat, at time: UInt64) -> CGFloat? {
        let dt = seconds(until: time)
        return dt > 0 ? (value - self.value) / dt : nil
    }
}

extension UIGestureMotionSample where Value == CGPoint {
    /// Change per second, per axis, from this sample to `value` measured at `time`; nil in the same instant.
    func velocity(to value: CGPoint, at time: UInt64) -> CGPoint? {
        let dt = seconds(until: time)
        return dt > 0 ? CGPoint(x: (value.x - self.value.x) / dt, y: (value.y - self.value.y) / dt) : nil
    }
}
