import HIDEvent

/// Reads the text format of protocols/gesture-script.md into entries; errors carry line and column.
struct GestureScriptParser {
    private let tokens: [GestureScriptToken]
    private let line: Int
    /// Column just past the end of the line (where "end of line" errors point).
    private let endColumn: Int
    private var position = 0

    /// The touch commands, named when a word is not one (the `digitizer` statement is a setting and the in-app
    /// step `sendActions` is no gesture: neither is listed).
    static let commands = "a command (tap, drag, swipe, pinch, rotate, down, move, up, cancel, press, button, shake)"

    static func parse(_ text: String) throws(GestureScriptError) -> [GestureScript.Entry] {
        var entries: [GestureScript.Entry] = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var parser = GestureScriptParser(line: rawLine, number: number)
            try parser.parseLine(into: &entries)
        }
        return entries
    }

    private init(line text: Substring, number: Int) {
        tokens = GestureScriptToken.tokenize(text)
        line = number
        endColumn = text.count + 1
    }

    // MARK: Statements

    private mutating func parseLine(into entries: inout [GestureScript.Entry]) throws(GestureScriptError) {
        while position < tokens.count {
            if tokens[position].kind == .semicolon { position += 1; continue }
            entries.append(try parseStatement())
            if let token = peek {
                guard token.kind == .semicolon else { throw error("';' or end of line", at: token) }
                position += 1
            }
        }
    }

    private mutating func parseStatement() throws(GestureScriptError) -> GestureScript.Entry {
        try keyword("at", what: "'at' and a time in seconds")
        let time = try seconds("a time in seconds after 'at'")
        guard let token = peek, token.kind == .word else { throw error(Self.commands, at: peek) }
        position += 1
        let command = try parseCommand(String(token.text), at: token)
        if let problem = command.problem {
            throw GestureScriptError(line: line, column: token.column, expected: problem.expected, found: problem.found)
        }
        return GestureScript.Entry(time: time, command: command, line: line, column: token.column)
    }

    private mutating func parseCommand(_ name: String, at token: GestureScriptToken) throws(GestureScriptError) -> GestureCommand
    {
        switch name {
        case "tap":
            let p = try point("tap")
            var fingers = 1, duration = GestureCommand.defaultTapDuration
            var taps = 1, interval = GestureCommand.defaultTapInterval
            try options(["fingers", "duration", "taps", "interval"]) { (option, parser) throws(GestureScriptError) in
                switch option {
                case "fingers": fingers = try parser.integer("a finger count after 'fingers'")
                case "taps": taps = try parser.integer("a tap count after 'taps'")
                case "interval": interval = try parser.seconds("a duration in seconds after 'interval'")
                default: duration = try parser.seconds("a duration in seconds after 'duration'")
                }
            }
            return .tap(at: p, fingers: fingers, duration: duration, taps: taps, interval: interval)
        case "drag":
            var points = [try point("drag")]
            try arrow()
            points.append(try point("'->'"))
            while let token = peek, token.kind == .arrow {
                position += 1
                points.append(try point("'->'"))
            }
            try keyword("duration", what: "'duration'")
            let duration = try seconds("a duration in seconds after 'duration'")
            var steps = GestureCommand.defaultSteps(for: duration), fingers = 1
            try options(["steps", "fingers"]) { (option, parser) throws(GestureScriptError) in
                if option == "steps" {
                    steps = try parser.integer("a step count after 'steps'")
                } else {
                    fingers = try parser.integer("a finger count after 'fingers'")
                }
            }
            return .drag(
                from: points[0], to: points[points.count - 1], duration: duration, steps: steps,
                via: Array(points.dropFirst().dropLast()), fingers: fingers)
        case "swipe":
            let direction = try swipeDirection()
            try keyword("from", what: "'from'")
            let from = try point("'from'")
            var distance = GestureCommand.defaultSwipeDistance, duration = GestureCommand.defaultSwipeDuration
            var steps: Int?, speed: Float?, fingers = 1
            try options(["distance", "duration", "steps", "speed", "fingers"]) { (option, parser) throws(GestureScriptError) in
                switch option {
                case "distance": distance = try parser.float("a distance in points after 'distance'")
                case "duration": duration = try parser.seconds("a duration in seconds after 'duration'")
                case "speed": speed = try parser.float("a speed in points per second after 'speed'")
                case "fingers": fingers = try parser.integer("a finger count after 'fingers'")
                default: steps = try parser.integer("a step count after 'steps'")
                }
            }
            if let speed {
                // `speed` sets the duration: the distance at that many points per second.
                guard speed > 0 else { throw error("a speed > 0 points per second", at: token) }
                duration = UInt64((Double(abs(distance)) / Double(speed) * 1e9).rounded())
            }
            return .swipe(
                direction, from: from, distance: distance, duration: duration,
                steps: steps ?? GestureCommand.defaultSteps(for: duration), fingers: fingers)
        case "pinch":
            let center = try point("pinch")
            try keyword("from", what: "'from'")
            let from = try float("a start distance in points after 'from'")
            try keyword("to", what: "'to'")
            let to = try float("an end distance in points after 'to'")
            try keyword("duration", what: "'duration'")
            let duration = try seconds("a duration in seconds after 'duration'")
            return .pinch(center: center, from: from, to: to, duration: duration, steps: try optionalSteps(duration))
        case "rotate":
            let center = try point("rotate")
            try keyword("radius", what: "'radius'")
            let radius = try float("a radius in points after 'radius'")
            try keyword("by", what: "'by'")
            let radians = try float("an angle in radians after 'by'")
            try keyword("duration", what: "'duration'")
            let duration = try seconds("a duration in seconds after 'duration'")
            return .rotate(
                center: center, radius: radius, radians: radians, duration: duration, steps: try optionalSteps(duration))
        case "down":
            let finger = try integer("a finger id after 'down'"), at = try point("the finger id")
            return .down(finger: finger, at: at, contact: try contactOptions())
        case "move":
            return .move(finger: try integer("a finger id after 'move'"), to: try point("the finger id"))
        case "up":
            return .up(finger: try integer("a finger id after 'up'"))
        case "cancel":
            return .cancel(finger: try integer("a finger id after 'cancel'"))
        case "press":
            return .press(try button())
        case "button":
            let button = try button()
            guard let token = peek, token.kind == .word, token.text == "down" || token.text == "up" else {
                throw error("'down' or 'up'", at: peek)
            }
            position += 1
            return .button(button, down: token.text == "down")
        case "shake":
            var duration = GestureCommand.defaultShakeDuration
            try options(["duration"]) { (_, parser) throws(GestureScriptError) in
                duration = try parser.seconds("a duration in seconds after 'duration'")
            }
            return .shake(duration: duration)
        case "digitizer":
            var settings = DigitizerSettings()
            var contact = GestureContact()
            try options(["rate", "pressure", "radius", "minor", "jitter", "seed"]) {
                (option, parser) throws(GestureScriptError) in
                switch option {
                case "rate": settings.rate = try parser.integer("a rate (60, 120 or 240) after 'rate'")
                case "pressure": contact.pressure = try parser.float("a pressure 0...1 after 'pressure'")
                case "radius": contact.majorRadius = try parser.float("a radius in points after 'radius'")
                case "minor": contact.minorRadius = try parser.float("a radius in points after 'minor'")
                case "jitter": settings.jitter = try parser.float("a jitter in points after 'jitter'")
                default: settings.seed = UInt64(max(0, try parser.integer("a seed after 'seed'")))
                }
            }
            settings.contact = contact.over(.standard)
            return .digitizer(settings)
        case "sendActions":
            let control = String(try word("a control id after 'sendActions'").text)
            var events = [String(try word("a control event (touchUpInside, valueChanged, ...) after the id").text)]
            while let token = peek, token.kind == .word {
                events.append(String(token.text))
                position += 1
            }
            return .sendActions(control: control, events: events)
        default:
            throw error(Self.commands, at: token)
        }
    }

    /// `[pressure P] [radius R] [minor R]` after a finger's `down`.
    private mutating func contactOptions() throws(GestureScriptError) -> GestureContact {
        var contact = GestureContact()
        try options(["pressure", "radius", "minor"]) { (option, parser) throws(GestureScriptError) in
            switch option {
            case "pressure": contact.pressure = try parser.float("a pressure 0...1 after 'pressure'")
            case "radius": contact.majorRadius = try parser.float("a radius in points after 'radius'")
            default: contact.minorRadius = try parser.float("a radius in points after 'minor'")
            }
        }
        return contact
    }

    // MARK: Pieces

    private var peek: GestureScriptToken? { position < tokens.count ? tokens[position] : nil }

    private func error(_ expected: String, at token: GestureScriptToken?) -> GestureScriptError {
        guard let token else {
            return GestureScriptError(line: line, column: endColumn, expected: expected, found: "end of line")
        }
        return GestureScriptError(line: line, column: token.column, expected: expected, found: "'\(token.text)'")
    }

    private mutating func word(_ expected: String) throws(GestureScriptError) -> GestureScriptToken {
        guard let token = peek, token.kind == .word else { throw error(expected, at: peek) }
        position += 1
        return token
    }

    private mutating func keyword(_ keyword: String, what: String) throws(GestureScriptError) {
        guard let token = peek, token.kind == .word, token.text == keyword else { throw error(what, at: peek) }
        position += 1
    }

    private mutating func arrow() throws(GestureScriptError) {
        guard let token = peek, token.kind == .arrow else { throw error("'->'", at: peek) }
        position += 1
    }

    /// Keyword options in any order, each at most once, until `;` or end of line.
    private mutating func options(
        _ names: [String], _ body: (String, inout GestureScriptParser) throws(GestureScriptError) -> Void
    ) throws(GestureScriptError) {
        var seen: Set<String> = []
        while let token = peek, token.kind == .word {
            let name = String(token.text)
            guard names.contains(name), !seen.contains(name) else {
                let remaining = names.filter { !seen.contains($0) }.map { "'\($0)'" }.joined(separator: ", ")
                throw error(remaining.isEmpty ? "';' or end of line" : "\(remaining), ';' or end of line", at: token)
            }
            seen.insert(name)
            position += 1
            try body(name, &self)
        }
    }

    private mutating func optionalSteps(_ duration: UInt64) throws(GestureScriptError) -> Int {
        guard let token = peek, token.kind == .word, token.text == "steps" else {
            return GestureCommand.defaultSteps(for: duration)
        }
        position += 1
        return try integer("a step count after 'steps'")
    }

    private mutating func float(_ expected: String) throws(GestureScriptError) -> Float {
        let token = try word(expected)
        guard let value = Float(token.text), value.isFinite else { throw error(expected, at: token) }
        return value
    }

    private mutating func point(_ after: String) throws(GestureScriptError) -> GesturePoint {
        let x = try float("an x coordinate after \(after)")
        let y = try float("a y coordinate after the x coordinate")
        return GesturePoint(x: x, y: y)
    }

    private mutating func integer(_ expected: String) throws(GestureScriptError) -> Int {
        let token = try word(expected)
        guard let value = Int(token.text) else { throw error(expected, at: token) }
        return value
    }

    /// Seconds as a decimal with at most 9 fractional digits, converted to nanoseconds exactly
    /// ("2.016" is 2_016_000_000 ns, with no binary rounding).
    private mutating func seconds(_ expected: String) throws(GestureScriptError) -> UInt64 {
        let token = try word(expected)
        let parts = token.text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count > 1 ? parts[1] : ""
        let isDigits = { (s: Substring) in s.allSatisfy { $0.isASCII && $0.isNumber } }
        guard !whole.isEmpty, whole.count <= 7, isDigits(whole), isDigits(fraction), fraction.count <= 9,
            parts.count == 1 || !fraction.isEmpty,
            let seconds = UInt64(whole)
        else {
            throw error("\(expected) (a decimal like 1.25, at most 9 digits after the point)", at: token)
        }
        let nanos = UInt64(fraction + String(repeating: "0", count: 9 - fraction.count)) ?? 0
        return seconds * 1_000_000_000 + nanos
    }

    private mutating func button() throws(GestureScriptError) -> HIDButton {
        let expected = "a button (home, lock, volumeUp, volumeDown)"
        let token = try word(expected)
        switch token.text {
        case "home": return .home
        case "lock": return .lock
        case "volumeUp": return .volumeUp
        case "volumeDown": return .volumeDown
        default: throw error(expected, at: token)
        }
    }

    private mutating func swipeDirection() throws(GestureScriptError) -> SwipeDirection {
        let expected = "a direction (up, down, left, right)"
        let token = try word(expected)
        guard let direction = SwipeDirection(rawValue: String(token.text)) else { throw error(expected, at: token) }
        return direction
    }
}

