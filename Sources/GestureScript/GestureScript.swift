import HIDEvent

/// A timed list of gesture commands (protocols/gesture-script.md), read from text with `parse(_:)` or
/// built in code (`tap`, `drag`, `swipe`, `press`, ...), played into HID frames with `frames()`.
/// A script is always playable: parsing and the builders reject impossible finger sequences.
public struct GestureScript: Equatable, Sendable {
    package struct Entry: Equatable, Sendable {
        /// Nanoseconds from the start of the script.
        package var time: UInt64
        package var command: GestureCommand
        /// Where the command was written (0 for commands built in code).
        package var line: Int
        package var column: Int

        /// The `digitizer` statement's settings and time, if this is one.
        var digitizer: (settings: DigitizerSettings, time: UInt64)? {
            if case .digitizer(let settings) = command { return (settings, time) }
            return nil
        }

        init(time: UInt64, command: GestureCommand, line: Int = 0, column: Int = 0) {
            self.time = time
            self.command = command
            self.line = line
            self.column = column
        }
    }

    /// In source order (not necessarily time order).
    package private(set) var entries: [Entry]

    /// A script of these entries, checked like a parsed one.
    init(entries: [Entry]) throws(GestureScriptError) {
        for entry in entries {
            if let problem = entry.command.problem {
                throw GestureScriptError(line: entry.line, column: entry.column, expected: problem.expected, found: problem.found)
            }
        }
        let digitizers = entries.filter { $0.digitizer != nil }
        if digitizers.count > 1 {
            throw GestureScriptError(
                line: digitizers[1].line, column: digitizers[1].column, expected: "at most one 'digitizer' statement",
                found: "a second one")
        }
        self.entries = entries
        _ = try GestureTimeline(entries)
    }

    /// Parses a gesture script (protocols/gesture-script.md); a mistake is an error naming its line and column.
    public static func parse(_ text: String) throws(GestureScriptError) -> GestureScript {
        try GestureScript(entries: GestureScriptParser.parse(text))
    }

    /// This script followed (in source order; times are absolute) by `other`.
    package func appending(_ other: GestureScript) throws(GestureScriptError) -> GestureScript {
        try GestureScript(entries: entries + other.entries)
    }

    /// The in-app steps (`sendActions`), sorted by time (source order within one time): what an in-process
    /// runner performs between the HID frames; a HID source has nothing to send for them.
    public var appSteps: [(time: UInt64, control: String, events: [String])] {
        entries.enumerated()
            .compactMap { index, entry -> (UInt64, Int, String, [String])? in
                guard case .sendActions(let control, let events) = entry.command else { return nil }
                return (entry.time, index, control, events)
            }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
            .map { (time: $0.0, control: $0.2, events: $0.3) }
    }

    /// The HID payloads, sorted by time: one digitizer frame per instant at which any finger changes
    /// (every finger down included), then that instant's buttons and motion in source order.
    public func frames() -> [TimedHIDPayload] {
        // Validated on init; the timeline cannot fail here.
        guard let timeline = try? GestureTimeline(entries) else { return [] }
        if let digitizer = entries.lazy.compactMap(\.digitizer).first {
            return timeline.digitized(digitizer.settings, from: digitizer.time)
        }
        return timeline.events()
    }
}

/// A gesture script that cannot be read or played: where (1-based line and column; 0 for scripts built
/// in code), what was expected and what was found.
public struct GestureScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    let line: Int
    let column: Int
    package let expected: String
    let found: String

    package init(line: Int, column: Int, expected: String, found: String) {
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found
    }

    /// `line N, column M: message`.
    public var description: String {
        let place = line > 0 ? "line \(line), column \(column): " : ""
        return place + "expected \(expected), found \(found)"
    }
}

