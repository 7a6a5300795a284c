import ArgumentParser
import CommandLineSupport

/// `hid-source replay FILE`: an evemu recording (multitouch protocol B) sent to springboard as HID frames,
/// in real time or scaled by `--speed` (protocols/evemu-replay.md).
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay", abstract: "Replay an evemu touchscreen recording (protocols/evemu-replay.md).")

    @Argument(help: "The recording (evemu text, recognised by its content).") var file: String
    @OptionGroup var recording: RecordingOptions
    @OptionGroup var options: SourceOptions

    func run() throws {
        let frames = try recording.payloads(of: RecordingOptions.load(file))
        try ScriptPlayer.run(frames: frames, options: options)
    }
}
