import Foundation
import XCTest
@testable import UIKitModel

/// event-delivery.md §5: a tap on a view whose parent has a tap recognizer, defaults everywhere.
final class GestureTapOverYellowViewTests: XCTestCase {
    private func makeScene() -> (TouchDriver, LXFTapGestureRecognizer, TouchLoggingView) {
        let driver = TouchDriver()
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let yellow = TouchLoggingView("YellowView", frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        driver.window.addSubview(parent)
        parent.addSubview(yellow)
        let tap = LXFTapGestureRecognizer(action: .log("View Taped"))
        tap.logsCalls = true
        parent.addGestureRecognizer(tap)
        return (driver, tap, yellow)
    }

    func testTheFiveLineTrace() {
        let (driver, _, _) = makeScene()
        driver.tap(150, 150, at: 1)
        XCTAssertEqual(
            driver.trace,
            [
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "-[YellowView touchesBegan:withEvent:]",
                "-[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "View Taped",
                "-[YellowView touchesCancelled:withEvent:]",
            ])
    }

    func testTheActionFiresAtTheLiftAndTheRecognizerResets() {
        let (driver, tap, yellow) = makeScene()
        driver.down(150, 150, at: 1)
        XCTAssertEqual(tap.state, .possible)
        XCTAssertEqual(
            driver.app.gestureEnvironment!.recognizers(for: driver.app.eventDispatcher.touchesEvent!.touchesInOrder[0])?.count, 1)
        driver.up(150, 150, at: 1.05)
        XCTAssertEqual(driver.time(of: "View Taped"), 1.05)
        XCTAssertEqual(tap.state, .possible, "reset once its touch is gone")
        XCTAssertTrue(driver.app.gestureEnvironment!.trackingRecognizers.isEmpty)
        // A second tap later is a fresh single tap with the same trace.
        driver.tap(150, 150, at: 3)
        XCTAssertEqual(driver.trace.filter { $0 == "View Taped" }.count, 2)
        _ = yellow
    }

    func testTheRecognizerReportsWhereTheTapHappened() {
        let (driver, tap, yellow) = makeScene()
        var location: CGPoint?
        var inYellow: CGPoint?
        var touches = -1
        tap.addTarget(
            .handler { recognizer in
                location = recognizer.location(in: nil)
                inYellow = recognizer.location(ofTouch: 0, in: yellow)
                touches = recognizer.numberOfTouches
            })
        driver.tap(150, 160, at: 1)
        XCTAssertEqual(location, CGPoint(x: 150, y: 160))
        XCTAssertEqual(inYellow, CGPoint(x: 50, y: 60))
        XCTAssertEqual(touches, 1)
    }

    func testAPressHeldLongerThanTheMaximumIsNotATapAndTheViewGetsItsEnd() {
        let (driver, tap, _) = makeScene()
        driver.down(150, 150, at: 1)
        driver.advance(to: 1 + GestureConstants.tapMaximumPressDuration)
        XCTAssertEqual(tap.state, .failed)
        driver.up(150, 150, at: 2)
        XCTAssertEqual(
            driver.trace,
            [
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "-[YellowView touchesBegan:withEvent:]",
                "-[YellowView touchesEnded:withEvent:]",
            ])
        XCTAssertEqual(tap.state, .possible)
    }

    func testMovingMoreThanTenPointsFailsTheTap() {
        let (driver, tap, _) = makeScene()
        driver.down(150, 150, at: 1)
        driver.move(160, 150, at: 1.02)
        XCTAssertEqual(tap.state, .possible, "10 points is still a tap")
        driver.move(161, 150, at: 1.04)
        XCTAssertEqual(tap.state, .failed)
        driver.up(161, 150, at: 1.06)
        XCTAssertEqual(
            driver.trace,
            [
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "-[YellowView touchesBegan:withEvent:]",
                "-[LXFTapGestureRecognizer touchesMoved:withEvent:]",
                "-[YellowView touchesMoved:withEvent:]",
                "-[LXFTapGestureRecognizer touchesMoved:withEvent:]",
                "-[YellowView touchesMoved:withEvent:]",
                "-[YellowView touchesEnded:withEvent:]",
            ])
    }
}
