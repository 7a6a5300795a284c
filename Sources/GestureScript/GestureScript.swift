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
        return timeline.events()
    }
}
