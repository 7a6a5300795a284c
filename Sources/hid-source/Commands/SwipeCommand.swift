import ArgumentParser

struct SwipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe", abstract: "One finger down at X1 Y1, moved to X2 Y2, lifted (a drag of the gesture-script format).")

    @Argument(help: "start x") var x1: Double
    @Argument(help: "start y") var y1: Double
    @Argument(help: "end x") var x2: Double
    @Argument(help: "end y") var y2: Double
    @Option(name: .long, help: "Seconds from down to up.") var duration: Double = 0.3
    @Option(name: .long, help: "Move frames between down and up.") var steps: Int = 10
    @OptionGroup var options: SourceOptions

    func run() throws {
        try ScriptPlayer.run(script: "at 0.000 drag \(x1) \(y1) -> \(x2) \(y2) duration \(duration) steps \(steps)\n", options: options)
    }
}
