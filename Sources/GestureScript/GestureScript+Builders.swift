import HIDEvent

/// Scripts built in code (what `hid-source tap X Y` and friends send). Times and durations are seconds.
extension GestureScript {
    package static func tap(
        x: Float, y: Float, at time: Double = 0, fingers: Int = 1,
        duration: Double = defaultTapDuration
    ) throws(GestureScriptError) -> GestureScript {
        try single(time, .tap(at: GesturePoint(x: x, y: y), fingers: fingers, duration: try nanoseconds(duration, "duration")))
    }

    package static func drag(
        from: GesturePoint, to: GesturePoint, duration: Double, steps: Int? = nil,
        at time: Double = 0
    ) throws(GestureScriptError) -> GestureScript {
        let ns = try nanoseconds(duration, "duration")
        return try single(time, .drag(from: from, to: to, duration: ns, steps: steps ?? GestureCommand.defaultSteps(for: ns)))
    }

    package static func swipe(
        _ direction: SwipeDirection, from: GesturePoint, distance: Float = defaultSwipeDistance,
        duration: Double = defaultSwipeDuration, steps: Int? = nil,
        at time: Double = 0
    ) throws(GestureScriptError) -> GestureScript {
        let ns = try nanoseconds(duration, "duration")
        return try single(
            time,
            .swipe(
                direction, from: from, distance: distance, duration: ns,
                steps: steps ?? GestureCommand.defaultSteps(for: ns)))
    }

    static func pinch(
        center: GesturePoint, from: Float, to: Float, duration: Double, steps: Int? = nil,
        at time: Double = 0
    ) throws(GestureScriptError) -> GestureScript {
        let ns = try nanoseconds(duration, "duration")
        return try single(
            time, .pinch(center: center, from: from, to: to, duration: ns, steps: steps ?? GestureCommand.defaultSteps(for: ns)))
    }

    static func rotate(
        center: GesturePoint, radius: Float, by radians: Float, duration: Double, steps: Int? = nil,
        at time: Double = 0
    ) throws(GestureScriptError) -> GestureScript {
        let ns = try nanoseconds(duration, "duration")
        return try single(
            time,
            .rotate(
                center: center, radius: radius, radians: radians, duration: ns,
                steps: steps ?? GestureCommand.defaultSteps(for: ns)))
    }

    /// Button down at `time`, up 0.1 s later.
    package static func press(_ button: HIDButton, at time: Double = 0) throws(GestureScriptError) -> GestureScript {
        try single(time, .press(button))
    }

    /// Shake began at `time`, ended `duration` later.
    static func shake(at time: Double = 0, duration: Double = defaultShakeDuration) throws(GestureScriptError) -> GestureScript {
        try single(time, .shake(duration: try nanoseconds(duration, "duration")))
    }

    private static func single(_ time: Double, _ command: GestureCommand) throws(GestureScriptError) -> GestureScript {
        try GestureScript(entries: [Entry(time: try nanoseconds(time, "time"), command: command)])
    }

    /// Seconds to nanoseconds; negative, non-finite or absurd (> 10^7 s) values are errors.
    static func nanoseconds(_ seconds: Double, _ what: String) throws(GestureScriptError) -> UInt64 {
        guard seconds.isFinite, seconds >= 0, seconds <= 1e7 else {
            throw GestureScriptError(line: 0, column: 0, expected: "a \(what) of 0...10000000 seconds", found: "\(seconds)")
        }
        return UInt64((seconds * 1e9).rounded())
    }
}
