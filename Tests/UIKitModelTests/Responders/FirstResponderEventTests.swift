import XCTest
import UIKitModel

/// Events without a location (shake, button presses) go to the first responder and walk the chain.
final class FirstResponderEventTests: XCTestCase {
    func testShakeReachesTheFirstResponderAndWalksTheChain() throws {
        let app = try SceneFixture("responder-chain")
        XCTAssertTrue(app.responder("searchField").isFirstResponder)
        app.send(HIDFrames.shake(at: 1))
        XCTAssertEqual(
            app.trace,
            [
                "-[SearchField motionBegan:withEvent:]",
                "-[ModalViewController motionBegan:withEvent:]",
                "-[AppDelegate motionBegan:withEvent:]",
                "-[SearchField motionEnded:withEvent:]",
                "-[ModalViewController motionEnded:withEvent:]",
                "-[AppDelegate motionEnded:withEvent:]",
            ])
    }

    func testWithoutAFirstResponderMotionStartsAtTheKeyWindow() throws {
        let app = try SceneFixture("responder-chain")
        XCTAssertTrue(app.responder("searchField").resignFirstResponder())
        XCTAssertNil(app.application.firstResponder)
        app.send(HIDFrames.shake(at: 1))
        XCTAssertEqual(app.trace, ["-[AppDelegate motionBegan:withEvent:]", "-[AppDelegate motionEnded:withEvent:]"])
    }

    func testButtonPressesGoToTheFirstResponder() throws {
        let app = try SceneFixture("responder-chain")
        app.responder("searchField").overrides.set(.callSuper, for: ResponderOverrides.pressMethods)
        app.responder("appDelegate").overrides.set(.consume, for: ResponderOverrides.pressMethods)
        app.send(HIDFrames.press(.volumeUp, at: 1))
        XCTAssertEqual(
            app.trace,
            [
                "-[SearchField pressesBegan:withEvent:]",
                "-[AppDelegate pressesBegan:withEvent:]",
                "-[SearchField pressesEnded:withEvent:]",
                "-[AppDelegate pressesEnded:withEvent:]",
            ])
    }

    func testBecomeFirstResponderRules() throws {
        let app = try SceneFixture("responder-chain")
        let field = app.responder("searchField"), button = app.responder("circleButton")
        XCTAssertFalse(button.canBecomeFirstResponder)
        XCTAssertFalse(button.becomeFirstResponder())
        XCTAssertTrue(field.isFirstResponder)

        button.acceptsFirstResponder = true
        XCTAssertTrue(button.becomeFirstResponder())
        XCTAssertTrue(button.isFirstResponder)
        XCTAssertFalse(field.isFirstResponder)

        let detached = UIView()
        detached.acceptsFirstResponder = true
        XCTAssertFalse(detached.becomeFirstResponder(), "a view outside any window cannot become first responder")
    }

    func testAFirstResponderThatRefusesToResignKeepsTheRole() throws {
        final class StubbornField: UIView {
            override var canBecomeFirstResponder: Bool { true }
            override var canResignFirstResponder: Bool { false }
        }
        let app = try SceneFixture("responder-chain")
        let stubborn = StubbornField(frame: .init(x: 0, y: 0, width: 10, height: 10))
        app.view("modalView").addSubview(stubborn)
        XCTAssertTrue(app.responder("searchField").resignFirstResponder())
        XCTAssertTrue(stubborn.becomeFirstResponder())
        XCTAssertFalse(app.responder("searchField").becomeFirstResponder())
        XCTAssertTrue(stubborn.isFirstResponder)
    }
}
