import Foundation
import XCTest
@testable import UIKitModel

final class GestureSwipeTests: XCTestCase {
    private var driver: TouchDriver!
    private var view: UIView!

    override func setUp() {
        driver = TouchDriver()
        view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        driver.window.addSubview(view)
        let directions: [(String, UISwipeGestureRecognizer.Direction)] = [
            ("right", .right), ("left", .left), ("up", .up), ("down", .down),
        ]
        for (name, direction) in directions {
            let swipe = UISwipeGestureRecognizer(action: .log("swipe \(name)"))
            swipe.direction = direction
            view.addGestureRecognizer(swipe)
        }
    }

    private func swipe(by dx: CGFloat, _ dy: CGFloat, duration: Double = 0.1) {
        driver.drag(from: CGPoint(x: 200, y: 400), to: CGPoint(x: 200 + dx, y: 400 + dy), at: 1, duration: duration, steps: 5)
        driver.advance(to: 2)
    }

    func testRight() {
        swipe(by: 100, 0)
        XCTAssertEqual(driver.trace, ["swipe right"])
        // Recognized during the movement, at the third step (60 points), not at the lift.
        XCTAssertEqual(driver.time(of: "swipe right"), 1.06)
    }

    func testLeft() {
        swipe(by: -100, 10)
        XCTAssertEqual(driver.trace, ["swipe left"])
    }

    func testUp() {
        swipe(by: 0, -100)
        XCTAssertEqual(driver.trace, ["swipe up"])
    }

    func testDown() {
        swipe(by: -20, 100)
        XCTAssertEqual(driver.trace, ["swipe down"])
    }

    func testTooDiagonalIsNoSwipe() {
        swipe(by: 100, 80)
        XCTAssertEqual(driver.trace, [])
    }

    func testTooSlowIsNoSwipe() {
        swipe(by: 100, 0, duration: 1.0)  // 50 points only after 0.5 s
        XCTAssertEqual(driver.trace, [])
    }

    func testTooShortIsNoSwipe() {
        swipe(by: 40, 0)
        XCTAssertEqual(driver.trace, [])
    }

    /// A pan that requires a swipe to fail stays possible (while still tracking) until the swipe fails,
    /// then begins with the translation it has reached; a real swipe leaves the pan failed.
    func testPanRequiringASwipeToFail() {
        let other = TouchDriver()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        other.window.addSubview(v)
        let swipe = UISwipeGestureRecognizer(action: .log("swipe"))
        let pan = UIPanGestureRecognizer()
        let recorder = other.recorder
        pan.addTarget(
            .handler { r in
                recorder.record("pan \(r.state) \(Int((r as! UIPanGestureRecognizer).translation(in: nil).x))")
            })
        pan.require(toFail: swipe)
        v.addGestureRecognizer(swipe)
        v.addGestureRecognizer(pan)
        // Leftwards: the right swipe fails once the movement reaches 50 points; the pan begins then.
        other.drag(from: CGPoint(x: 300, y: 400), to: CGPoint(x: 200, y: 400), at: 1, duration: 0.2, steps: 5)
        XCTAssertEqual(other.trace, ["pan began -60", "pan changed -80", "pan changed -100", "pan ended -100"])
        // Rightwards and quick: a swipe; the pan fails with it.
        other.recorder.removeAll()
        other.drag(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 200, y: 400), at: 2, duration: 0.1, steps: 5)
        XCTAssertEqual(other.trace, ["swipe"])
    }

    func testOneRecognizerWithSeveralDirections() {
        let other = TouchDriver()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        other.window.addSubview(v)
        let swipe = UISwipeGestureRecognizer(action: .log("horizontal swipe"))
        swipe.direction = [.left, .right]
        v.addGestureRecognizer(swipe)
        other.drag(from: CGPoint(x: 200, y: 400), to: CGPoint(x: 100, y: 400), at: 1, duration: 0.1, steps: 5)
        other.drag(from: CGPoint(x: 200, y: 400), to: CGPoint(x: 300, y: 400), at: 2, duration: 0.1, steps: 5)
        other.drag(from: CGPoint(x: 200, y: 400), to: CGPoint(x: 200, y: 300), at: 3, duration: 0.1, steps: 5)
        XCTAssertEqual(other.trace, ["horizontal swipe", "horizontal swipe"])
    }
}
