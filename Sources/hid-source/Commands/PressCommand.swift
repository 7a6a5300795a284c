import ArgumentParser

struct PressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "press", abstract: "Press and release a hardware button.")

    @Argument(help: "home, lock, volumeUp or volumeDown") var button: String
    @OptionGroup var options: SourceOptions

    func run() throws {
        try ScriptPlayer.run(script: "at 0.000 press \(button)\n", options: options)
    }
}
