import Foundation
import XCTest
@testable import UIKitModel

final class GestureLongPressTests: XCTestCase {
    private var driver: TouchDriver!
    private var press: UILongPressGestureRecognizer!

    override func setUp() {
        driver = TouchDriver()
        let view = TouchLoggingView("PressView", frame: CGRect(x: 50, y: 50, width: 300, height: 300))
        driver.window.addSubview(view)
        press = UILongPressGestureRecognizer()
        let recorder = driver.recorder
        press.addTarget(.handler { recorder.record("long press \($0.state)") })
        view.addGestureRecognizer(press)
    }

    private var timedTrace: [String] {
        driver.recorder.lines.map { "\(Double($0.time) / 1e9) \($0.text)" }
    }

    func testRecognizedAfterHalfASecondThenChangesAndEnds() {
        driver.down(200, 200, at: 1.0)
        driver.advance(to: 1.499)
        XCTAssertEqual(press.state, .possible)
        driver.move(205, 200, at: 1.7)
        driver.up(205, 200, at: 2.0)
        XCTAssertEqual(
            timedTrace,
            [
                "1.0 -[PressView touchesBegan:withEvent:]",
                "1.5 long press began",
                "1.5 -[PressView touchesCancelled:withEvent:]",
                "1.7 long press changed",
                "2.0 long press ended",
            ])
        XCTAssertEqual(press.state, .possible)
    }

    func testMovingBeyondTheAllowableMovementFails() {
        driver.down(200, 200, at: 1.0)
        driver.move(208, 200, at: 1.1)
        XCTAssertEqual(press.state, .possible, "8 points is allowed")
        driver.move(211, 200, at: 1.2)
        XCTAssertEqual(press.state, .failed)
        driver.advance(to: 1.6)
        driver.up(211, 200, at: 2.0)
        XCTAssertEqual(
            timedTrace,
            [
                "1.0 -[PressView touchesBegan:withEvent:]",
                "1.1 -[PressView touchesMoved:withEvent:]",
                "1.2 -[PressView touchesMoved:withEvent:]",
                "2.0 -[PressView touchesEnded:withEvent:]",
            ])
        XCTAssertEqual(press.state, .possible)
    }

    func testLiftingEarlyFailsAndTheEndIsDeliveredAtOnce() {
        driver.down(200, 200, at: 1.0)
        driver.up(200, 200, at: 1.3)
        driver.advance(to: 2)
        XCTAssertEqual(
            timedTrace,
            [
                "1.0 -[PressView touchesBegan:withEvent:]",
                "1.3 -[PressView touchesEnded:withEvent:]",
            ])
    }

    /// `numberOfTapsRequired = 1`: tap, then touch down again and hold.
    func testTapThenHold() {
        press.numberOfTapsRequired = 1
        driver.tap(200, 200, at: 1.0)
        driver.down(200, 200, at: 1.2)
        driver.advance(to: 1.69)
        XCTAssertEqual(press.state, .possible)
        driver.advance(to: 1.7)
        XCTAssertEqual(press.state, .began)
        driver.up(200, 200, at: 2.0)
        XCTAssertEqual(driver.trace.filter { $0.hasPrefix("long press") }, ["long press began", "long press ended"])
        XCTAssertEqual(driver.time(of: "long press began"), 1.7)
        // A hold without the tap first is not enough; neither is a tap followed by a late press.
        driver.down(200, 200, at: 3.0)
        driver.advance(to: 3.6)
        XCTAssertEqual(press.state, .failed)
        driver.up(200, 200, at: 3.7)
        driver.tap(200, 200, at: 4.0)
        driver.advance(to: 4.4)
        XCTAssertEqual(press.state, .possible, "the tap sequence gave up 0.35 s after the lift, and reset")
        driver.down(200, 200, at: 4.5)  // a new sequence: this hold is its tap, held too long
        driver.advance(to: 5.0)
        XCTAssertEqual(press.state, .failed)
        driver.up(200, 200, at: 5.5)
        XCTAssertEqual(driver.trace.filter { $0.hasPrefix("long press") }.count, 2)
    }

    func testCustomDurationAndTwoFingers() {
        press.minimumPressDuration = 1.0
        press.numberOfTouchesRequired = 2
        driver.frame(at: 1.0, [HIDFrames.finger(1, 150, 200, .down), HIDFrames.finger(2, 250, 200, .down)])
        driver.advance(to: 1.9)
        XCTAssertEqual(press.state, .possible)
        driver.advance(to: 2.0)
        XCTAssertEqual(press.state, .began)
        XCTAssertEqual(press.numberOfTouches, 2)
        XCTAssertEqual(press.location(in: nil), CGPoint(x: 200, y: 200))
        driver.frame(at: 2.5, [HIDFrames.finger(1, 150, 200, .up), HIDFrames.finger(2, 250, 200, .up)])
        XCTAssertEqual(driver.trace.filter { $0.hasPrefix("long press") }, ["long press began", "long press ended"])
    }
}
