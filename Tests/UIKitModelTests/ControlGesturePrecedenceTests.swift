import Foundation
import XCTest
@testable import UIKitModel

/// event-delivery.md section 6: a standard control's default action beats an overlapping recognizer on one
/// of its ancestors (only when that recognizer cancels touches in view); a recognizer on the control itself
/// wins; custom controls get no precedence.
final class ControlGesturePrecedenceTests: XCTestCase {
    private var driver: TouchDriver!
    private var controller: UIViewController!
    /// The blue view: holds the controls; recognizers go on it (the ancestor) or on the control.
    private var blue: UIView!

    override func setUp() {
        driver = TouchDriver(size: CGSize(width: 320, height: 480))
        controller = driver.installViewController()
        blue = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        blue.traceClassNameOverride = "BlueView"
        controller.view.addSubview(blue)
        let recorder = driver.recorder
        controller.registerAction("buttonTapped:") { _, _ in recorder.record("Button Tapped") }
    }

    @discardableResult
    private func logging<R: UIGestureRecognizer>(_ recognizer: R, as name: String, on view: UIView, log line: String) -> R {
        recognizer.traceClassNameOverride = name
        recognizer.logsCalls = true
        recognizer.addTarget(.log(line))
        view.addGestureRecognizer(recognizer)
        return recognizer
    }

