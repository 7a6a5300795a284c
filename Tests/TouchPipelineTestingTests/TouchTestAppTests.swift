import AppScene
import GestureScript
import TouchPipelineTesting
import UIKitModel
import XCTest

/// The testing library as a dependent uses it: a window built in Swift, subclasses of the dependent's own,
/// a gesture script or a recording played, and the trace read three ways.
final class TouchTestAppTests: XCTestCase {
    /// Logs its touch methods as an override with NSLog would, and writes a line when tapped.
    final class Button: UIView {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            traceCall("touchesBegan:withEvent:", group: .touches, touches: touches)
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            traceCall("touchesEnded:withEvent:", group: .touches, touches: touches)
            traceLine("Button tapped")
        }

        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            traceCall("touchesCancelled:withEvent:", group: .touches, touches: touches)
        }
    }

    private func app() throws -> (TouchTestApp, Button) {
        let app = try TouchTestApp()
        let button = Button(frame: CGRect(x: 100, y: 100, width: 80, height: 40))
        button.logGroups = [.touches, .hitTest, .actions]
        app.window.addSubview(button)
        return (app, button)
    }

    func testATapOnASwiftSubclassGivesItsExactLinesAndTheExplainedRecords() throws {
        let (app, _) = try app()
        let trace = try app.play("at 0 tap 120 110")
        XCTAssertEqual(
            trace.lines,
            [
                "-[Button hitTest:withEvent:]", "-[Button pointInside:withEvent:]", "-[Button touchesBegan:withEvent:]",
                "-[Button hitTest:withEvent:]", "-[Button pointInside:withEvent:]", "-[Button touchesEnded:withEvent:]",
                "Button tapped",
            ])
        XCTAssertEqual(
            trace.explained,
            [
                "── t=0.000 event#1 touch#1 began (120,110) → Button",
                "   hit-test pass for touch#1 at began: chooses the view",
                "-[Button hitTest:withEvent:] (20,10) → Button",
                "-[Button pointInside:withEvent:] (20,10) → YES",
                "-[Button touchesBegan:withEvent:] touch#1 began (120,110)",
                "── t=0.050 event#2 touch#1 ended (120,110) → Button",
                "   hit-test pass again for touch#1 at ended: UIKit repeats it and discards the answer (the touch stays "
                    + "with Button)",
                "-[Button hitTest:withEvent:] (20,10) → Button",
                "-[Button pointInside:withEvent:] (20,10) → YES",
                "-[Button touchesEnded:withEvent:] touch#1 ended (120,110)",
                "Button tapped",
            ])
        XCTAssertEqual(trace.calls(to: "Button").count, 6)
        XCTAssertEqual(app.trace, trace)
    }

    func testASecondPlayContinuesOnTheClockAndReturnsOnlyItsOwnRecords() throws {
        let (app, _) = try app()
        try app.play("at 0 tap 120 110")
        let second = try app.tap(10, 10)  // the window's background: the button is asked, and says no
        XCTAssertEqual(
            second.lines,
            [
                "-[Button hitTest:withEvent:]", "-[Button pointInside:withEvent:]", "-[Button hitTest:withEvent:]",
                "-[Button pointInside:withEvent:]",
            ])
        XCTAssertEqual(second.explained[2], "-[Button hitTest:withEvent:] (-90,-90) → nil (pointInside NO)")
        XCTAssertEqual(app.application.runLoop.clock.now, 2_100_000_000)  // 0.05 + 1 s settle, twice
        XCTAssertEqual(app.trace.lines.filter { $0 == "Button tapped" }.count, 1)
        app.resetTrace()
        XCTAssertEqual(app.trace.records, [])
    }

    func testRecognizerTransitionsAreReadWithTheirCauses() throws {
        let (app, button) = try app()
        let tap = UITapGestureRecognizer()
        tap.addTarget(.log("Tapped"))
        tap.logGroups = .all
        button.addGestureRecognizer(tap)
        let trace = try app.play("at 0 tap 120 110")
        XCTAssertEqual(
            trace.transitions, ["UITapGestureRecognizer possible → ended", "UITapGestureRecognizer ended → possible"])
        XCTAssertEqual(
            trace.lines,
            [
                "-[Button hitTest:withEvent:]", "-[Button pointInside:withEvent:]",
                "-[UITapGestureRecognizer touchesBegan:withEvent:]", "-[Button touchesBegan:withEvent:]",
                "-[Button hitTest:withEvent:]", "-[Button pointInside:withEvent:]",
                "-[UITapGestureRecognizer touchesEnded:withEvent:]", "Tapped",
                "-[Button touchesCancelled:withEvent:]",
            ])
    }

    func testARecordingIsPlacedOnTheWindowAndPlayed() throws {
        let (app, _) = try app()
        // A 1000×500 panel stretched over 390×844: device (350, 65) is window (136.5, 109.7), on the button.
        let recording = """
            # EVEMU 1.3
            N: Test Panel
            A: 2f 0 9 0 0 0
            A: 35 0 1000 0 0 10
            A: 36 0 500 0 0 10
            A: 39 0 65535 0 0 0
            E: 1.000000 0003 0039 7
            E: 1.000000 0003 0035 350
            E: 1.000000 0003 0036 65
            E: 1.000000 0000 0000 0
            E: 1.060000 0003 0039 -1
            E: 1.060000 0000 0000 0

            """
        let trace = try app.play(recording: recording)
        XCTAssertEqual(trace.lines.last, "Button tapped")
        let point = try XCTUnwrap(trace.records.first { $0.kind == .event }?.point)
        XCTAssertEqual(point.x, 136.5)
        XCTAssertEqual(point.y, 109.72, accuracy: 0.001)
    }

    func testABadScriptIsAnErrorThatNamesTheLine() throws {
        let (app, _) = try app()
        XCTAssertThrowsError(try app.play("at 0 sendActions button touchUpInside")) { error in
            XCTAssertEqual(
                "\(error)", "the script cannot run in this app: sendActions button: no control with that id in the scene")
        }
        XCTAssertEqual(app.trace.records, [], "nothing was played")
        XCTAssertThrowsError(try app.play("tap here")) { error in
            XCTAssertEqual(
                "\(error)", "gesture script: line 1, column 1: expected 'at' and a time in seconds, found 'tap'")
        }
    }
}