/// The defaults of the script language (`GestureCommand`, protocols/gesture-script.md) in the builders'
/// units, seconds and points, so that a built gesture and a parsed one without the option are the same.
extension GestureScript {
    static let defaultTapDuration = Double(GestureCommand.defaultTapDuration) / 1e9
    /// Points a `swipe` travels without `distance` (200).
    public static let defaultSwipeDistance = GestureCommand.defaultSwipeDistance
    /// Seconds a `swipe` takes without `duration` or `speed` (0.15).
    public static let defaultSwipeDuration = Double(GestureCommand.defaultSwipeDuration) / 1e9
    static let defaultShakeDuration = Double(GestureCommand.defaultShakeDuration) / 1e9
}

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
        let (ns, steps) = try motion(duration, steps)
        return try single(time, .drag(from: from, to: to, duration: ns, steps: steps))
    }

    package static func swipe(
        _ direction: SwipeDirection, from: GesturePoint, distance: Float = defaultSwipeDistance,
        duration: Double = defaultSwipeDuration, steps: Int? = nil,
        at time: Double = 0
    ) throws(GestureScriptError) -> GestureScript {
        let (ns, steps) = try motion(duration, steps)
        return try single(time, .swipe(direction, from: from, distance: distance, duration: ns, steps: steps))
    }

    static func pinch(
        center: GesturePoint, from: Float, to: Float, duration: Double, steps: Int? = nil,
        at time: Double = 0
    ) throws(GestureScriptError) -> GestureScript {
        let (ns, steps) = try motion(duration, steps)
        return try single(time, .pinch(center: center, from: from, to: to, duration: ns, steps: steps))
    }

    static func rotate(
        center: GesturePoint, radius: Float, by radians: Float, duration: Double, steps: Int? = nil,
        at time: Double = 0
    ) throws(GestureScriptError) -> GestureScript {
        let (ns, steps) = try motion(duration, steps)
        return try single(time, .rotate(center: center, radius: radius, radians: radians, duration: ns, steps: steps))
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

    /// A moving gesture's duration in nanoseconds and its steps (one per 60 Hz frame unless given).
    private static func motion(_ duration: Double, _ steps: Int?) throws(GestureScriptError) -> (UInt64, Int) {
        let ns = try nanoseconds(duration, "duration")
        return (ns, steps ?? GestureCommand.defaultSteps(for: ns))
    }

    /// Seconds to nanoseconds; negative, non-finite or absurd (> 10^7 s) values are errors.
    static func nanoseconds(_ seconds: Double, _ what: String) throws(GestureScriptError) -> UInt64 {
        guard seconds.isFinite, seconds >= 0, seconds <= 1e7 else {
            throw GestureScriptError(line: 0, column: 0, expected: "a \(what) of 0...10000000 seconds", found: "\(seconds)")
        }
        return UInt64((seconds * 1e9).rounded())
    }
}

extension GestureScript {
    /// What a script does that is allowed but almost certainly not meant, each naming its line: a point off
    /// the screen (no view can be hit there), a gesture that goes nowhere (a drag to its own start, a swipe of
    /// 0 points, a pinch that keeps its distance, a rotation by 0), a finger still down when the script ends
    /// (its touch never ends in the app). Players print these; nothing is changed.
    public func warnings(screenWidth: Float = 390, screenHeight: Float = 844) -> [GestureScriptWarning] {
        var out: [GestureScriptWarning] = []
        func onScreen(_ p: GesturePoint) -> Bool { p.x >= 0 && p.y >= 0 && p.x < screenWidth && p.y < screenHeight }
        for entry in entries {
            var points: [GesturePoint] = []
            switch entry.command {
            case .tap(let p, _, _, _, _), .down(_, let p, _), .move(_, let p): points = [p]
            case .drag(let from, let to, _, _, let via, _):
                points = [from] + via + [to]
                if from == to, via.allSatisfy({ $0 == from }) {
                    out.append(GestureScriptWarning(line: entry.line, message: "drag goes nowhere (it ends where it starts)"))
                }
            case .swipe(_, let from, let distance, _, _, _):
                points = [from]
                if distance == 0 { out.append(GestureScriptWarning(line: entry.line, message: "swipe of 0 points goes nowhere")) }
            case .pinch(let center, let from, let to, _, _):
                points = [center]
                if from == to {
                    out.append(
                        GestureScriptWarning(
                            line: entry.line, message: "pinch keeps its distance (\(from) points): no scale change"))
                }
            case .rotate(let center, _, let radians, _, _):
                points = [center]
                if radians == 0 {
                    out.append(GestureScriptWarning(line: entry.line, message: "rotation by 0 radians goes nowhere"))
                }
            case .up, .cancel, .press, .button, .shake, .sendActions, .digitizer:
                break
            }
            for p in points where !onScreen(p) {
                out.append(
                    GestureScriptWarning(
                        line: entry.line,
                        message:
                            "(\(p.x), \(p.y)) is off the \(Int(screenWidth)) x \(Int(screenHeight)) screen: nothing can be hit there"
                    ))
            }
        }
        var down: [UInt32] = []
        for action in (try? GestureTimeline(entries))?.actions ?? [] {
            switch action.kind {
            case .down: down.append(action.finger)
            case .up, .cancel: down.removeAll { $0 == action.finger }
            case .move, .other: break
            }
        }
        for finger in down {
            out.append(
                GestureScriptWarning(
                    line: 0,
                    message: "finger \(finger) is still down when the script ends: its touch never ends (add `up \(finger)`)"))
        }
        return out
    }
}

/// Something a gesture script does that is allowed but likely not meant (`GestureScript.warnings`).
public struct GestureScriptWarning: Equatable, Sendable, CustomStringConvertible {
    /// Where it was written; 0 for the script as a whole or commands built in code.
    public var line: Int
    /// What the script does that an app would not see as meant.
    public var message: String

    /// `line N: message`.
    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}
