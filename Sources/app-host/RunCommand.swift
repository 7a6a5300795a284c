import AppHostCore
import AppScene
import ArgumentParser
import CommandLineSupport
import Foundation
import GestureScript
import HIDEvent
import TouchRecording

/// `app-host run SCENE.yaml --input FILE [--json]`: runs the app in-process (no sockets) on a manual clock,
/// feeding the input through the app's own source1 → source0 → event queue path, and prints every call the
/// dispatch rules make, one per line, as it happens. The input is a gesture script or an evemu recording,
/// told apart by content.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a scene headless with a gesture script and print the trace.")

    @Argument(help: "The scene file (YAML, see protocols/scene-format.md).")
    var scene: String

    @Option(
        name: .long,
        help: "A gesture script (protocols/gesture-script.md) or an evemu recording (protocols/evemu-replay.md).")
    var input: String

    @OptionGroup(title: "Recordings") var recording: RecordingOptions

    @Flag(name: .long, help: "Print JSON lines with the app clock time of each call.")
    var json = false

    @Option(name: .long, help: "Seconds to keep running after the last scripted event, so pending timers fire.")
    var settle: Double = 1

    func validate() throws {
        guard settle >= 0, settle <= 3600 else { throw ValidationError("--settle must be between 0 and 3600 seconds") }
    }

    func run() throws {
        let frames = try loadInput()
        let runner: HeadlessAppRunner
        do {
            runner = try HeadlessAppRunner(sceneURL: URL(fileURLWithPath: scene))
        } catch let error as SceneError {
            throw CommandFailure(SceneFile.located(error, in: scene))
        }
        let json = self.json
        runner.application.trace.onRecord = { line in print(json ? line.jsonLine : line.text) }
        runner.run(frames, settle: UInt64((settle * 1_000_000_000).rounded()))
    }

    /// The input's frames: a recording when its content is evemu's, else a gesture script.
    private func loadInput() throws -> [TimedHIDPayload] {
        let text: String
        do {
            text = try String(contentsOfFile: input, encoding: .utf8)
        } catch {
            throw CommandFailure("cannot read \(input): \(error.localizedDescription)")
        }
        if EvemuRecording.isEvemu(text[...]) {
            do {
                return try recording.payloads(of: RecordingOptions.load(input))
            } catch let error as ValidationError {
                throw CommandFailure(error.message)
            }
        }
        do {
            return try GestureScript.parse(text).frames()
        } catch {
            throw CommandFailure("\(input): \(error)")
        }
    }
}
