import ArgumentParser

struct TapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tap", abstract: "One finger down and up at X Y (points).")

    @Argument(help: "x in points") var x: Double
    @Argument(help: "y in points") var y: Double
    @OptionGroup var options: SourceOptions

    func run() throws {
        try ScriptPlayer.run(script: "at 0.000 tap \(x) \(y)\n", options: options)
    }
}
