import ArgumentParser
import CommandLineSupport
import ControlProtocol
import Foundation
import GestureScript

struct TapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tap", abstract: "One finger down and up at X Y (points).")

    /// Collected as they come so a negative coordinate (`tap -5 10`) needs no `--`.
    @Argument(
        parsing: .allUnrecognized,
        help:
            "X Y in points (negative values allowed), or @ID: the centre of the view with that id in the foreground app's scene.")
    var coordinates: [String] = []
    @OptionGroup var options: SourceOptions

    func validate() throws {
        if target == nil { _ = try point() }
    }

    func run() throws {
        let (x, y) = try target.map { try ViewTarget.point(of: $0, options: options) } ?? point()
        try ScriptPlayer.run(script: "at 0.000 tap \(x) \(y)\n", options: options)
    }

    /// `tap @searchBar`: the view id, when the argument names one.
    private var target: String? {
        guard coordinates.count == 1, let first = coordinates.first, first.hasPrefix("@"), first.count > 1 else { return nil }
        return String(first.dropFirst())
    }

    private func point() throws -> (Double, Double) {
        let numbers = try Coordinates.parse(coordinates)
        guard numbers.count == 2 else {
            throw ValidationError(
                "expected X Y (two numbers); got \(coordinates.isEmpty ? "nothing" : coordinates.joined(separator: " "))")
        }
        return (numbers[0], numbers[1])
    }
}

struct SwipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe",
        abstract: "One finger swipe: `swipe X1 Y1 X2 Y2` (a drag) or `swipe up|down|left|right X Y [--distance D]`.",
        discussion: "Both forms are the gesture-script commands `drag` and `swipe` (protocols/gesture-script.md).")

    /// Collected as they come so negative coordinates need no `--`.
    @Argument(parsing: .allUnrecognized, help: "X1 Y1 X2 Y2, or a direction and X Y (negative values allowed).")
    var arguments: [String] = []

    // The script language's swipe defaults, one place for both (protocols/gesture-script.md).
    @Option(name: .long, help: "Seconds from down to up.") var duration: Double = GestureScript.defaultSwipeDuration
    @Option(name: .long, help: "Move frames between down and up (default: one per 60 Hz frame).") var steps: Int?
    @Option(name: .long, help: "Points travelled, for the direction form.")
    var distance: Double = Double(GestureScript.defaultSwipeDistance)
    @OptionGroup var options: SourceOptions

    func validate() throws {
        _ = try scriptLine()
    }

    func run() throws {
        try ScriptPlayer.run(script: try scriptLine(), options: options)
    }

    private func scriptLine() throws -> String {
        let stepsPart = steps.map { " steps \($0)" } ?? ""
        let directions = ["up", "down", "left", "right"]
        let isDirection = arguments.first.map(directions.contains) ?? false
        guard duration.isFinite, duration > 0 else { throw ValidationError("--duration must be a positive number of seconds") }
        guard distance.isFinite else { throw ValidationError("--distance must be a finite number of points") }
        let numbers = try Coordinates.parse(Array(arguments.dropFirst(isDirection ? 1 : 0)))
        if arguments.count == 4, numbers.count == 4 {
            return "at 0 drag \(numbers[0]) \(numbers[1]) -> \(numbers[2]) \(numbers[3]) duration \(duration)\(stepsPart)\n"
        }
        if arguments.count == 3, isDirection, numbers.count == 2 {
            return
                "at 0 swipe \(arguments[0]) from \(numbers[0]) \(numbers[1]) distance \(distance) duration \(duration)\(stepsPart)\n"
        }
        throw ValidationError("expected X1 Y1 X2 Y2, or up|down|left|right X Y; got \(arguments.joined(separator: " "))")
    }
}

struct PressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "press", abstract: "Press and release a hardware button.")

    @Argument(help: "home, lock, volumeUp or volumeDown") var button: String
    @OptionGroup var options: SourceOptions

    func run() throws {
        try ScriptPlayer.run(script: "at 0.000 press \(button)\n", options: options)
    }
}

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play", abstract: "Play a gesture script (protocols/gesture-script.md) in real time.")

    @Argument(help: "The script file, or - for stdin.") var script: String
    @OptionGroup var options: SourceOptions

    func run() throws {
        let text: String
        if script == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            text = try CommandError.read(script)
        }
        try ScriptPlayer.run(script: text, file: script == "-" ? "stdin" : script, options: options)
    }
}

/// Command-line coordinates: finite numbers, checked here so a bad one is named (`'nan' is not a coordinate`)
/// instead of surfacing as an error in a gesture script the user never wrote.
enum Coordinates {
    static func parse(_ words: [String]) throws -> [Double] {
        try words.map { word in
            if word.hasPrefix("--") { throw ValidationError("unknown option '\(word)'") }
            guard let value = Double(word), value.isFinite else {
                throw ValidationError("'\(word)' is not a coordinate (a finite number of points)")
            }
            return value
        }
    }
}

/// `hid-source tap @viewId`: where a view of the foreground app is, by id. The source is the hardware and
/// knows no views: it asks springboard (`view`, protocols/control.md), which asks the foreground app over the
/// app channel; the app answers with the centre of the view, checked by hit-testing that a touch there reaches it.
enum ViewTarget {
    static func point(of id: String, options: SourceOptions) throws -> (x: Double, y: Double) {
        let client = try ControlClient(endpoint: options.controlEndpoint, timeoutMilliseconds: options.confirmTimeout)
        let reply: ControlReply
        do { reply = try client.request(.view(id: id)) } catch {
            throw CommandError.unavailable("@\(id): springboard does not answer on \(options.controlEndpoint)")
        }
        guard let view = reply.view else {
            throw ValidationError("@\(id): \(reply.error?.message ?? "springboard did not say where it is")")
        }
        return (view.x, view.y)
    }
}