/// A word, `->` or `;` of a script line, with its 1-based column.
struct GestureScriptToken: Equatable {
    enum Kind: Equatable { case word, arrow, semicolon }

    var kind: Kind
    var text: Substring
    var column: Int

    /// Splits a line: whitespace separates words; `;` and `->` are tokens of their own; `#` starts a comment.
    static func tokenize(_ line: Substring) -> [GestureScriptToken] {
        var tokens: [GestureScriptToken] = []
        var column = 1
        var index = line.startIndex
        var wordStart: (String.Index, Int)?
        func endWord(at end: String.Index) {
            if let (start, col) = wordStart {
                tokens.append(GestureScriptToken(kind: .word, text: line[start..<end], column: col))
            }
            wordStart = nil
        }
        while index < line.endIndex {
            let c = line[index]
            let next = line.index(after: index)
            if c == "#" { break }
            if c == " " || c == "\t" || c == "\r" {
                endWord(at: index)
            } else if c == ";" {
                endWord(at: index)
                tokens.append(GestureScriptToken(kind: .semicolon, text: line[index..<next], column: column))
            } else if c == "-", next < line.endIndex, line[next] == ">" {
                endWord(at: index)
                let after = line.index(after: next)
                tokens.append(GestureScriptToken(kind: .arrow, text: line[index..<after], column: column))
                index = after
                column += 2
                continue
            } else if wordStart == nil {
                wordStart = (index, column)
            }
            index = next
            column += 1
        }
        endWord(at: index)
        return tokens
    }
}
