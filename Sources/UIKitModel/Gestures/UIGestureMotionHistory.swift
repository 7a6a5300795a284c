/// The recent samples of a gesture's value (a centroid, a scale, an angle), for velocities over a short window
/// of samples rather than the last step alone (UIKit smooths a gesture's velocity over its recent touch
/// samples).
///
/// The lift: a real panel sends it as a frame of its own a few milliseconds after the last move, usually with
/// no movement. UIKit's `.ended` still reports the flick's velocity, so a lift that moves nothing within
/// `UIGestureConstants.liftGrace` of the last sample is not a sample; a later one (the finger rested, then
/// lifted) is, and the velocity falls to what the rest says.
struct UIGestureMotionHistory<Value: Equatable> {
    private(set) var samples: [UIGestureMotionSample<Value>] = []

    var last: UIGestureMotionSample<Value>? { samples.last }

    /// Records `value` at `time` and returns the sample the velocity is measured from: the oldest within
    /// `UIGestureConstants.velocityWindow` before `time`, else the one just before (a slow sender); nil when
    /// there is none earlier than `time`, or when `isLift` and the lift is not a sample (see above).
    mutating func record(_ value: Value, at time: UInt64, isLift: Bool = false) -> UIGestureMotionSample<Value>? {
        if isLift, let last, last.value == value,
            time <= last.time + UIGestureConstants.nanoseconds(UIGestureConstants.liftGrace)
        {
            return nil
        }
        let window = UIGestureConstants.nanoseconds(UIGestureConstants.velocityWindow)
        let start = time > window ? time - window : 0
        // The first earlier sample inside the window, else the last earlier one: one pass, no copy (this
        // runs for every move of every recognizer that measures a velocity).
        var inWindow: UIGestureMotionSample<Value>?
        var lastEarlier: UIGestureMotionSample<Value>?
        for sample in samples where sample.time < time {
            if inWindow == nil, sample.time >= start { inWindow = sample }
            lastEarlier = sample
        }
        let anchor = inWindow ?? lastEarlier
        samples.append(UIGestureMotionSample(value: value, time: time))
        samples.removeAll { $0.time < start }
        return anchor
    }

    mutating func removeAll() { samples.removeAll() }
}
