import AppHostCore
import AppScene
import ArgumentParser
import Foundation
import GestureScript

/// `app-host run SCENE.yaml --input SCRIPT [--json]`: runs the app in-process (no sockets) on a manual clock,
/// feeding the gesture script through the app's own source1 → source0 → event queue path, and prints every
/// call the dispatch rules make, one per line, as it happens.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a scene headless with a gesture script and print the trace.")

    @Argument(help: "The scene file (YAML, see protocols/scene-format.md).")
    var scene: String

    @Option(name: .long, help: "The gesture script to play (see protocols/gesture-script.md).")
    var input: String

    @Flag(name: .long, help: "Print one JSON trace record per line (protocols/trace-record.md), explained.")
    var json = false

    @Flag(
        name: .long,
        help: "Explain each line: arguments, results and reasons, event headers, hit-test passes, recognizer transitions.")
    var explain = false

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

    @Option(name: .long, help: "Seconds to keep running after the last scripted event, so pending timers fire.")
    var settle: Double = 1

    func validate() throws {
        guard settle >= 0, settle <= 3600 else { throw ValidationError("--settle must be between 0 and 3600 seconds") }
        _ = try TraceOutput(json: json, explain: explain, only: only)
    }

    func run() throws {
        let script = try loadScript()
        let runner: HeadlessAppRunner
        do {
            runner = try HeadlessAppRunner(sceneURL: URL(fileURLWithPath: scene))
        } catch let error as SceneError {
            throw CommandFailure(SceneFile.located(error, in: scene))
        }
        let output = try TraceOutput(json: json, explain: explain, only: only)
        for warning in runner.scene.warnings { printWarning(warning.located(in: scene)) }
        for warning in script.warnings() { printWarning("\(input): \(warning)") }
        let problems = runner.problems(in: script)
        guard problems.isEmpty else { throw CommandFailure("\(input): " + problems.joined(separator: "; ")) }
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
        runner.run(script, settle: UInt64((settle * 1_000_000_000).rounded()))
        if let timeline, let collector {
            do {
                try TimelineExport.json(collector).write(to: URL(fileURLWithPath: timeline))
            } catch {
                throw CommandFailure("cannot write \(timeline): \(error.localizedDescription)")
            }
        }
    }

    private func loadScript() throws -> GestureScript {
        let text: String
        do {
            text = try String(contentsOfFile: input, encoding: .utf8)
        } catch {
            throw CommandFailure("cannot read \(input): \(error.localizedDescription)")
        }
        do {
            return try GestureScript.parse(text)
        } catch {
            throw CommandFailure("\(input): \(error)")
        }
    }
}
