import XCTest
@testable import UIKitModel

final class GestureStateMachineTests: XCTestCase {
    typealias State = UIGestureRecognizer.State

    func testDiscreteAndContinuousTransitions() {
        let valid: [(State, State)] = [
            (.possible, .recognized), (.possible, .failed), (.possible, .began),
            (.began, .changed), (.began, .ended), (.began, .cancelled),
            (.changed, .changed), (.changed, .ended), (.changed, .cancelled),
        ]
        let all: [State] = [.possible, .began, .changed, .ended, .cancelled, .failed]
        for from in all {
            for to in all {
                let expected = valid.contains { $0 == (from, to) }
                XCTAssertEqual(State.isValidTransition(from: from, to: to), expected, "\(from) -> \(to)")
            }
        }
        XCTAssertEqual(State.recognized, .ended)
    }

    /// Documented defaults: developer.apple.com/documentation/uikit/uigesturerecognizer/cancelstouchesinview (true),
    /// developer.apple.com/documentation/uikit/uigesturerecognizer/delaystouchesbegan (false), developer.apple.com/documentation/uikit/uigesturerecognizer/delaystouchesended (true).
    func testUIKitRawValuesAndDefaults() {
        XCTAssertEqual([State.possible, .began, .changed, .ended, .cancelled, .failed].map(\.rawValue), [0, 1, 2, 3, 4, 5])
        let recognizer = UIGestureRecognizer()
        XCTAssertTrue(recognizer.cancelsTouchesInView)
        XCTAssertFalse(recognizer.delaysTouchesBegan)
        XCTAssertTrue(recognizer.delaysTouchesEnded)
        XCTAssertTrue(recognizer.isEnabled)
        XCTAssertEqual(recognizer.state, .possible)
        XCTAssertEqual(recognizer.traceClassName, "UIGestureRecognizer")
        recognizer.traceClassNameOverride = "LXFTapGestureRecognizer"
        XCTAssertEqual(recognizer.traceClassName, "LXFTapGestureRecognizer")
    }

    /// A recognizer driven by hand (no touches) sends its actions on every state change but failure.
    func testActionsFollowStateChanges() {
        var seen: [State] = []
        let recognizer = UIGestureRecognizer(action: .handler { seen.append($0.state) })
        recognizer.state = .began
        recognizer.state = .changed
        recognizer.state = .changed
        recognizer.state = .ended
        XCTAssertEqual(seen, [.began, .changed, .changed, .ended])
    }

    func testTargetsAreWeakAndRemovable() {
        final class Controller {
            var count = 0
            func handle(_ recognizer: UIGestureRecognizer) { count += 1 }
        }
        let recognizer = UIGestureRecognizer()
        var controller: Controller? = Controller()
        recognizer.addTarget(controller!, action: Controller.handle, name: "handle")
        recognizer.state = .began
        XCTAssertEqual(controller?.count, 1)
        weak let weakController = controller
        controller = nil
        XCTAssertNil(weakController, "the recognizer does not keep its target alive")
        recognizer.state = .changed  // the dead target is skipped
        recognizer.addTarget(.log("x"))
        XCTAssertEqual(recognizer.actionNames, ["handle", "x"])
        recognizer.removeTarget(nil, action: "x")
        XCTAssertEqual(recognizer.actionNames, ["handle"])
    }

    func testDescription() {
        let view = UIView()
        view.traceClassNameOverride = "YellowView"
        let tap = UITapGestureRecognizer(action: .log("View Taped"))
        tap.traceClassNameOverride = "LXFTapGestureRecognizer"
        tap.name = "tap"
        view.addGestureRecognizer(tap)
        XCTAssertEqual("\(tap)", "<LXFTapGestureRecognizer: tap; state = Possible; view = <YellowView>; actions = (View Taped)>")
        tap.isEnabled = false
        XCTAssertEqual(
            "\(tap)",
            "<LXFTapGestureRecognizer: tap; state = Possible; enabled = NO; view = <YellowView>; actions = (View Taped)>")
        XCTAssertEqual("\(UIPanGestureRecognizer())", "<UIPanGestureRecognizer; state = Possible>")
    }

    func testAddingToAViewAndMoving() {
        let a = UIView(), b = UIView()
        let recognizer = UITapGestureRecognizer()
        a.addGestureRecognizer(recognizer)
        XCTAssertIdentical(recognizer.view, a)
        b.addGestureRecognizer(recognizer)
        XCTAssertNil(a.gestureRecognizers)
        XCTAssertEqual(b.gestureRecognizers?.count, 1)
        b.removeGestureRecognizer(recognizer)
        XCTAssertNil(recognizer.view)
    }
}
