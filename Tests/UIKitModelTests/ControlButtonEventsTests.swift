import Foundation
import XCTest
@testable import UIKitModel

/// Every control event of a button, from real touch frames, with exact traces.
final class ControlButtonEventsTests: XCTestCase {
    private var driver: TouchDriver!
    private var controller: UIViewController!
    private var button: UIButton!

    /// A logging button at (100, 100, 120, 44) whose every event sends its own action to the controller.
    override func setUp() {
        driver = TouchDriver(size: CGSize(width: 320, height: 480))
        controller = driver.installViewController()
        button = UIButton(frame: CGRect(x: 100, y: 100, width: 120, height: 44), title: "Tap")
        button.logsCalls = true
        button.overrides.set(.callSuper, for: ResponderOverrides.touchMethods)
        controller.view.addSubview(button)
        let events: [(String, UIControl.Event)] = [
            ("touchDown:", .touchDown), ("touchDownRepeat:", .touchDownRepeat),
            ("touchDragInside:", .touchDragInside), ("touchDragOutside:", .touchDragOutside),
            ("touchDragEnter:", .touchDragEnter), ("touchDragExit:", .touchDragExit),
            ("touchUpInside:", .touchUpInside), ("touchUpOutside:", .touchUpOutside),
            ("touchCancel:", .touchCancel), ("primaryActionTriggered:", .primaryActionTriggered),
        ]
        for (action, event) in events {
            controller.registerAction(action) { _, _ in }
            button.addTarget(controller, action: action, for: event)
        }
    }

    private let hitTest = ["-[UIButton hitTest:withEvent:]", "-[UIButton pointInside:withEvent:]"]

    func testTapSendsTouchDownThenTouchUpInsideAndThePrimaryAction() {
        driver.tap(160, 122, at: 1.0)
        XCTAssertEqual(
            driver.trace,
            hitTest + [
                "-[UIButton touchesBegan:withEvent:]",
                "-[UIButton beginTrackingWithTouch:withEvent:]",
                "-[ViewController touchDown:]",
            ] + hitTest + [
                "-[UIButton touchesEnded:withEvent:]",
                "-[UIButton endTrackingWithTouch:withEvent:]",
                "-[ViewController touchUpInside:]",
                "-[ViewController primaryActionTriggered:]",
            ])
        XCTAssertFalse(button.isHighlighted)
        XCTAssertFalse(button.isTracking)
    }

    func testDragOutAndBackSendsDragExitThenDragEnter() {
        driver.down(160, 122, at: 1.0)
        XCTAssertTrue(button.isHighlighted)
        driver.move(160, 200, at: 1.1)  // 56 points below the bounds: still inside the 70-point margin
        XCTAssertTrue(button.isTouchInside)
        driver.move(160, 300, at: 1.2)  // 156 below: outside
        XCTAssertFalse(button.isHighlighted)
        driver.move(160, 130, at: 1.3)  // back in
        driver.up(160, 130, at: 1.4)
        XCTAssertEqual(
            driver.trace,
            hitTest + [
                "-[UIButton touchesBegan:withEvent:]",
                "-[UIButton beginTrackingWithTouch:withEvent:]",
                "-[ViewController touchDown:]",
                "-[UIButton touchesMoved:withEvent:]",
                "-[UIButton continueTrackingWithTouch:withEvent:]",
                "-[ViewController touchDragInside:]",
                "-[UIButton touchesMoved:withEvent:]",
                "-[UIButton continueTrackingWithTouch:withEvent:]",
                "-[ViewController touchDragOutside:]",
                "-[ViewController touchDragExit:]",
                "-[UIButton touchesMoved:withEvent:]",
                "-[UIButton continueTrackingWithTouch:withEvent:]",
                "-[ViewController touchDragInside:]",
                "-[ViewController touchDragEnter:]",
            ] + hitTest + [
                "-[UIButton touchesEnded:withEvent:]",
                "-[UIButton endTrackingWithTouch:withEvent:]",
                "-[ViewController touchUpInside:]",
                "-[ViewController primaryActionTriggered:]",
            ])
    }

    func testLiftingOutsideTheMarginSendsTouchUpOutside() {
        driver.down(160, 122, at: 1.0)
        driver.move(160, 215, at: 1.1)  // 71 points below the bounds: just outside the margin
        driver.up(160, 215, at: 1.2)
        XCTAssertEqual(
            Array(driver.trace.suffix(7)),
            [
                "-[ViewController touchDragOutside:]",
                "-[ViewController touchDragExit:]",
                "-[UIButton hitTest:withEvent:]",
                "-[UIButton pointInside:withEvent:]",
                "-[UIButton touchesEnded:withEvent:]",
                "-[UIButton endTrackingWithTouch:withEvent:]",
                "-[ViewController touchUpOutside:]",
            ])
    }

    func testLiftingWithinTheMarginStillCountsAsInside() {
        driver.down(160, 122, at: 1.0)
        driver.up(160, 213, at: 1.1)  // 69 points below the bounds
        XCTAssertEqual(
            Array(driver.trace.suffix(2)),
            [
                "-[ViewController touchUpInside:]", "-[ViewController primaryActionTriggered:]",
            ])
        XCTAssertEqual(UIControl.touchInsideTolerance, 70)
    }

    func testCancelledTouchSendsTouchCancelAndNoUpEvent() {
        driver.down(160, 122, at: 1.0)
        driver.cancel(160, 122, at: 1.1)
        XCTAssertEqual(
            driver.trace,
            hitTest + [
                "-[UIButton touchesBegan:withEvent:]",
                "-[UIButton beginTrackingWithTouch:withEvent:]",
                "-[ViewController touchDown:]",
                "-[UIButton touchesCancelled:withEvent:]",
                "-[UIButton cancelTrackingWithEvent:]",
                "-[ViewController touchCancel:]",
            ])
        XCTAssertFalse(button.isHighlighted)
        XCTAssertFalse(button.isTracking)
    }

    func testSecondQuickTapSendsTouchDownRepeatWithTouchDown() {
        driver.tap(160, 122, at: 1.0)
        driver.recorder.removeAll()
        driver.down(160, 122, at: 1.2)
        XCTAssertEqual(
            Array(driver.trace.suffix(2)),
            [
                "-[ViewController touchDown:]", "-[ViewController touchDownRepeat:]",
            ])
    }

    func testBeginTrackingReturningFalseSendsNoEventsButStillConsumesTheTouches() {
        let view = controller.view
        view.logsCalls = true
        view.overrides.set(.callSuper, for: ResponderOverrides.touchMethods)
        let refusing = RefusingControl(frame: CGRect(x: 0, y: 300, width: 100, height: 100))
        refusing.addTarget(controller, action: "touchDown:", for: .allTouchEvents)
        view.addSubview(refusing)
        driver.tap(50, 350, at: 1.0)
        XCTAssertEqual(driver.trace.filter { !$0.contains("hitTest") && !$0.contains("pointInside") }, [])
        XCTAssertFalse(refusing.isTracking)
    }
}

/// A custom control whose `beginTracking` refuses every touch.
private final class RefusingControl: UIControl {
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { false }
}
