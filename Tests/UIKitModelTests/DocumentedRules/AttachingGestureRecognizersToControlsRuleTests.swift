import Foundation
import XCTest
@testable import UIKitModel

/// developer.apple.com/documentation/uikit/attaching-gesture-recognizers-to-uikit-controls: "Events occurring
/// within the bounds of a control are handled by the control first" for a single-finger single tap on a
/// button, switch, stepper, segmented control or page control, a single-finger swipe on a slider's knob
/// parallel to the slider, and a single-finger pan on a switch's knob parallel to the switch; "To handle any
/// of the preceding gestures before the control calls its action method, install your gesture recognizer on
/// the control itself." The tap and swipe cases are ControlGesturePrecedenceTests (listed in
/// docs/event-delivery.md); these are the switch's pan, both ways, as exact traces.
final class AttachingGestureRecognizersToControlsRuleTests: XCTestCase {
    private var driver: TouchDriver!
    private var controller: UIViewController!
    private var blue: UIView!
    private var toggle: UISwitch!

    override func setUp() {
        driver = TouchDriver(size: CGSize(width: 320, height: 480))
        controller = driver.installViewController(logs: false)
        blue = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        controller.view.addSubview(blue)
        toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        toggle.logGroups = [.tracking]
        let recorder = driver.recorder
        controller.registerAction("switchChanged:") { [weak toggle] _, _ in
            recorder.record("switched \(toggle?.isOn ?? false)")
        }
        toggle.addTarget(controller, action: "switchChanged:", for: .valueChanged)
        blue.addSubview(toggle)
    }

    private var timedTrace: [String] {
        driver.recorder.lines.map { String(format: "%.3f ", Double($0.time) / 1e9) + $0.text }
    }

    /// A pan on the switch's ancestor, the finger dragging the knob along the switch: the switch wins (the
    /// pan is refused at its 10-point hysteresis) and the knob ends on the side the finger lifts.
    func testThePanOnTheSwitchsKnobIsTheSwitchsNotTheAncestorsPan() {
        let pan = UIPanGestureRecognizer(action: .log("Panned"))
        blue.addGestureRecognizer(pan)
        driver.drag(from: CGPoint(x: 35, y: 35), to: CGPoint(x: 65, y: 37), at: 1.0, duration: 0.2, steps: 4)
        XCTAssertEqual(
            timedTrace,
            [
                "1.000 -[UISwitch beginTrackingWithTouch:withEvent:]",
                "1.050 -[UISwitch continueTrackingWithTouch:withEvent:]",
                "1.100 -[UISwitch continueTrackingWithTouch:withEvent:]",
                "1.150 -[UISwitch continueTrackingWithTouch:withEvent:]",
                "1.200 -[UISwitch continueTrackingWithTouch:withEvent:]",
                "1.200 -[UISwitch endTrackingWithTouch:withEvent:]",
                "1.200 switched true",
            ])
        XCTAssertEqual(pan.state, .possible, "failed, then reset")
    }

    /// The same pan attached to the switch itself wins: it begins once the finger has moved 15 points (past
    /// its 10-point hysteresis), the switch is cancelled and does not change; changed at each move, ended
    /// at the lift.
    func testAPanOnTheSwitchItselfWins() {
        let pan = UIPanGestureRecognizer(action: .log("Panned"))
        toggle.addGestureRecognizer(pan)
        driver.drag(from: CGPoint(x: 35, y: 35), to: CGPoint(x: 65, y: 37), at: 1.0, duration: 0.2, steps: 4)
        XCTAssertEqual(
            timedTrace,
            [
                "1.000 -[UISwitch beginTrackingWithTouch:withEvent:]",
                "1.050 -[UISwitch continueTrackingWithTouch:withEvent:]",
                "1.100 Panned",
                "1.100 -[UISwitch cancelTrackingWithEvent:]",
                "1.150 Panned",
                "1.200 Panned",
                "1.200 Panned",
            ])
        XCTAssertFalse(toggle.isOn)
    }
}
