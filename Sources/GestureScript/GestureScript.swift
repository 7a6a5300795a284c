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