    @discardableResult
    private func loggingButton() -> UIButton {
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 120, height: 44), title: "Tap")
        button.logsCalls = true
        button.overrides.set(.callSuper, for: ResponderOverrides.touchMethods)
        button.addTarget(controller, action: "buttonTapped:", for: .touchUpInside)
        controller.registerAction("buttonCancelled:") { _, _ in }
        button.addTarget(controller, action: "buttonCancelled:", for: .touchCancel)
        blue.addSubview(button)
        return button
    }

    /// Hit-test lines are not the point here.
    private var calls: [String] { driver.trace.filter { !$0.contains("hitTest") && !$0.contains("pointInside") } }

    /// Documented rule (developer.apple.com/documentation/uikit/attaching-gesture-recognizers-to-uikit-controls): a single-finger single tap on
    /// a UIButton is the button's, not the ancestor's tap recognizer's.
    func testButtonBeatsATapRecognizerOnItsAncestor() {
        loggingButton()
        let tap = logging(UITapGestureRecognizer(), as: "LXFTapGestureRecognizer", on: blue, log: "View Taped")
        driver.tap(160, 122, at: 1.0)
        XCTAssertEqual(
            calls,
            [
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "-[UIButton touchesBegan:withEvent:]",
                "-[UIButton beginTrackingWithTouch:withEvent:]",
                "-[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "-[UIButton touchesEnded:withEvent:]",
                "-[UIButton endTrackingWithTouch:withEvent:]",
                "-[ViewController buttonTapped:]",
                "Button Tapped",
            ])
        XCTAssertEqual(tap.state, .possible, "failed, then reset once its touch was gone")
    }

    func testWithoutCancelsTouchesInViewBothTheRecognizerAndTheButtonFire() {
        loggingButton()
        let tap = logging(UITapGestureRecognizer(), as: "LXFTapGestureRecognizer", on: blue, log: "View Taped")
        tap.cancelsTouchesInView = false
        driver.tap(160, 122, at: 1.0)
        XCTAssertEqual(
            calls,
            [
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "-[UIButton touchesBegan:withEvent:]",
                "-[UIButton beginTrackingWithTouch:withEvent:]",
                "-[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "View Taped",
                "-[UIButton touchesEnded:withEvent:]",
                "-[UIButton endTrackingWithTouch:withEvent:]",
                "-[ViewController buttonTapped:]",
                "Button Tapped",
            ])
    }

    /// Documented rule (developer.apple.com/documentation/uikit/attaching-gesture-recognizers-to-uikit-controls): "install your gesture recognizer
    /// on the control itself" to handle the gesture before the control calls its action method.
    func testATapRecognizerOnTheButtonItselfWinsAndTheButtonIsCancelled() {
        let button = loggingButton()
        logging(UITapGestureRecognizer(), as: "LXFTapGestureRecognizer", on: button, log: "Button's Tap")
        driver.tap(160, 122, at: 1.0)
        XCTAssertEqual(
            calls,
            [
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "-[UIButton touchesBegan:withEvent:]",
                "-[UIButton beginTrackingWithTouch:withEvent:]",
                "-[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "Button's Tap",
                "-[UIButton touchesCancelled:withEvent:]",
                "-[UIButton cancelTrackingWithEvent:]",
                "-[ViewController buttonCancelled:]",
            ])
    }

    func testACustomControlGetsNoPrecedence() {
        let custom = UIControl(frame: CGRect(x: 100, y: 300, width: 100, height: 100))
        custom.traceClassNameOverride = "KnobControl"
        custom.logsCalls = true
        custom.addTarget(controller, action: "buttonTapped:", for: .touchUpInside)
        blue.addSubview(custom)
        logging(UITapGestureRecognizer(), as: "LXFTapGestureRecognizer", on: blue, log: "View Taped")
        driver.tap(150, 350, at: 1.0)
        XCTAssertEqual(
            calls,
            [
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "-[KnobControl beginTrackingWithTouch:withEvent:]",
                "-[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "View Taped",
                "-[KnobControl cancelTrackingWithEvent:]",
            ])
    }

    /// Documented rule (developer.apple.com/documentation/uikit/attaching-gesture-recognizers-to-uikit-controls): the same for UISwitch,
    /// UIStepper, UISegmentedControl and UIPageControl.
    func testEveryTapOwningControlBeatsTheAncestorsSingleTap() {
        let controls: [UIControl] = [
            UISwitch(frame: CGRect(x: 10, y: 10, width: 0, height: 0)),
            UIStepper(frame: CGRect(x: 10, y: 60, width: 0, height: 0)),
            UISegmentedControl(frame: CGRect(x: 10, y: 110, width: 300, height: 32), items: ["A", "B"]),
            {
                let p = UIPageControl(frame: CGRect(x: 10, y: 160, width: 300, height: 30)); p.numberOfPages = 3; return p
            }(),
        ]
        let recorder = driver.recorder
        for control in controls {
            blue.addSubview(control)
            let name = control.traceClassName
            controller.registerAction("\(name)Changed:") { _, _ in recorder.record("\(name) valueChanged") }
            control.addTarget(controller, action: "\(name)Changed:", for: .valueChanged)
        }
        logging(UITapGestureRecognizer(), as: "LXFTapGestureRecognizer", on: blue, log: "View Taped").logsCalls = false
        driver.tap(45, 25, at: 1.0)  // switch
        driver.tap(80, 75, at: 2.0)  // stepper "+"
        driver.tap(250, 125, at: 3.0)  // segment B
        driver.tap(300, 175, at: 4.0)  // page control, right of the current page
        driver.tap(160, 400, at: 5.0)  // the blue view itself
        XCTAssertEqual(
            driver.trace,
            [
                "-[ViewController UISwitchChanged:]", "UISwitch valueChanged",
                "-[ViewController UIStepperChanged:]", "UIStepper valueChanged",
                "-[ViewController UISegmentedControlChanged:]", "UISegmentedControl valueChanged",
                "-[ViewController UIPageControlChanged:]", "UIPageControl valueChanged",
                "View Taped",
            ])
    }

    func testADoubleTapOnTheAncestorIsNotTheButtonsGestureButItsHeldEndIsReleasedAfterTheTimeout() {
        loggingButton()
        let doubleTap = logging(UITapGestureRecognizer(), as: "DoubleTap", on: blue, log: "Double Taped")
        doubleTap.numberOfTapsRequired = 2
        driver.tap(160, 122, at: 1.0)
        XCTAssertEqual(calls.last, "-[DoubleTap touchesEnded:withEvent:]", "the button's touchesEnded is held")
        driver.advance(to: 1.25)  // 1.05 + 0.15 s: the held end goes to the button
        XCTAssertEqual(
            Array(calls.suffix(4)),
            [
                "-[UIButton touchesEnded:withEvent:]",
                "-[UIButton endTrackingWithTouch:withEvent:]",
                "-[ViewController buttonTapped:]",
                "Button Tapped",
            ])
    }

    // MARK: Slider and swipe

    private func slider() -> UISlider {
        let slider = UISlider(frame: CGRect(x: 10, y: 200, width: 231, height: 31))
        slider.maximumValue = 100
        slider.logsCalls = true
        slider.overrides.set(.callSuper, for: [.touchesCancelled])
        let recorder = driver.recorder
        controller.registerAction("sliderChanged:") { _, _ in recorder.record("value = \(slider.value)") }
        slider.addTarget(controller, action: "sliderChanged:", for: .valueChanged)
        blue.addSubview(slider)
        return slider
    }

    /// Documented rule (developer.apple.com/documentation/uikit/attaching-gesture-recognizers-to-uikit-controls): "A single finger swipe occurs on
    /// the knob of a UISlider object, in a direction parallel to the slider": the slider's.
    func testSliderBeatsAParallelSwipeThatStartsOnItsThumb() {
        let slider = slider()
        let swipe = logging(UISwipeGestureRecognizer(), as: "SwipeRight", on: blue, log: "Swiped")
        swipe.logsCalls = false
        driver.drag(from: CGPoint(x: 26, y: 215), to: CGPoint(x: 126, y: 215), at: 1.0, duration: 0.2, steps: 4)
        XCTAssertEqual(slider.value, 50)
        XCTAssertEqual(
            calls.filter { !$0.contains("continueTracking") },
            [
                "-[UISlider beginTrackingWithTouch:withEvent:]",
                "-[ViewController sliderChanged:]", "value = 12.5", "-[ViewController sliderChanged:]", "value = 25.0",
                "-[ViewController sliderChanged:]", "value = 37.5", "-[ViewController sliderChanged:]", "value = 50.0",
                "-[UISlider endTrackingWithTouch:withEvent:]",
            ], "the swipe (recognizable at 50 points) failed: the slider kept tracking")
    }

    func testASwipeAcrossTheSliderAwayFromTheThumbIsTheRecognizers() {
        let slider = slider()
        logging(UISwipeGestureRecognizer(), as: "SwipeRight", on: blue, log: "Swiped").logsCalls = false
        driver.drag(from: CGPoint(x: 150, y: 215), to: CGPoint(x: 230, y: 215), at: 1.0, duration: 0.2, steps: 4)
        XCTAssertEqual(slider.value, 0)
        XCTAssertEqual(
            calls,
            [
                "-[UISlider beginTrackingWithTouch:withEvent:]",
                "Swiped",
                "-[UISlider touchesCancelled:withEvent:]",
            ], "the slider did not take the touch, so it has no precedence")
    }

    // MARK: Switch and pan

    func testSwitchBeatsAParallelPanOnItsKnob() {
        let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        blue.addSubview(toggle)
        let pan = logging(UIPanGestureRecognizer(), as: "PanRecognizer", on: blue, log: "Panned")
        pan.logsCalls = false
        driver.drag(from: CGPoint(x: 35, y: 35), to: CGPoint(x: 65, y: 37), at: 1.0, duration: 0.2, steps: 4)
        XCTAssertTrue(toggle.isOn)
        XCTAssertEqual(driver.trace.filter { $0 == "Panned" }, [])
    }

    func testAPanAcrossTheSwitchIsTheRecognizers() {
        let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        toggle.logsCalls = true
        blue.addSubview(toggle)
        logging(UIPanGestureRecognizer(), as: "PanRecognizer", on: blue, log: "Panned").logsCalls = false
        driver.drag(from: CGPoint(x: 35, y: 35), to: CGPoint(x: 37, y: 95), at: 1.0, duration: 0.2, steps: 4)
        XCTAssertFalse(toggle.isOn)
        // 15 points per move: the pan begins on the first move (past its 10-point hysteresis), before the
        // switch sees any move; began, three changes and the end each send the action.
        XCTAssertEqual(
            calls,
            [
                "-[UISwitch beginTrackingWithTouch:withEvent:]",
                "Panned",
                "-[UISwitch cancelTrackingWithEvent:]",
                "Panned", "Panned", "Panned", "Panned",
            ])
    }
}
