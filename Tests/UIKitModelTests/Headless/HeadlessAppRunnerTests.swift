import XCTest
import AppHostCore
import HIDEvent
import RunLoopKit
import TestSupport
import UIKitModel

/// The runner feeds HID payloads through an InProcessPort (the app's source1), on a manual clock.
final class HeadlessAppRunnerTests: XCTestCase {
    private func runner(_ scene: String) throws -> HeadlessAppRunner {
        try HeadlessAppRunner(sceneURL: SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/\(scene).yaml"))
    }

    private func tap(_ x: Float, _ y: Float, at seconds: Double) -> [TimedHIDPayload] {
        HIDFrames.tap(x, y, at: seconds).map { TimedHIDPayload(time: $0.envelope.timestamps.hardware, payload: $0.payload) }
    }

    func testTapOnEThroughThePort() throws {
        let runner = try runner("abcdef")
        let lines = runner.run(tap(115, 495, at: 1))
        let pass = ABCDEFTraceTests.hitTestPassToE
        XCTAssertEqual(
            lines.map(\.text), pass + ["-[EView touchesBegan:withEvent:]"] + pass + ["-[EView touchesEnded:withEvent:]"])
        XCTAssertEqual(lines.map(\.time), Array(repeating: 1_000_000_000, count: 9) + Array(repeating: 1_050_000_000, count: 9))
        XCTAssertEqual(runner.clock.now, 2_050_000_000, "settles one second after the last input")
    }

    func testTimersDueBetweenFramesFireInOrder() throws {
        let runner = try runner("abcdef")
        let app = runner.application
        app.runLoop.add(RunLoopTimer(fireAt: 1_020_000_000) { _ in app.trace.record("timer at 1.02") }, mode: .common)
        app.runLoop.add(RunLoopTimer(fireAt: 1_500_000_000) { _ in app.trace.record("timer at 1.5") }, mode: .common)
        let lines = runner.run(tap(115, 495, at: 1), settle: 200_000_000)
        XCTAssertEqual(lines[9].text, "timer at 1.02")
        XCTAssertEqual(lines[9].time, 1_020_000_000)
        XCTAssertEqual(lines[10].text, "-[AView hitTest:withEvent:]")
        XCTAssertEqual(lines.last?.text, "-[EView touchesEnded:withEvent:]", "1.5 is after the settle time")
    }

    func testMessagesAreStampedAndSequenced() throws {
        final class Probe: UIView {
            var timestamps: [TimeInterval] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { timestamps.append(event!.timestamp) }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { timestamps.append(event!.timestamp) }
        }
        let runner = try HeadlessAppRunner(sceneYAML: "windows:\n  - {id: w}\n")
        let probe = Probe(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        (runner.scene.responder("w") as! UIWindow).addSubview(probe)
        runner.run(tap(10, 10, at: 0.25) + tap(10, 10, at: 0.5))
        XCTAssertEqual(probe.timestamps, [0.25, 0.3, 0.5, 0.55])
    }

    func testJSONLines() {
        let line = UITraceLine(time: 1_050_000_000, text: "-[EView touchesEnded:withEvent:]")
        XCTAssertEqual(line.jsonLine, #"{"line":"-[EView touchesEnded:withEvent:]","time":1.05,"timeNs":1050000000}"#)
        XCTAssertEqual(
            UITraceLine(time: 3_000_000_000, text: "say \"hi\"\n").jsonLine,
            #"{"line":"say \"hi\"\n","time":3.0,"timeNs":3000000000}"#)
        XCTAssertEqual(UITraceLine(time: 7, text: "x").jsonLine, #"{"line":"x","time":0.000000007,"timeNs":7}"#)
    }
}
