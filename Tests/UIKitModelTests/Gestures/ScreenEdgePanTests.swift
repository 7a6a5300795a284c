import Foundation
import XCTest
@testable import UIKitModel

/// `UIScreenEdgePanGestureRecognizer` (developer.apple.com/documentation/uikit/uiscreenedgepangesturerecognizer):
/// a pan from each edge of a 400 x 800 screen, the 20-point start band (GestureConstants.screenEdgeRegion),
/// failure for a touch away from the edge or moving along it, and an edge pan against an ordinary pan on the
/// same view. The recognizer sits on a logging content view that fills the window, so each trace also shows
/// what the view gets (its touches are cancelled when the edge pan begins, as for any pan).
final class ScreenEdgePanTests: XCTestCase {
    private var driver: TouchDriver!
    private var content: TouchLoggingView!
    private var edgePan: UIScreenEdgePanGestureRecognizer!

    override func setUp() {
        driver = TouchDriver()
        content = TouchLoggingView("ContentView", frame: driver.window.frame)
        driver.window.addSubview(content)
        edgePan = logging(UIScreenEdgePanGestureRecognizer(), "edge")
        edgePan.edges = .all
        content.addGestureRecognizer(edgePan)
    }

    /// `recognizer` logging its touch methods, its action printing `name state (translation)`.
    private func logging<R: UIPanGestureRecognizer>(_ recognizer: R, _ name: String) -> R {
        recognizer.logsCalls = true
        let recorder = driver.recorder
        recognizer.addTarget(
            .handler(name) { recognizer in
                let t = (recognizer as! UIPanGestureRecognizer).translation(in: nil)
                recorder.record("\(name) \(recognizer.state) (\(Int(t.x)), \(Int(t.y)))")
            })
        return recognizer
    }

    private let edge = "UIScreenEdgePanGestureRecognizer"

    /// Down at `start`, three moves of `step` (the third passes the 10-point hysteresis), one more of three
    /// steps, lift there: 20 ms apart from 1.00 s.
    private func drag(from start: CGPoint, step: CGPoint) {
        driver.down(start.x, start.y, at: 1.00)
        for i in 1...3 {
            driver.move(start.x + step.x * CGFloat(i), start.y + step.y * CGFloat(i), at: 1.00 + 0.02 * Double(i))
        }
        let end = CGPoint(x: start.x + step.x * 6, y: start.y + step.y * 6)
        driver.move(end.x, end.y, at: 1.08)
        driver.up(end.x, end.y, at: 1.10)
    }

    /// The trace of a pan in from an edge that began: `t1` after the third step, `t2` at the end.
    private func beganTrace(_ t1: (Int, Int), _ t2: (Int, Int)) -> [String] {
        [
            "-[\(edge) touchesBegan:withEvent:]",
            "-[ContentView touchesBegan:withEvent:]",
            "-[\(edge) touchesMoved:withEvent:]",
            "-[ContentView touchesMoved:withEvent:]",
            "-[\(edge) touchesMoved:withEvent:]",
            "-[ContentView touchesMoved:withEvent:]",
            "-[\(edge) touchesMoved:withEvent:]",
            "edge began (\(t1.0), \(t1.1))",
            "-[ContentView touchesCancelled:withEvent:]",
            "-[\(edge) touchesMoved:withEvent:]",
            "edge changed (\(t2.0), \(t2.1))",
            "-[\(edge) touchesEnded:withEvent:]",
            "edge ended (\(t2.0), \(t2.1))",
        ]
    }

    func testAPanInFromTheLeftEdgeBeginsChangesAndEnds() {
        drag(from: CGPoint(x: 10, y: 400), step: CGPoint(x: 4, y: 0))
        XCTAssertEqual(driver.trace, beganTrace((12, 0), (24, 0)))
        XCTAssertEqual(driver.time(of: "edge began (12, 0)"), 1.06)
        XCTAssertEqual(edgePan.state, .possible, "reset once the touch is gone")
    }

    func testAPanInFromTheRightEdgeBeginsChangesAndEnds() {
        drag(from: CGPoint(x: 390, y: 400), step: CGPoint(x: -4, y: 0))
        XCTAssertEqual(driver.trace, beganTrace((-12, 0), (-24, 0)))
    }

