import ArgumentParser

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
