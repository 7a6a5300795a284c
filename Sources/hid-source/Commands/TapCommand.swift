import ArgumentParser

struct TapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tap", abstract: "One finger down and up at X Y (points).")

    /// Collected as they come so a negative coordinate (`tap -5 10`) needs no `--`.
    @Argument(parsing: .allUnrecognized, help: "X Y in points (negative values allowed).")
    var coordinates: [String] = []
    @OptionGroup var options: SourceOptions

    func validate() throws {
        _ = try point()
    }

    func run() throws {
        let (x, y) = try point()
        try ScriptPlayer.run(script: "at 0.000 tap \(x) \(y)\n", options: options)
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
