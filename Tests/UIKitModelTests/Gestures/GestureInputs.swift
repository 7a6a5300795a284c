import HIDEvent

/// Timed HID inputs for the headless runner, built the way the gesture scripts build them: one digitizer
/// frame per instant, every finger that changes in it.
enum GestureInputs {
    typealias Finger = HIDFrames.Finger

    static func frame(at seconds: Double, _ fingers: [Finger]) -> TimedHIDPayload {
        TimedHIDPayload(time: TouchDriver.ns(seconds), payload: HIDFrames.frame(at: seconds, fingers).payload)
    }

    static func tap(_ x: Float, _ y: Float, at seconds: Double, duration: Double = 0.05) -> [TimedHIDPayload] {
        [
            frame(at: seconds, [HIDFrames.finger(1, x, y, .down)]),
            frame(at: seconds + duration, [HIDFrames.finger(1, x, y, .up)]),
        ]
    }

    /// One finger: down at `points[0]` at `seconds`, then each later point `interval` apart, up at the last.
    static func path(_ points: [(Float, Float)], at seconds: Double, interval: Double) -> [TimedHIDPayload] {
        var inputs = [frame(at: seconds, [HIDFrames.finger(1, points[0].0, points[0].1, .down)])]
        for (i, p) in points.enumerated().dropFirst() {
            inputs.append(frame(at: seconds + interval * Double(i), [HIDFrames.finger(1, p.0, p.1, .move)]))
        }
        let last = points[points.count - 1]
        inputs.append(frame(at: seconds + interval * Double(points.count - 1), [HIDFrames.finger(1, last.0, last.1, .up)]))
        return inputs
    }

    /// Two fingers moving together through `steps` (pairs of points), `interval` apart; down at the first,
    /// up at the last.
    static func twoFingers(_ steps: [((Float, Float), (Float, Float))], at seconds: Double, interval: Double) -> [TimedHIDPayload]
    {
        var inputs: [TimedHIDPayload] = []
        for (i, step) in steps.enumerated() {
            let change: HIDFrames.Change = i == 0 ? .down : .move
            inputs.append(
                frame(
                    at: seconds + interval * Double(i),
                    [
                        HIDFrames.finger(1, step.0.0, step.0.1, change), HIDFrames.finger(2, step.1.0, step.1.1, change),
                    ]))
        }
        let last = steps[steps.count - 1]
        inputs.append(
            frame(
                at: seconds + interval * Double(steps.count - 1),
                [
                    HIDFrames.finger(1, last.0.0, last.0.1, .up), HIDFrames.finger(2, last.1.0, last.1.1, .up),
                ]))
        return inputs
    }
}
