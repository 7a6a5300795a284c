import Foundation
import XCTest
import UIKitModel

/// Disabling, removing, system cancellation, re-entrant actions, and what a touch reports.
final class GestureLifecycleTests: XCTestCase {
    private var driver: TouchDriver!
    private var view: TouchLoggingView!

    override func setUp() {
        driver = TouchDriver()
        view = TouchLoggingView("PadView", frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        driver.window.addSubview(view)
    }

    private func logStates(_ recognizer: UIGestureRecognizer, _ name: String) {
        let recorder = driver.recorder
        recognizer.addTarget(.handler { recorder.record("\(name) \($0.state)") })
    }

    func testDisablingAPanUnderWayCancelsIt() {
        let pan = UIPanGestureRecognizer()
        logStates(pan, "pan")
        view.addGestureRecognizer(pan)
        driver.down(100, 100, at: 1.0)
        driver.move(100, 130, at: 1.1)
        pan.isEnabled = false
        driver.move(100, 160, at: 1.2)
        driver.up(100, 160, at: 1.3)
        XCTAssertEqual(
            driver.trace,
            [
                "-[PadView touchesBegan:withEvent:]",
                "pan began",
                "-[PadView touchesCancelled:withEvent:]",
                "pan cancelled",
            ])
        XCTAssertEqual(pan.state, .possible)
        pan.isEnabled = true
        driver.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 200), at: 2, duration: 0.2, steps: 4)
        XCTAssertEqual(
            driver.trace.filter { $0.hasPrefix("pan") }.suffix(5),
            ["pan began", "pan changed", "pan changed", "pan changed", "pan ended"])
    }

    func testRemovingAPossibleRecognizerFailsItAndTheViewGetsTheRest() {
        let tap = UITapGestureRecognizer(action: .log("tap"))
        view.addGestureRecognizer(tap)
        driver.down(100, 100, at: 1.0)
        view.removeGestureRecognizer(tap)
        XCTAssertEqual(tap.state, .failed)
        driver.up(100, 100, at: 1.05)
        XCTAssertEqual(driver.trace, ["-[PadView touchesBegan:withEvent:]", "-[PadView touchesEnded:withEvent:]"])
        XCTAssertEqual(tap.state, .possible)
        XCTAssertNil(tap.view)
    }

    func testASystemCancelCancelsALongPressUnderWay() {
        let press = UILongPressGestureRecognizer()
        logStates(press, "press")
        view.addGestureRecognizer(press)
        driver.down(100, 100, at: 1.0)
        driver.frame(at: 2.0, [HIDFrames.finger(1, 100, 100, .cancel)])
        XCTAssertEqual(
            driver.trace,
            [
                "-[PadView touchesBegan:withEvent:]",
                "press began",
                "-[PadView touchesCancelled:withEvent:]",
                "press cancelled",
            ])
        XCTAssertEqual(press.state, .possible)
    }

    func testASystemCancelFailsAPossibleTapAndTheViewIsCancelled() {
        let tap = UITapGestureRecognizer(action: .log("tap"))
        view.addGestureRecognizer(tap)
        driver.down(100, 100, at: 1.0)
        driver.frame(at: 1.1, [HIDFrames.finger(1, 100, 100, .cancel)])
        XCTAssertEqual(driver.trace, ["-[PadView touchesBegan:withEvent:]", "-[PadView touchesCancelled:withEvent:]"])
        XCTAssertEqual(tap.state, .possible)
    }

    /// An action that fails another recognizer: the change is applied within the same pass.
    func testAnActionMayChangeAnotherRecognizer() {
        let press = UILongPressGestureRecognizer(action: .log("press"))
        press.minimumPressDuration = 0.2
        let other = UILongPressGestureRecognizer(action: .log("other"))
        let delegate = ScriptedGestureDelegate()
        delegate.simultaneousWithAll = true
        other.delegate = delegate
        press.addTarget(.handler { _ in if other.state == .possible { other.state = .failed } })
        view.addGestureRecognizer(press)
        view.addGestureRecognizer(other)
        driver.down(100, 100, at: 1.0)
        driver.advance(to: 1.3)
        XCTAssertEqual(other.state, .failed)
        driver.up(100, 100, at: 2.0)
        XCTAssertEqual(driver.trace.filter { !$0.hasPrefix("-[") }, ["press", "press"])
        XCTAssertEqual([press.state, other.state], [.possible, .possible])
    }

    func testTheTouchListsItsRecognizersUntilTheViewHasItsEnd() {
        let tap = UITapGestureRecognizer()
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)
        var seen: [String: Int] = [:]
        view.onTouch = { name, touches in seen[name] = touches.first?.gestureRecognizers?.count ?? 0 }
        driver.tap(100, 100, at: 1)
        XCTAssertEqual(seen, ["began": 1, "ended": 1])
    }
}
