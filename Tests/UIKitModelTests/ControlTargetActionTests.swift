import Foundation
import XCTest
@testable import UIKitModel

/// Target-action: nil targets walking the responder chain, actions nobody implements, an overridden
/// `sendAction(_:to:for:)`, `sendActions(for:)` with no touch, and target bookkeeping.
final class ControlTargetActionTests: XCTestCase {
    private var driver: TouchDriver!
    private var controller: UIViewController!
    private var container: UIView!
    private var button: UIButton!

    /// window → controller's view → container → button; only the controller logs.
    override func setUp() {
        driver = TouchDriver(size: CGSize(width: 320, height: 480))
        controller = driver.installViewController()
        container = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        controller.view.addSubview(container)
        button = UIButton(frame: CGRect(x: 100, y: 100, width: 120, height: 44), title: "Tap")
        container.addSubview(button)
    }

    func testNilTargetActionIsFoundOnTheViewControllerUpTheChainFromTheSender() {
        let recorder = driver.recorder
        controller.registerAction("buttonTapped:") { sender, event in
            XCTAssertTrue(sender === self.button)
            XCTAssertNotNil(event)
            recorder.record("Button Tapped")
        }
        button.addTarget(nil, action: "buttonTapped:", for: .touchUpInside)
        driver.tap(160, 122, at: 1.0)
        XCTAssertEqual(driver.trace, ["-[ViewController buttonTapped:]", "Button Tapped"])
    }

    func testNilTargetActionStartsAtTheFirstResponderWhenThereIsOne() {
        // A responder on another branch of the window, first responder, implementing the action too.
        let field = UIView(frame: CGRect(x: 0, y: 400, width: 320, height: 40))
        field.acceptsFirstResponder = true
        field.traceClassNameOverride = "SearchField"
        field.logsCalls = true
        controller.view.addSubview(field)
        XCTAssertTrue(field.becomeFirstResponder())
        for responder in [controller!, field] as [UIResponder] { responder.registerAction("buttonTapped:") { _, _ in } }
        button.addTarget(nil, action: "buttonTapped:", for: .touchUpInside)
        driver.tap(160, 122, at: 1.0)
        XCTAssertEqual(driver.trace.last, "-[SearchField buttonTapped:]")
        XCTAssertFalse(driver.trace.contains("-[ViewController buttonTapped:]"))
    }

    func testNilTargetActionFallsThroughToTheAppDelegate() {
        let delegate = AppDelegate()
        delegate.logsCalls = true
        driver.app.delegate = delegate
        delegate.registerAction("buttonTapped:") { _, _ in }
        button.addTarget(nil, action: "buttonTapped:", for: .touchUpInside)
        driver.tap(160, 122, at: 1.0)
        XCTAssertEqual(driver.trace, ["-[AppDelegate buttonTapped:]"])
    }

    func testNilTargetActionThatNobodyImplementsIsDroppedWithATraceLine() {
        button.addTarget(nil, action: "buttonTapped:", for: .touchUpInside)
        driver.tap(160, 122, at: 1.0)
        XCTAssertEqual(driver.trace, ["buttonTapped: dropped: no responder in the chain implements it"])
    }

    func testExplicitTargetThatDoesNotImplementTheActionIsDropped() {
        button.addTarget(controller, action: "buttonTapped:", for: .touchUpInside)
        driver.tap(160, 122, at: 1.0)
        XCTAssertEqual(driver.trace, ["buttonTapped: dropped: ViewController does not implement it"])
    }

    func testOverriddenSendActionRedirectsEveryAction() {
        let redirecting = RedirectingButton(frame: CGRect(x: 100, y: 200, width: 120, height: 44))
        redirecting.traceClassNameOverride = "RedirectingButton"
        redirecting.logsCalls = true
        container.addSubview(redirecting)
        controller.registerAction("buttonTapped:") { _, _ in }
        controller.registerAction("audited:") { _, _ in }
        redirecting.addTarget(controller, action: "buttonTapped:", for: .touchUpInside)
        driver.tap(160, 222, at: 1.0)
        XCTAssertEqual(
            driver.trace.filter { !$0.contains("hitTest") && !$0.contains("pointInside") },
            [
                "-[RedirectingButton beginTrackingWithTouch:withEvent:]",
                "-[RedirectingButton endTrackingWithTouch:withEvent:]",
                "-[RedirectingButton sendAction:to:forEvent:] buttonTapped:",
                "-[ViewController audited:]",
                "-[ViewController buttonTapped:]",
            ])
    }

