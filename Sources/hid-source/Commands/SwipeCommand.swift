import ArgumentParser
import GestureScript

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
