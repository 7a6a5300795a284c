import Foundation
import XCTest
@testable import UIKitModel

/// A pan over a view whose parent has a pan recognizer (event-delivery.md §5): with the defaults, with
/// `cancelsTouchesInView = false`, and with `delaysTouchesBegan = true`.
final class GesturePanTests: XCTestCase {
    private var driver: TouchDriver!
    private var pan: UIPanGestureRecognizer!
    private var child: TouchLoggingView!

    override func setUp() {
        driver = TouchDriver()
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        child = TouchLoggingView("ChildView", frame: CGRect(x: 50, y: 200, width: 300, height: 200))
        driver.window.addSubview(parent)
        parent.addSubview(child)
        pan = UIPanGestureRecognizer()
        pan.logsCalls = true
        let recorder = driver.recorder
        pan.addTarget(
            .handler("pan") { recognizer in
                let pan = recognizer as! UIPanGestureRecognizer
                let t = pan.translation(in: nil)
                recorder.record("pan \(recognizer.state) (\(Int(t.x)), \(Int(t.y)))")
            })
        parent.addGestureRecognizer(pan)
    }

    /// Three small moves (4 points each), the third passing the 10-point hysteresis, one more move, lift.
    private func panRight() {
        driver.down(100, 300, at: 1.00)
        driver.move(104, 300, at: 1.02)
        driver.move(108, 300, at: 1.04)
        driver.move(112, 300, at: 1.06)
        driver.move(120, 300, at: 1.08)
        driver.up(124, 300, at: 1.10)
    }