    func testSendActionsForEventsFiresRegisteredActionsWithNoTouch() {
        let toggle = UISwitch(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        container.addSubview(toggle)
        var events: [UIEvent?] = []
        controller.registerAction("switchChanged:") { _, event in events.append(event) }
        controller.registerAction("switchTouched:") { _, _ in XCTFail("no touch event was asked for") }
        toggle.addTarget(controller, action: "switchChanged:", for: [.valueChanged, .primaryActionTriggered])
        toggle.addTarget(controller, action: "switchTouched:", for: .touchUpInside)
        toggle.sendActions(for: [.valueChanged, .primaryActionTriggered])
        XCTAssertEqual(driver.trace, ["-[ViewController switchChanged:]"], "a pair registered for both events fires once")
        XCTAssertEqual(events.count, 1)
        XCTAssertNil(events[0] as Any?, "no touch, no event")
    }

    func testSendActionsFromAControlOutsideAnyWindowStillReachesItsTargets() {
        let detached = UISwitch()
        let owner = UIView()
        owner.addSubview(detached)
        var received: [String] = []
        controller.registerAction("explicit:") { sender, _ in received.append("explicit from \(sender === detached)") }
        owner.registerAction("chained:") { _, _ in received.append("chained to the superview") }
        detached.addTarget(controller, action: "explicit:", for: .valueChanged)
        detached.addTarget(nil, action: "chained:", for: .valueChanged)
        detached.sendActions(for: .valueChanged)
        XCTAssertEqual(received, ["explicit from true", "chained to the superview"])
    }

    func testAnActionForATargetThatIsNotAResponderIsDropped() {
        let target = NSObject()
        button.addTarget(target, action: "buttonTapped:", for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        XCTAssertEqual(driver.trace, ["buttonTapped: dropped: its target is not a responder"])
    }

    func testTargetBookkeeping() {
        controller.registerAction("a:") { _, _ in }
        button.addTarget(controller, action: "a:", for: .touchDown)
        button.addTarget(controller, action: "a:", for: .touchUpInside)  // merges into the same pair
        button.addTarget(nil, action: "b:", for: .touchUpInside)
        XCTAssertEqual(button.allTargets.count, 1)
        XCTAssertEqual(button.allControlEvents, [.touchDown, .touchUpInside])
        XCTAssertEqual(button.actions(forTarget: controller, forControlEvent: .touchUpInside), ["a:"])
        XCTAssertEqual(button.actions(forTarget: nil, forControlEvent: .touchUpInside), ["b:"])
        button.removeTarget(controller, action: "a:", for: .touchDown)
        XCTAssertEqual(button.actions(forTarget: controller, forControlEvent: .touchDown), nil)
        button.removeTarget(nil, action: nil, for: .allEvents)
        XCTAssertEqual(button.allControlEvents, [])
    }

    func testTargetsAreHeldWeakly() {
        var target: UIResponder? = UIResponder()
        button.addTarget(target, action: "a:", for: .touchUpInside)
        weak let released = target
        target = nil
        XCTAssertNil(released)
        XCTAssertTrue(button.allTargets.isEmpty)
        button.sendActions(for: .touchUpInside)
        XCTAssertEqual(driver.trace, [], "a vanished target is skipped, not turned into a chain walk")
    }

    func testControlEventBitsAreUIKits() {
        XCTAssertEqual(UIControl.Event.touchDown.rawValue, 1 << 0)
        XCTAssertEqual(UIControl.Event.touchCancel.rawValue, 1 << 8)
        XCTAssertEqual(UIControl.Event.valueChanged.rawValue, 1 << 12)
        XCTAssertEqual(UIControl.Event.primaryActionTriggered.rawValue, 1 << 13)
        XCTAssertEqual(UIControl.Event.allTouchEvents.rawValue, 0x0FFF)
        XCTAssertEqual(UIControl.Event.allEditingEvents.rawValue, 0xF_0000)
        XCTAssertEqual(UIControl.Event.applicationReserved.rawValue, 0x0F00_0000)
        XCTAssertEqual(UIControl.Event.systemReserved.rawValue, 0xF000_0000)
        XCTAssertEqual(UIControl.Event.allEvents.rawValue, 0xFFFF_FFFF)
        XCTAssertEqual(UIControl.Event(name: "touchUpInside"), .touchUpInside)
        XCTAssertNil(UIControl.Event(name: "touchUp"))
    }

    func testDisabledControlTakesNoTouches() {
        container.logsCalls = true
        container.overrides.set(.consume, for: ResponderOverrides.touchMethods)
        button.isEnabled = false
        controller.registerAction("buttonTapped:") { _, _ in XCTFail("disabled") }
        button.addTarget(controller, action: "buttonTapped:", for: .touchUpInside)
        driver.tap(160, 122, at: 1.0)
        XCTAssertEqual(
            driver.trace.filter { !$0.contains("hitTest") && !$0.contains("pointInside") },
            [
                "-[UIView touchesBegan:withEvent:]", "-[UIView touchesEnded:withEvent:]",
            ])
        XCTAssertEqual(button.state, .disabled)
    }
}

/// Logs every action it is asked to send, sends an audit action first, then the original.
private final class RedirectingButton: UIButton {
    override func sendAction(_ action: String, to target: AnyObject?, for event: UIEvent?) {
        recordLine("-[RedirectingButton sendAction:to:forEvent:] \(action)")
        super.sendAction("audited:", to: target, for: event)
        super.sendAction(action, to: target, for: event)
    }
}
