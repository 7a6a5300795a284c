import ExampleKit
import Foundation
import TouchPipelineTesting
import Testing
import UIKitModel

/// Swift Testing: the custom recognizer's state machine, read from its transitions and its action's line.
@Suite struct TwoFingerTapRecognizerTests {
    let app: TouchTestApp
    let recognizer = TwoFingerTapRecognizer()

    init() throws {
        app = try TouchTestApp()
        let canvas = UIView(frame: CGRect(x: 0, y: 300, width: 390, height: 300))
        canvas.logGroups = .actions
        recognizer.logsCalls = true
        recognizer.addTarget(.log("two-finger tap"))
        canvas.addGestureRecognizer(recognizer)
        app.window.addSubview(canvas)
    }

    @Test func twoFingersDownAndUpTogetherRecognize() throws {
        let trace = try app.play("at 0 tap 195 450 fingers 2")
        #expect(
            trace.lines == [
                "-[TwoFingerTapRecognizer touchesBegan:withEvent:]", "-[TwoFingerTapRecognizer touchesEnded:withEvent:]",
                "two-finger tap",
            ])
        #expect(trace.transitions == ["TwoFingerTapRecognizer possible → ended", "TwoFingerTapRecognizer ended → possible"])
    }

    @Test func oneFingerFailsWhenItLifts() throws {
        let trace = try app.play("at 0 tap 195 450")
        #expect(trace.transitions == ["TwoFingerTapRecognizer possible → failed", "TwoFingerTapRecognizer failed → possible"])
        #expect(!trace.lines.contains("two-finger tap"))
    }

    @Test func threeFingersFail() throws {
        let trace = try app.play("at 0 tap 195 450 fingers 3")
        #expect(trace.transitions.first == "TwoFingerTapRecognizer possible → failed")
    }

    @Test func aSlidingFingerFails() throws {
        let trace = try app.play("at 0 drag 180 450 -> 180 480 duration 0.1 fingers 2")
        #expect(trace.transitions.first == "TwoFingerTapRecognizer possible → failed")
        #expect(trace.lines.first == "-[TwoFingerTapRecognizer touchesBegan:withEvent:]")
    }

    @Test func aSlowTapFails() throws {
        let trace = try app.play("at 0 tap 195 450 fingers 2 duration 0.8")
        #expect(trace.transitions.first == "TwoFingerTapRecognizer possible → failed")
    }
}
