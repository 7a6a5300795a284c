import Foundation
import XCTest
@testable import UIKitModel

/// The delegate's questions, a view's own `gestureRecognizerShouldBegin(_:)`, and simultaneous recognition.
final class GestureDelegateTests: XCTestCase {
    private var driver: TouchDriver!
    private var parent: UIView!
    private var child: TouchLoggingView!
    private var parentTap: UITapGestureRecognizer!
    private var delegate: ScriptedGestureDelegate!

    override func setUp() {
        driver = TouchDriver()
        parent = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        child = TouchLoggingView("ChildView", frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        driver.window.addSubview(parent)
        parent.addSubview(child)
        parentTap = UITapGestureRecognizer(action: .log("parent tap"))
        parentTap.logsCalls = true
        parent.addGestureRecognizer(parentTap)
        delegate = ScriptedGestureDelegate(traceClassName: "ViewController", application: driver.app)
        delegate.logsCalls = true
        parentTap.delegate = delegate
    }

    func testShouldReceiveFalseTheRecognizerNeverSeesTheTouch() {
        delegate.shouldReceive = false
        driver.down(150, 150, at: 1)
        XCTAssertNil(driver.app.eventDispatcher.touchesEvent?.touchesInOrder.first?.gestureRecognizers)
        driver.up(150, 150, at: 1.05)
        XCTAssertEqual(
            driver.trace,
            [
                "-[ViewController gestureRecognizer:shouldReceiveTouch:]",
                "-[ChildView touchesBegan:withEvent:]",
                "-[ChildView touchesEnded:withEvent:]",
            ])
    }

    func testShouldBeginFalseFailsAndTheHeldEndIsReleased() {
        delegate.shouldBegin = false
        driver.tap(150, 150, at: 1)
        XCTAssertEqual(
            driver.trace,
            [
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
        XCTAssertEqual(
            driver.trace,
            [
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
        let touch = driver.app.eventDispatcher.touchesEvent!.touchesInOrder[0]
        XCTAssertEqual(
            touch.gestureRecognizers?.map { ObjectIdentifier($0) }, [ObjectIdentifier(childTap), ObjectIdentifier(parentTap)])
    }

    /// Only the hit-tested view and its ancestors contribute recognizers: a sibling's never sees the touch.
    func testASiblingsRecognizerIsNotCollected() {
        delegate.logsCalls = false
        let sibling = UIView(frame: CGRect(x: 0, y: 400, width: 400, height: 400))
        parent.addSubview(sibling)
        let siblingTap = UITapGestureRecognizer(action: .log("sibling tap"))
        sibling.addGestureRecognizer(siblingTap)
        driver.tap(150, 150, at: 1)
        XCTAssertEqual(driver.trace.filter { $0.hasSuffix(" tap") }, ["parent tap"])
        XCTAssertTrue(siblingTap.trackedTouches.isEmpty)
    }

    func testADisabledRecognizerIsSkipped() {
        parentTap.isEnabled = false
        delegate.logsCalls = false
        driver.tap(150, 150, at: 1)
        XCTAssertEqual(driver.trace, ["-[ChildView touchesBegan:withEvent:]", "-[ChildView touchesEnded:withEvent:]"])
    }

    /// A gesture under way on the same touches keeps another from beginning (unless simultaneous).
    func testAGestureUnderWayPreventsAnotherFromBeginning() {
        for simultaneous in [false, true] {
            let driver = TouchDriver()
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            driver.window.addSubview(view)
            let pinch = UIPinchGestureRecognizer(
                action: .handler { [unowned driver] in driver.recorder.record("pinch \($0.state)") })
            let press = UILongPressGestureRecognizer(
                action: .handler { [unowned driver] in driver.recorder.record("press \($0.state)") })
            press.numberOfTouchesRequired = 2
            press.allowableMovement = 1000
            let delegate = ScriptedGestureDelegate()
            delegate.simultaneousWithAll = simultaneous
            press.delegate = delegate
            view.addGestureRecognizer(pinch)
            view.addGestureRecognizer(press)
            driver.frame(at: 1.0, [HIDFrames.finger(1, 150, 400, .down), HIDFrames.finger(2, 250, 400, .down)])
            driver.frame(at: 1.1, [HIDFrames.finger(1, 100, 400, .move), HIDFrames.finger(2, 300, 400, .move)])
            driver.advance(to: 1.6)
            XCTAssertEqual(press.state, simultaneous ? .began : .failed)
            driver.frame(at: 2.0, [HIDFrames.finger(1, 100, 400, .up), HIDFrames.finger(2, 300, 400, .up)])
            XCTAssertEqual(
                driver.trace,
                simultaneous
                    ? ["pinch began", "press began", "pinch ended", "press ended"]
                    : ["pinch began", "pinch ended"])
        }
    }

    /// The reverse question: the double tap's delegate says the single tap must wait for it.
    func testShouldBeRequiredToFailBy() {
        delegate.logsCalls = false
        let double = UITapGestureRecognizer(action: .log("double tap"))
        double.numberOfTapsRequired = 2
        let reverse = RequiredToFailDelegate()
        double.delegate = reverse
        parent.addGestureRecognizer(double)
        driver.tap(150, 150, at: 1)
        driver.advance(to: 2)
        XCTAssertEqual(driver.recorder.lines.filter { $0.text.hasSuffix(" tap") }.map(\.time), [1_400_000_000])
        driver.recorder.removeAll()
        driver.tap(150, 150, at: 3)
        driver.tap(150, 150, at: 3.2)
        driver.advance(to: 4)
        XCTAssertEqual(driver.trace.filter { $0.hasSuffix(" tap") }, ["double tap"])
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

/// A delegate answering only `shouldBeRequiredToFailBy`: every other tap must wait for its recognizer.
private final class RequiredToFailDelegate: UIGestureRecognizerDelegate {
    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        otherGestureRecognizer is UITapGestureRecognizer
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
