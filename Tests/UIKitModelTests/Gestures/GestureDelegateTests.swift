import Foundation
import XCTest
@testable import UIKitModel

/// The delegate's questions, a view's own `gestureRecognizerShouldBegin(_:)`, and simultaneous recognition.
final class GestureDelegateTests: XCTestCase {
    private var driver: GestureDriver!
    private var parent: UIView!
    private var child: TouchLoggingView!
    private var parentTap: UITapGestureRecognizer!
    private var delegate: UIScriptedGestureDelegate!

    override func setUp() {
        driver = GestureDriver()
        parent = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        child = TouchLoggingView("ChildView", frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        driver.window.addSubview(parent)
        parent.addSubview(child)
        parentTap = UITapGestureRecognizer(action: .log("parent tap"))
        parentTap.logsCalls = true
        parent.addGestureRecognizer(parentTap)
        delegate = UIScriptedGestureDelegate(traceClassName: "ViewController", application: driver.application)
        delegate.logsCalls = true
        parentTap.delegate = delegate
    }

    func testShouldReceiveFalseTheRecognizerNeverSeesTheTouch() {
        delegate.shouldReceive = false
        driver.down(150, 150, at: 1)
        XCTAssertNil(driver.application.eventDispatcher.touchesEvent?.touchesInOrder.first?.gestureRecognizers)
        driver.up(150, 150, at: 1.05)
        XCTAssertEqual(driver.trace, [
            "-[ViewController gestureRecognizer:shouldReceiveTouch:]",
            "-[ChildView touchesBegan:withEvent:]",
            "-[ChildView touchesEnded:withEvent:]",
        ])
    }

    func testShouldBeginFalseFailsAndTheHeldEndIsReleased() {
        delegate.shouldBegin = false
        driver.tap(150, 150, at: 1)
        XCTAssertEqual(driver.trace, [
            "-[ViewController gestureRecognizer:shouldReceiveTouch:]",
            "-[UITapGestureRecognizer touchesBegan:withEvent:]",
            "-[ChildView touchesBegan:withEvent:]",
            "-[UITapGestureRecognizer touchesEnded:withEvent:]",
            "-[ViewController gestureRecognizerShouldBegin:]",
            "-[ChildView touchesEnded:withEvent:]",
        ])
        XCTAssertEqual(parentTap.state, .possible)
    }

    func testAViewCanRefuseAnAncestorsRecognizer() {
        let refusing = RefusingView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        child.removeFromSuperview()
        parent.addSubview(refusing)
        delegate.logsCalls = false
        driver.tap(150, 150, at: 1)
        XCTAssertEqual(driver.trace, [
            "-[UITapGestureRecognizer touchesBegan:withEvent:]",
            "-[UITapGestureRecognizer touchesEnded:withEvent:]",
        ])
        XCTAssertEqual(refusing.asked, 1)
    }

    /// Two taps (child's and parent's) on the same touch: the first to recognize wins (the child's,
    /// collected first), the other fails — unless the delegate allows both.
    func testExclusivityAndSimultaneousRecognition() {
        delegate.logsCalls = false
        let childTap = UITapGestureRecognizer(action: .log("child tap"))
        child.addGestureRecognizer(childTap)
        driver.tap(150, 150, at: 1)
        XCTAssertEqual(driver.trace.filter { $0.hasSuffix(" tap") }, ["child tap"])

        driver.recorder.removeAll()
        delegate.simultaneousWith = [childTap]
        driver.tap(150, 150, at: 2)
        XCTAssertEqual(driver.trace.filter { $0.hasSuffix(" tap") }, ["child tap", "parent tap"])
    }

    func testTheTouchKnowsItsRecognizersInHitTestOrder() {
        delegate.logsCalls = false
        let childTap = UITapGestureRecognizer()
        child.addGestureRecognizer(childTap)
        driver.down(150, 150, at: 1)
        let touch = driver.application.eventDispatcher.touchesEvent!.touchesInOrder[0]
        XCTAssertEqual(touch.gestureRecognizers?.map { ObjectIdentifier($0) }, [ObjectIdentifier(childTap), ObjectIdentifier(parentTap)])
    }

    func testADisabledRecognizerIsSkipped() {
        parentTap.isEnabled = false
        delegate.logsCalls = false
        driver.tap(150, 150, at: 1)
        XCTAssertEqual(driver.trace, ["-[ChildView touchesBegan:withEvent:]", "-[ChildView touchesEnded:withEvent:]"])
    }

    func testDynamicFailureRequirementThroughTheDelegate() {
        delegate.logsCalls = false
        let double = UITapGestureRecognizer(action: .log("double tap"))
        double.numberOfTapsRequired = 2
        parent.addGestureRecognizer(double)
        delegate.requiresFailureOf = [double]
        driver.tap(150, 150, at: 1)
        driver.advance(to: 2)
        XCTAssertEqual(driver.trace.filter { $0.hasSuffix(" tap") }, ["parent tap"])
        XCTAssertEqual(driver.time(of: "parent tap"), 1.4)
    }
}

/// A view whose `gestureRecognizerShouldBegin(_:)` refuses every recognizer not attached to itself.
private final class RefusingView: UIView {
    var asked = 0

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        asked += 1
        return gestureRecognizer.view === self
    }
}