    func testAPanInFromTheTopEdgeBeginsChangesAndEnds() {
        drag(from: CGPoint(x: 200, y: 5), step: CGPoint(x: 0, y: 4))
        XCTAssertEqual(driver.trace, beganTrace((0, 12), (0, 24)))
    }

    func testAPanInFromTheBottomEdgeBeginsChangesAndEnds() {
        drag(from: CGPoint(x: 200, y: 795), step: CGPoint(x: 0, y: -4))
        XCTAssertEqual(driver.trace, beganTrace((0, -12), (0, -24)))
    }

    /// A touch that comes down away from every edge fails the recognizer in its touchesBegan: the view gets
    /// the whole touch and the recognizer nothing more.
    func testATouchAwayFromTheEdgesFailsAtOnceAndTheViewKeepsTheTouch() {
        drag(from: CGPoint(x: 200, y: 400), step: CGPoint(x: 4, y: 0))
        XCTAssertEqual(
            driver.trace,
            [
                "-[\(edge) touchesBegan:withEvent:]",
                "-[ContentView touchesBegan:withEvent:]",
                "-[ContentView touchesMoved:withEvent:]",
                "-[ContentView touchesMoved:withEvent:]",
                "-[ContentView touchesMoved:withEvent:]",
                "-[ContentView touchesMoved:withEvent:]",
                "-[ContentView touchesEnded:withEvent:]",
            ])
    }

    /// The start band is 20 points: a touch 20 points from the left edge begins a pan, one 21 points away fails.
    func testTheStartBandIsTwentyPoints() {
        XCTAssertEqual(GestureConstants.screenEdgeRegion, 20)
        drag(from: CGPoint(x: 20, y: 400), step: CGPoint(x: 4, y: 0))
        XCTAssertTrue(driver.trace.contains("edge began (12, 0)"), "\(driver.trace)")
        driver.recorder.removeAll()
        driver.down(21, 400, at: 2.00)
        driver.move(41, 400, at: 2.02)
        driver.up(41, 400, at: 2.04)
        XCTAssertEqual(
            driver.trace,
            [
                "-[\(edge) touchesBegan:withEvent:]",
                "-[ContentView touchesBegan:withEvent:]",
                "-[ContentView touchesMoved:withEvent:]",
                "-[ContentView touchesEnded:withEvent:]",
            ])
    }

    /// Only the edges in `edges` count: with `.left` alone, a pan in from the right edge fails at touch-down.
    func testATouchNearAnEdgeNotInEdgesFails() {
        edgePan.edges = .left
        drag(from: CGPoint(x: 390, y: 400), step: CGPoint(x: -4, y: 0))
        XCTAssertEqual(driver.trace.filter { $0.hasPrefix("edge") }, [])
        XCTAssertEqual(driver.trace.first, "-[\(edge) touchesBegan:withEvent:]")
        XCTAssertEqual(driver.trace.last, "-[ContentView touchesEnded:withEvent:]")
    }

    /// A finger that starts at the left edge but slides along it (down the screen) fails once it passes the
    /// hysteresis, in that touchesMoved: the view keeps the touch, which is never cancelled.
    func testAMovementAlongTheEdgeFailsInsteadOfBeginning() {
        drag(from: CGPoint(x: 10, y: 400), step: CGPoint(x: 1, y: 4))
        XCTAssertEqual(
            driver.trace,
            [
                "-[\(edge) touchesBegan:withEvent:]",
                "-[ContentView touchesBegan:withEvent:]",
                "-[\(edge) touchesMoved:withEvent:]",
                "-[ContentView touchesMoved:withEvent:]",
                "-[\(edge) touchesMoved:withEvent:]",
                "-[ContentView touchesMoved:withEvent:]",
                "-[\(edge) touchesMoved:withEvent:]",
                "-[ContentView touchesMoved:withEvent:]",
                "-[ContentView touchesMoved:withEvent:]",
                "-[ContentView touchesEnded:withEvent:]",
            ])
    }

