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

    /// The HID payloads, sorted by time: one digitizer frame per instant at which any finger changes
    /// (every finger down included), then that instant's buttons and motion in source order.
    public func frames() -> [TimedHIDPayload] {
        // Validated on init; the timeline cannot fail here.
        guard let timeline = try? GestureTimeline(entries) else { return [] }
        return timeline.events()
    }
}
