import HeadlessApp
import HIDEvent
import RunLoopKit
import TestSupport
import UIKitModel
import XCTest

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

    /// A recognizer subclass that names itself (`traceClassName`, as a Swift subclass of UIKit's may) names its
    /// timers so in the run-loop trace, not by its Swift type.
    func testRecognizerTimerTakesTheSubclassTraceName() throws {
        final class DoubleTap: UITapGestureRecognizer {
            override var traceClassName: String { "LXFDoubleTapGestureRecognizer" }
        }
        let runner = try HeadlessAppRunner(sceneYAML: "windows:\n  - {id: w}\n")
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        (runner.scene.responder("w") as! UIWindow).addSubview(view)
        let recognizer = DoubleTap()
        recognizer.numberOfTapsRequired = 2
        view.addGestureRecognizer(recognizer)
        runner.application.trace.explains = true
        runner.traceRunLoop()
        let lines = runner.run(tap(10, 10, at: 1)).map(\.explained)
        XCTAssertEqual(
            lines.filter { $0.contains("timer fired") || $0.contains("possible → failed") },
            [
                "↻ turn 9: timer fired UIGestureEnvironment after 0.15 s [kCFRunLoopDefaultMode]",
                "↻ turn 10: timer fired LXFDoubleTapGestureRecognizer after 0.35 s [kCFRunLoopDefaultMode]",
                "   LXFDoubleTapGestureRecognizer possible → failed at t=1.400 (set by the recognizer itself)",
            ])
    }

    /// One trace record per JSON line (protocols/trace-record.md): sorted keys, absent fields left out, slashes
    /// and non-ASCII as they are, and the same record read back.
    func testJSONLines() throws {
        let line = Trace.Line(time: 1_050_000_000, text: "-[EView touchesEnded:withEvent:]")
        XCTAssertEqual(line.jsonLine, #"{"kind":"line","seq":0,"text":"-[EView touchesEnded:withEvent:]","timeNs":1050000000}"#)
        XCTAssertEqual(
            Trace.Line(time: 3_000_000_000, text: "say \"hi\"/→\n").jsonLine,
            #"{"kind":"line","seq":0,"text":"say \"hi\"/→\n","timeNs":3000000000}"#)
        var call = Trace.Line(time: 7, text: "-[CView pointInside:withEvent:]", kind: .call)
        call.sequence = 4
        call.hidEvent = 2
        call.className = "CView"
        call.selector = "pointInside:withEvent:"
        call.group = "hitTest"
        call.point = Trace.Point(x: 40, y: 10.5)
        call.result = "NO"
        call.reason = "outside bounds"
        call.app = "com.example.demo"
        call.pid = 12
        XCTAssertEqual(
            call.jsonLine,
            #"{"app":"com.example.demo","class":"CView","event":2,"group":"hitTest","kind":"call","pid":12,"#
                + #""point":{"x":40,"y":10.5},"reason":"outside bounds","result":"NO","selector":"pointInside:withEvent:","#
                + #""seq":4,"text":"-[CView pointInside:withEvent:]","timeNs":7}"#)
        XCTAssertEqual(try Trace.Line(jsonLine: call.jsonLine), call)
        XCTAssertEqual(call.explained, "-[CView pointInside:withEvent:] (40,10.5) → NO (outside bounds)")
    }
}