    /// "This gesture recognizer ignores any touches beyond the first touch": the second finger's touchesBegan is
    /// where it ignores it (`ignore(_:for:)`, as a pan does beyond `maximumNumberOfTouches`); after that the
    /// finger never reaches the recognizer, its lift included, and the translation is the first finger's.
    func testASecondFingerIsIgnored() {
        driver.down(10, 400, at: 1.00)
        driver.down(200, 400, at: 1.02, finger: 2)
        driver.move(30, 400, at: 1.04)
        driver.up(30, 400, at: 1.06)
        driver.up(200, 400, at: 1.08, finger: 2)
        XCTAssertEqual(
            driver.trace.filter { $0.contains(edge) || $0.hasPrefix("edge") },
            [
                "-[\(edge) touchesBegan:withEvent:]",
                "-[\(edge) touchesBegan:withEvent:]",
                "-[\(edge) touchesMoved:withEvent:]",
                "edge began (20, 0)",
                "-[\(edge) touchesEnded:withEvent:]",
                "edge ended (20, 0)",
            ])
    }
}

/// A left-edge pan and an ordinary pan on the same view. Apple documents no precedence between them; an app
/// that wants the edge to win says so with `require(toFail:)` ("Preferring one gesture over another",
/// developer.apple.com/documentation/uikit/preferring-one-gesture-over-another).
final class ScreenEdgePanVersusPanTests: XCTestCase {
    private var driver: TouchDriver!
    private var pan: UIPanGestureRecognizer!
    private var edgePan: UIScreenEdgePanGestureRecognizer!

    override func setUp() {
        driver = TouchDriver()
        let content = TouchLoggingView("ContentView", frame: driver.window.frame)
        driver.window.addSubview(content)
        pan = UIPanGestureRecognizer()
        edgePan = UIScreenEdgePanGestureRecognizer()
        edgePan.edges = .left
        let recorder = driver.recorder
        for (recognizer, name) in [(pan!, "pan"), (edgePan!, "edge")] as [(UIPanGestureRecognizer, String)] {
            recognizer.addTarget(
                .handler(name) { recognizer in
                    let t = (recognizer as! UIPanGestureRecognizer).translation(in: nil)
                    recorder.record("\(name) \(recognizer.state) (\(Int(t.x)), \(Int(t.y)))")
                })
            content.addGestureRecognizer(recognizer)
        }
    }

    private func panRight(from x: CGFloat) {
        driver.down(x, 400, at: 1.00)
        driver.move(x + 6, 400, at: 1.02)
        driver.move(x + 12, 400, at: 1.04)
        driver.move(x + 30, 400, at: 1.06)
        driver.up(x + 30, 400, at: 1.08)
    }

    private var actions: [String] { driver.trace.filter { $0.hasPrefix("pan ") || $0.hasPrefix("edge ") } }

    /// The pan requires the edge pan to fail: from the left edge the edge pan begins and the pan fails.
    func testFromTheEdgeTheEdgePanWinsWhenThePanRequiresItToFail() {
        pan.require(toFail: edgePan)
        panRight(from: 8)
        XCTAssertEqual(actions, ["edge began (12, 0)", "edge changed (30, 0)", "edge ended (30, 0)"])
        XCTAssertEqual(
            driver.trace.filter { $0.hasPrefix("-[ContentView") },
            [
                "-[ContentView touchesBegan:withEvent:]", "-[ContentView touchesMoved:withEvent:]",
                "-[ContentView touchesCancelled:withEvent:]",
            ])
    }

    /// Away from the edge the edge pan fails at touch-down, so the pan that requires its failure is free at once
    /// and begins at the same move as it would alone.
    func testAwayFromTheEdgeThePanBeginsWithoutWaiting() {
        pan.require(toFail: edgePan)
        panRight(from: 200)
        XCTAssertEqual(actions, ["pan began (12, 0)", "pan changed (30, 0)", "pan ended (30, 0)"])
        XCTAssertEqual(driver.time(of: "pan began (12, 0)"), 1.04)
    }

    /// Without a requirement both reach the hysteresis on the same move and UIKit's exclusivity lets one begin:
    /// the model asks a view's recognizers in the order they were added, so the pan (added first) begins and
    /// the edge pan fails. (Order between recognizers of one view is the model's; UIKit does not document it,
    /// which is why apps state the preference.)
    func testWithoutARequirementExactlyOneBegins() {
        panRight(from: 8)
        XCTAssertEqual(actions, ["pan began (12, 0)", "pan changed (30, 0)", "pan ended (30, 0)"])
        XCTAssertEqual(edgePan.state, .possible)
    }
}
