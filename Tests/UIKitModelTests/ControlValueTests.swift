import Foundation
import XCTest
@testable import UIKitModel

/// Switch, slider, segmented control, stepper and page control driven by touch frames.
final class ControlValueTests: XCTestCase {
    private var driver: TouchDriver!
    private var controller: UIViewController!

    override func setUp() {
        driver = TouchDriver(size: CGSize(width: 320, height: 480))
        controller = driver.installViewController(logs: false)
    }

    /// Registers `action` on the (silent) controller; the handler writes `line()` to the trace.
    private func handle(_ action: String, _ line: @escaping () -> String) {
        let recorder = driver.recorder
        controller.registerAction(action) { _, _ in recorder.record(line()) }
    }

    func testSwitchTogglesOnTouchUpInsideAndSendsValueChanged() {
        let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 200, height: 200))
        XCTAssertEqual(toggle.bounds.size, UISwitch.fixedSize)
        toggle.logsCalls = true
        controller.view.addSubview(toggle)
        handle("switchChanged:") { "isOn = \(toggle.isOn)" }
        toggle.addTarget(controller, action: "switchChanged:", for: .valueChanged)

        driver.tap(45, 35, at: 1.0)
        XCTAssertTrue(toggle.isOn)
        driver.tap(45, 35, at: 2.0)
        XCTAssertFalse(toggle.isOn)
        let oneTap = [
            "-[UISwitch hitTest:withEvent:]", "-[UISwitch pointInside:withEvent:]",
            "-[UISwitch beginTrackingWithTouch:withEvent:]",
            "-[UISwitch hitTest:withEvent:]", "-[UISwitch pointInside:withEvent:]",
            "-[UISwitch endTrackingWithTouch:withEvent:]",
        ]
        XCTAssertEqual(driver.trace, oneTap + ["isOn = true"] + oneTap + ["isOn = false"])
    }

    func testSwitchKnobDragEndsOnTheSideTheFingerLifts() {
        let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        controller.view.addSubview(toggle)
        handle("switchChanged:") { "isOn = \(toggle.isOn)" }
        toggle.addTarget(controller, action: "switchChanged:", for: .valueChanged)
        // Knob at the left (off); drag it to the right end and back again before lifting: stays off.
        driver.drag(from: CGPoint(x: 35, y: 35), to: CGPoint(x: 65, y: 35), at: 1.0, duration: 0.2, steps: 4)
        XCTAssertTrue(toggle.isOn)
        driver.down(60, 35, at: 2.0)
        driver.move(30, 35, at: 2.1)
        driver.move(62, 35, at: 2.2)
        driver.up(62, 35, at: 2.3)
        XCTAssertTrue(toggle.isOn, "a knob drag that ends on the on side leaves it on, though a tap would toggle")
        XCTAssertEqual(driver.trace, ["isOn = true"])
    }

    func testContinuousSliderSendsValueChangedOnEveryMoveWhileTracking() {
        // Track 231 points wide: the thumb's centre travels 200 points from 0 to 100.
        let slider = UISlider(frame: CGRect(x: 10, y: 200, width: 231, height: 31))
        slider.maximumValue = 100
        controller.view.addSubview(slider)
        handle("sliderChanged:") { "value = \(slider.value) tracking = \(slider.isTracking)" }
        slider.addTarget(controller, action: "sliderChanged:", for: .valueChanged)
        // Grab the thumb (centre x 25.5 in window space) and drag right by 50, 100, then 300 (clamped).
        driver.down(26, 215, at: 1.0)
        driver.move(76, 215, at: 1.1)
        driver.move(126, 230, at: 1.2)
        driver.move(426, 215, at: 1.3)
        driver.move(426, 240, at: 1.35)  // no change at the end of the track: no message
        driver.up(426, 240, at: 1.4)
        XCTAssertEqual(
            driver.trace,
            [
                "value = 25.0 tracking = true", "value = 50.0 tracking = true", "value = 100.0 tracking = true",
            ])
        XCTAssertEqual(slider.value, 100)
    }

    func testNonContinuousSliderSendsOneValueChangedFromEndTracking() {
        let slider = UISlider(frame: CGRect(x: 10, y: 200, width: 231, height: 31))
        slider.maximumValue = 100
        slider.isContinuous = false
        slider.logsCalls = true
        controller.view.addSubview(slider)
        handle("sliderChanged:") { "value = \(slider.value)" }
        slider.addTarget(controller, action: "sliderChanged:", for: .valueChanged)
        driver.drag(from: CGPoint(x: 26, y: 215), to: CGPoint(x: 126, y: 215), at: 1.0, duration: 0.2, steps: 2)
        XCTAssertEqual(
            driver.trace.filter { !$0.contains("hitTest") && !$0.contains("pointInside") },
            [
                "-[UISlider beginTrackingWithTouch:withEvent:]",
                "-[UISlider continueTrackingWithTouch:withEvent:]",
                "-[UISlider continueTrackingWithTouch:withEvent:]",
                "-[UISlider endTrackingWithTouch:withEvent:]",
                "value = 50.0",
            ])
    }

    func testSliderIgnoresATouchOnTheTrackAwayFromTheThumb() {
        let slider = UISlider(frame: CGRect(x: 10, y: 200, width: 231, height: 31))
        controller.view.addSubview(slider)
        handle("sliderAction:") { "value = \(slider.value)" }
        slider.addTarget(controller, action: "sliderAction:", for: [.valueChanged, .touchDown])
        driver.drag(from: CGPoint(x: 150, y: 215), to: CGPoint(x: 200, y: 215), at: 1.0, duration: 0.2, steps: 2)
        XCTAssertEqual(driver.trace, [])
        XCTAssertEqual(slider.value, 0)
    }

    func testSegmentedControlSelectsTheSegmentUnderTheLiftedTouch() {
        let segmented = UISegmentedControl(frame: CGRect(x: 10, y: 300, width: 300, height: 32), items: ["A", "B", "C"])
        controller.view.addSubview(segmented)
        handle("segmentChanged:") { "selected \(segmented.selectedSegmentIndex)" }
        segmented.addTarget(controller, action: "segmentChanged:", for: .valueChanged)
        driver.tap(250, 310, at: 1.0)
        driver.tap(260, 310, at: 2.0)  // same segment: no change, no message
        driver.tap(20, 310, at: 3.0)
        XCTAssertEqual(driver.trace, ["selected 2", "selected 0"])
    }

    func testStepperStepsOnTouchDownAndAutorepeatsOnTheRunLoop() {
        let stepper = UIStepper(frame: CGRect(x: 100, y: 400, width: 0, height: 0))
        stepper.maximumValue = 5
        controller.view.addSubview(stepper)
        handle("stepperChanged:") { "value = \(stepper.value)" }
        stepper.addTarget(controller, action: "stepperChanged:", for: .valueChanged)
        driver.down(180, 410, at: 1.0)  // "+" half
        XCTAssertEqual(driver.trace, ["value = 1.0"])
        driver.advance(to: 1.45)  // before the 0.5 s autorepeat delay: nothing
        XCTAssertEqual(driver.trace.count, 1)
        driver.advance(to: 1.75)  // fires at 1.5, 1.6, 1.7
        XCTAssertEqual(driver.trace, ["value = 1.0", "value = 2.0", "value = 3.0", "value = 4.0"])
        driver.advance(to: 2.5)  // 5 is the maximum: one more step, then it stops
        driver.up(180, 410, at: 2.6)
        XCTAssertEqual(driver.trace.last, "value = 5.0")
        XCTAssertEqual(driver.trace.count, 5)
        driver.tap(110, 410, at: 3.0)  // "-" half
        XCTAssertEqual(driver.trace.last, "value = 4.0")
    }

    func testPageControlTapMovesOnePageTowardsTheTappedSide() {
        let pages = UIPageControl(frame: CGRect(x: 0, y: 440, width: 320, height: 30))
        pages.numberOfPages = 5
        pages.currentPage = 2
        controller.view.addSubview(pages)
        handle("pageChanged:") { "page \(pages.currentPage)" }
        pages.addTarget(controller, action: "pageChanged:", for: .valueChanged)
        driver.tap(300, 455, at: 1.0)
        driver.tap(10, 455, at: 2.0)
        driver.tap(10, 455, at: 3.0)
        XCTAssertEqual(driver.trace, ["page 3", "page 2", "page 1"])
    }
}