    /// Documented rule (developer.apple.com/documentation/uikit/uigesturerecognizer/cancelstouchesinview): true (the default) and the
    /// recognizer recognizes: "previously delivered touches are cancelled through a touchesCancelled(_:with:)
    /// message sent to the view", and the view gets no more of them.
    func testDefaultsTheViewIsCancelledWhenThePanBegins() {
        panRight()
        XCTAssertEqual(
            driver.trace,
            [
                "-[UIPanGestureRecognizer touchesBegan:withEvent:]",
                "-[ChildView touchesBegan:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "-[ChildView touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "-[ChildView touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "pan began (12, 0)",
                "-[ChildView touchesCancelled:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "pan changed (20, 0)",
                "-[UIPanGestureRecognizer touchesEnded:withEvent:]",
                "pan ended (24, 0)",
            ])
        XCTAssertEqual(driver.time(of: "pan began (12, 0)"), 1.06)
        XCTAssertEqual(pan.state, .possible)
    }

    /// Documented rule (developer.apple.com/documentation/uikit/uigesturerecognizer/cancelstouchesinview): false, "the view receives all
    /// touches in the multi-touch sequence", alongside the recognizer's actions.
    func testCancelsTouchesInViewFalseTheViewKeepsEverything() {
        pan.cancelsTouchesInView = false
        panRight()
        XCTAssertEqual(
            driver.trace,
            [
                "-[UIPanGestureRecognizer touchesBegan:withEvent:]",
                "-[ChildView touchesBegan:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "-[ChildView touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "-[ChildView touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "pan began (12, 0)",
                "-[ChildView touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "pan changed (20, 0)",
                "-[ChildView touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesEnded:withEvent:]",
                "pan ended (24, 0)",
                "-[ChildView touchesEnded:withEvent:]",
            ])
    }

    /// Documented rule (developer.apple.com/documentation/uikit/uigesturerecognizer/delaystouchesbegan): true, and the recognizer recognizes:
    /// the withheld touches "are discarded" — the view sees nothing of the touch.
    func testDelaysTouchesBeganTheViewNeverSeesARecognizedPan() {
        pan.delaysTouchesBegan = true
        panRight()
        XCTAssertEqual(
            driver.trace,
            [
                "-[UIPanGestureRecognizer touchesBegan:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "pan began (12, 0)",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "pan changed (20, 0)",
                "-[UIPanGestureRecognizer touchesEnded:withEvent:]",
                "pan ended (24, 0)",
            ])
    }

    /// delaysTouchesBegan and the pan fails: the withheld touches are replayed (began first, with the data
    /// they had then), and delivery continues normally.
    /// Documented rule (developer.apple.com/documentation/uikit/uigesturerecognizer/delaystouchesbegan): if the recognizer "doesn't recognize its
    /// gesture, the window delivers these objects to the view in a touchesBegan(_:with:) message (and possibly
    /// a follow-up touchesMoved(_:with:) message to inform it of the touches' current locations)". The model
    /// replays every withheld frame (two moves here) rather than one summarizing move: each keeps its data.
    func testDelaysTouchesBeganAFailedPanReplaysTheWithheldTouches() {
        pan.delaysTouchesBegan = true
        var seen: [String] = []
        child.onTouch = { name, touches in
            let p = touches.first!.location(in: nil)
            seen.append("\(name) (\(Int(p.x)), \(Int(p.y)))")
        }
        driver.down(100, 300, at: 1.00)
        driver.move(104, 300, at: 1.02)
        driver.move(106, 300, at: 1.04)
        XCTAssertEqual(seen, [])
        driver.up(106, 300, at: 1.06)
        XCTAssertEqual(
            driver.trace,
            [
                "-[UIPanGestureRecognizer touchesBegan:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesEnded:withEvent:]",
                "-[ChildView touchesBegan:withEvent:]",
                "-[ChildView touchesMoved:withEvent:]",
                "-[ChildView touchesMoved:withEvent:]",
                "-[ChildView touchesEnded:withEvent:]",
            ])
        XCTAssertEqual(seen, ["began (100, 300)", "moved (104, 300)", "moved (106, 300)", "ended (106, 300)"])
    }

    /// A pan that fails while the touch goes on stops receiving it; the view gets the rest.
    func testAFailedRecognizerStopsReceivingTheTouch() {
        driver.down(100, 300, at: 1.00)
        pan.state = .failed
        driver.move(130, 300, at: 1.02)
        driver.up(130, 300, at: 1.04)
        XCTAssertEqual(
            driver.trace,
            [
                "-[UIPanGestureRecognizer touchesBegan:withEvent:]",
                "-[ChildView touchesBegan:withEvent:]",
                "-[ChildView touchesMoved:withEvent:]",
                "-[ChildView touchesEnded:withEvent:]",
            ])
        XCTAssertEqual(pan.state, .possible)
    }

    func testTranslationVelocityAndSetTranslation() {
        var velocities: [CGPoint] = []
        var translations: [CGPoint] = []
        pan.addTarget(
            .handler { recognizer in
                let pan = recognizer as! UIPanGestureRecognizer
                velocities.append(pan.velocity(in: nil))
                translations.append(pan.translation(in: nil))
                if pan.state == .changed { pan.setTranslation(.zero, in: nil) }
            })
        driver.down(100, 300, at: 1.00)
        driver.move(100, 315, at: 1.05)  // 15 points down in 0.05 s: began, 300 pt/s
        driver.move(100, 345, at: 1.10)  // 30 more: changed, 600 pt/s, then reset to zero
        driver.move(100, 355, at: 1.15)  // 10 more since the reset
        driver.up(100, 355, at: 1.20)  // no movement in the last 0.05 s
        XCTAssertEqual(translations, [CGPoint(x: 0, y: 15), CGPoint(x: 0, y: 45), CGPoint(x: 0, y: 10), CGPoint(x: 0, y: 0)])
        XCTAssertEqual(velocities.count, 4)
        XCTAssertEqual(velocities[0].y, 300, accuracy: 1e-6)
        XCTAssertEqual(velocities[1].y, 600, accuracy: 1e-6)
        XCTAssertEqual(velocities[2].y, 200, accuracy: 1e-6)
        XCTAssertEqual(velocities[3].y, 0, accuracy: 1e-6)
    }

    func testMinimumNumberOfTouchesTwoIgnoresOneFinger() {
        pan.minimumNumberOfTouches = 2
        panRight()
        XCTAssertFalse(driver.trace.contains { $0.hasPrefix("pan ") })
        XCTAssertTrue(driver.trace.contains("-[ChildView touchesEnded:withEvent:]"))
    }

    func testTwoFingerPanTranslatesByTheCentroid() {
        pan.minimumNumberOfTouches = 2
        driver.frame(at: 1.00, [HIDFrames.finger(1, 100, 300, .down), HIDFrames.finger(2, 200, 300, .down)])
        driver.frame(at: 1.05, [HIDFrames.finger(1, 100, 320, .move), HIDFrames.finger(2, 200, 320, .move)])
        driver.frame(at: 1.10, [HIDFrames.finger(1, 100, 330, .up), HIDFrames.finger(2, 200, 330, .up)])
        XCTAssertEqual(driver.trace.filter { $0.hasPrefix("pan ") }, ["pan began (0, 20)", "pan ended (0, 30)"])
        XCTAssertTrue(driver.trace.contains("-[ChildView touchesCancelled:withEvent:]"))
    }
}
