import AppScene
import AppTimeline
import ArgumentParser
import CommandLineSupport
import Explorer
import Foundation
import GestureScript
import HeadlessApp
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
    @OptionGroup(title: "Display") var display: DisplayOptions

    @Flag(name: .long, help: "Print one JSON trace record per line (protocols/trace-record.md), explained.")
    var json = false

    @Flag(
        name: .long,
        help: "Explain each line: arguments, results and reasons, event headers, hit-test passes, recognizer transitions.")
    var explain = false

    @Flag(
        inversion: .prefixedNo,
        help: "Start each plain line with its time on the app's clock in seconds, as protocols/puzzles.md shows traces.")
    var times = true

    @Option(
        name: .long,
        help:
            "Print only these groups, comma-separated (touches, hitTest, tracking, actions, scrolling, motion, presses, delegate, recognizers, events)."
    )
    var only: String?

    @Flag(name: .long, help: "Explained traces show each run-loop callout the calls ran in (turn, source1, source0, timer).")
    var runLoop = false

    @Option(name: .long, help: "Also write the run as Chrome trace-event JSON (Perfetto, chrome://tracing) to this file.")
    var timeline: String?

    @Option(
        name: .long,
        help: "Also write the run as a static explorer page (HTML, no server needed): scrub through its steps in a browser.")
    var html: String?

    @Option(name: .long, help: "Seconds to keep running after the last scripted event, so pending timers fire.")
    var settle: Double = 1

    func validate() throws {
        guard settle >= 0, settle <= 3600 else { throw ValidationError("--settle must be between 0 and 3600 seconds") }
        _ = try TraceOutput(json: json, explain: explain, only: only)
    }

    func run() throws {
        let runner = try SceneFile.runner(scene)
        display.apply(to: runner.application)
        let input = try loadInput()
        let output = try TraceOutput(json: json, explain: explain, only: only, times: times)
        for warning in runner.scene.warnings { printWarning(warning.located(in: scene)) }
        if case .script(let script) = input {
            for warning in script.warnings() { printWarning("\(self.input): \(warning)") }
            let problems = runner.problems(in: script)
            guard problems.isEmpty else {
                throw CommandError.dataError("\(self.input): " + problems.joined(separator: "; "))
            }
        }
        let trace = runner.application.trace
        let collector = timeline.map { _ in TimelineCollector(processName: runner.application.bundleIdentifier) }
        if let collector { runner.record(into: collector) }
        if runLoop { runner.traceRunLoop() }
        trace.explains = output.explains || collector != nil
        // What the scene's `onLoad` steps printed, then every record as it completes.
        for line in trace.lines {
            output.print(line)
            collector?.add(line)
        }
        trace.retainsLines = false
        trace.onRecord = { line in
            output.print(line)
            collector?.add(line)
        }
        let settle = UInt64((settle * 1_000_000_000).rounded())
        switch input {
        case .script(let script): runner.run(script, settle: settle)
        case .recording(let frames): runner.run(frames, settle: settle)
        }
        // With a display: frames, samples and touch-to-present on the manual clock (stderr under --json).
        for line in runner.displayReport() ?? [] {
            if json { FileHandle.standardError.write(Data((line + "\n").utf8)) } else { print(line) }
        }
        if let html { try writeHTML(html) }
        if let timeline, let collector {
            do {
                try TimelineExport.json(collector).write(to: URL(fileURLWithPath: timeline))
            } catch {
                throw CommandError.cannotCreate("cannot write \(timeline): \(error.localizedDescription)")
            }
        }
    }

    /// The same input played again by the explorer (each frame a step with its hit-tests and explained trace),
    /// written as one self-contained page.
    private func writeHTML(_ path: String) throws {
        let session = try HeadlessSession(scenes: [URL(fileURLWithPath: scene)])
        // The screens as the run starts (a step that changes one carries the new picture).
        let hello = session.hello()
        let run: ExplorerMessage
        do {
            run = try session.handle(.play(name: input, text: try CommandError.read(input)))
        } catch {
            throw CommandError.dataError("\(input): \(error)")
        }
        do {
            try ExplorerPage.staticHTML(hello: hello, run: run).write(
                to: URL(fileURLWithPath: path), atomically: true, encoding: .utf8)
        } catch {
            throw CommandError.cannotCreate("cannot write \(path): \(error)")
        }
    }

    /// What `--input` holds: a recording's frames, or a gesture script (frames and in-app steps).
    private enum Input {
        case script(GestureScript)
        case recording([TimedHIDPayload])
    }

    /// A recording when the input's content is evemu's, else a gesture script.
    private func loadInput() throws -> Input {
        let text = try CommandError.read(input)
        if EvemuRecording.isEvemu(text[...]) {
            return .recording(try recording.payloads(of: RecordingOptions.load(input)))
        }
        do {
            return .script(try GestureScript.parse(text))
        } catch {
            throw CommandError.dataError("\(input): \(error)")
        }
    }
}
