import ArgumentParser
import Foundation

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
            do { text = try String(contentsOfFile: script, encoding: .utf8) } catch {
                throw ValidationError("cannot read \(script): \(error.localizedDescription)")
            }
        }
        try ScriptPlayer.run(script: text, file: script == "-" ? "stdin" : script, options: options)
    }
}
