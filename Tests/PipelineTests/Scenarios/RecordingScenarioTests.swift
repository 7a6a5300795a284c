import Foundation
import HeadlessApp
import TestSupport
import TouchRecording
import XCTest

/// A real recording through the real processes (`hid-source replay` → springboard → app-host, in real time)
/// gives the trace the headless runner gives (`app-host run --input`): the processes add routing and nothing
/// else, whatever the input's source.
final class RecordingScenarioTests: XCTestCase {
    private let scene = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/touch-panel.yaml")

    private func drag() throws -> URL {
        try EvemuRecording.recordingsDirectory().appendingPathComponent("evemu-devices/ep0430m09.1-finger-drag-up-down.events")
    }

    /// `app-host run --input FILE`: hid-source replay's default mapping, a 390 x 844 screen with the device
    /// fitted, its aspect kept.
    private func headless(_ file: URL) throws -> [String] {
        let runner = try HeadlessAppRunner(sceneURL: scene)
        let mapping = RecordingMapping(screen: CGSize(width: 390, height: 844), fit: .aspect)
        return runner.run(try EvemuRecording(contentsOf: file).timedPayloads(mapping: mapping)).map(\.text)
    }

    func testAReplayedDragGivesTheHeadlessTraceThroughTheProcesses() throws {
        let file = try drag()
        let headless = try headless(file)
        XCTAssertEqual(headless.filter { $0.hasPrefix("Panned") }.count, 171)
        XCTAssertEqual(headless.filter { $0 == "-[TouchPanel touchesCancelled:withEvent:]" }.count, 1)

        // Backpressure: springboard never coalesces moves, so the app sees every frame as headless does.
        let live = try LiveDriver(springboardArguments: ["--overload", "backpressure"])
        defer { live.tearDown() }
        try live.launch(scene: scene.path, bundleID: "com.touchpipeline.touch-panel")
        XCTAssertEqual(try live.replay(file.path), headless)
    }

    /// `hid-source record` between the replay and springboard: the app gets what it gets without it, and the
    /// file it writes (live hardware times, positions to 0.001 point) plays back headless to the same trace.
    func testWhatSpringboardReceivesIsRecordedAndPlaysBackTheSame() throws {
        let file = try drag()
        let live = try LiveDriver(springboardArguments: ["--overload", "backpressure"])
        defer { live.tearDown() }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tp-record-\(getpid()).evemu")
        defer { try? FileManager.default.removeItem(at: out) }
        try live.launch(scene: scene.path, bundleID: "com.touchpipeline.touch-panel")
        let trace = try live.replay(file.path, recordingTo: out.path)
        let original = try headless(file)
        XCTAssertEqual(trace, original)
        XCTAssertEqual(try EvemuRecording(contentsOf: out).frames.count, try EvemuRecording(contentsOf: file).frames.count)
        XCTAssertEqual(try headless(out), original)
    }
}
