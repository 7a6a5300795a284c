import AppHostCore
import Foundation
import TestSupport
import TouchRecording
import XCTest

/// A real recording through the real processes (`hid-source replay` → springboard → app-host, in real time)
/// gives the trace the headless runner gives (`app-host run --input`): the processes add routing and nothing
/// else, whatever the input's source.
final class RecordingScenarioTests: XCTestCase {
    func testAReplayedDragGivesTheHeadlessTraceThroughTheProcesses() throws {
        let scene = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/touch-panel.yaml")
        let file = try EvemuRecording.recordingsDirectory()
            .appendingPathComponent("evemu-devices/ep0430m09.1-finger-drag-up-down.events")

        // hid-source replay's default mapping: a 390 x 844 screen, the device fitted with its aspect kept.
        let runner = try HeadlessAppRunner(sceneURL: scene)
        let mapping = RecordingMapping(screen: CGSize(width: 390, height: 844), fit: .aspect)
        let headless = runner.run(try EvemuRecording(contentsOf: file).timedPayloads(mapping: mapping)).map(\.text)
        XCTAssertEqual(headless.filter { $0.hasPrefix("Panned") }.count, 171)
        XCTAssertEqual(headless.filter { $0 == "-[TouchPanel touchesCancelled:withEvent:]" }.count, 1)

        // Backpressure: springboard never coalesces moves, so the app sees every frame as headless does.
        let live = try LiveDriver(springboardArguments: ["--overload", "backpressure"])
        defer { live.tearDown() }
        try live.launch(scene: scene.path, bundleID: "com.touchpipeline.touch-panel")
        XCTAssertEqual(try live.replay(file.path), headless)
    }
}
