import Foundation
import XCTest
@testable import UIKitModel

final class GestureSwipeTests: XCTestCase {
    private var driver: GestureDriver!
    private var view: UIView!

    override func setUp() {
        driver = GestureDriver()
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

    private func swipe(by dx: Float, _ dy: Float, duration: Double = 0.1) {
        driver.drag(from: (200, 400), to: (200 + dx, 400 + dy), at: 1, duration: duration, steps: 5)
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
        swipe(by: 100, 0, duration: 1.0)      // 50 points only after 0.5 s
        XCTAssertEqual(driver.trace, [])
    }

    func testTooShortIsNoSwipe() {
        swipe(by: 40, 0)
        XCTAssertEqual(driver.trace, [])
    }

    func testOneRecognizerWithSeveralDirections() {
        let other = GestureDriver()
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        other.window.addSubview(v)
        let swipe = UISwipeGestureRecognizer(action: .log("horizontal swipe"))
        swipe.direction = [.left, .right]
        v.addGestureRecognizer(swipe)
        other.drag(from: (200, 400), to: (100, 400), at: 1, duration: 0.1, steps: 5)
        other.drag(from: (200, 400), to: (300, 400), at: 2, duration: 0.1, steps: 5)
        other.drag(from: (200, 400), to: (200, 300), at: 3, duration: 0.1, steps: 5)
        XCTAssertEqual(other.trace, ["horizontal swipe", "horizontal swipe"])
    }
}
