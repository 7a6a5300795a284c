import Foundation
import GestureScript
import HeadlessApp
import TestSupport
import UIKitModel
import XCTest

/// The gesture example scenes driven by gesture scripts (deploy/scenes/scripts/*.gesture), as `app-host run
/// <scene> --input <script>` plays them: parsed, played into HID frames, fed through the headless runner.
final class GestureScriptRunTests: XCTestCase {
    private func run(_ scene: String, _ script: String) throws -> [Trace.Line] {
        let root = SharedPaths.packageRoot
        let runner = try HeadlessAppRunner(sceneURL: root.appendingPathComponent("deploy/scenes/\(scene).yaml"))
        let text = try String(contentsOf: root.appendingPathComponent("deploy/scenes/scripts/\(script).gesture"), encoding: .utf8)
        let frames = try GestureScript.parse(text).frames()
        return runner.run(frames)
    }

    private func timed(_ lines: [Trace.Line]) -> [String] {
        lines.filter { !$0.text.hasSuffix(" hitTest:withEvent:]") && !$0.text.hasSuffix(" pointInside:withEvent:]") }
            .map { "\(Double($0.time) / 1e9) \($0.text)" }
    }

    func testTapOverYellowIsTheFiveLinesOfSection5() throws {
        XCTAssertEqual(
            timed(try run("tap-over-yellow", "tap-over-yellow")),
            [
                "1.0 -[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "1.0 -[YellowView touchesBegan:withEvent:]",
                "1.05 -[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "1.05 View Taped",
                "1.05 -[YellowView touchesCancelled:withEvent:]",
            ])
    }

    func testPanRight() throws {
        XCTAssertEqual(
            timed(try run("pan-parent", "pan-right")),
            [
                "1.0 -[UIPanGestureRecognizer touchesBegan:withEvent:]",
                "1.0 -[ChildView touchesBegan:withEvent:]",
                "1.02 -[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "1.02 -[ChildView touchesMoved:withEvent:]",
                "1.04 -[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "1.04 Panned began translation=(12, 0) velocity=(300, 0)",
                "1.04 -[ChildView touchesCancelled:withEvent:]",
                "1.06 -[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "1.06 Panned changed translation=(18, 0) velocity=(300, 0)",
                "1.08 -[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "1.08 Panned changed translation=(24, 0) velocity=(300, 0)",
                "1.1 -[UIPanGestureRecognizer touchesEnded:withEvent:]",
                "1.1 Panned ended translation=(30, 0) velocity=(300, 0)",
            ])
    }

    func testTapChain() throws {
        XCTAssertEqual(timed(try run("tap-chain", "one-tap")), ["1.4 single tap"])
        XCTAssertEqual(timed(try run("tap-chain", "two-taps")), ["1.6 double tap"])
        XCTAssertEqual(timed(try run("tap-chain", "three-taps")), ["1.45 triple tap"])
    }

    func testDoubleTapHeldEndReleasedOrCancelled() throws {
        XCTAssertEqual(
            timed(try run("double-tap-delays-ended", "two-taps")),
            [
                "1.0 -[TapView touchesBegan:withEvent:]",
                "1.2 -[TapView touchesEnded:withEvent:]",
                "1.2 -[TapView touchesBegan:withEvent:]",
                "1.25 Double Tapped",
                "1.25 -[TapView touchesCancelled:withEvent:]",
            ])
        XCTAssertEqual(
            timed(try run("double-tap-delays-ended", "quick-double-tap")),
            [
                "1.0 -[TapView touchesBegan:withEvent:]",
                "1.1 -[TapView touchesBegan:withEvent:]",
                "1.15 Double Tapped",
                "1.15 -[TapView touchesCancelled:withEvent:]",
                "1.15 -[TapView touchesCancelled:withEvent:]",
            ])
    }

    func testPinchOutAndRotate() throws {
        XCTAssertEqual(
            timed(try run("pinch-rotate", "pinch-out")),
            [
                "1.05 Pinched began scale=1.250 velocity=5.000",
                "1.1 Pinched changed scale=1.500 velocity=5.000",
                "1.15 Pinched changed scale=1.750 velocity=5.000",
                "1.2 Pinched ended scale=2.000 velocity=5.000",
            ])
        XCTAssertEqual(
            timed(try run("pinch-rotate", "rotate-quarter")),
            [
                "1.05 Rotated began rotation=0.3927 velocity=7.854",
                "1.1 Rotated changed rotation=0.7854 velocity=7.854",
                "1.15 Rotated changed rotation=1.1781 velocity=7.854",
                "1.2 Rotated ended rotation=1.5708 velocity=7.854",
            ])
    }

    func testSwipeThenLongPress() throws {
        XCTAssertEqual(
            timed(try run("long-press-swipe", "swipe-then-press")),
            [
                "1.0 -[CardView touchesBegan:withEvent:]",
                "1.02 -[CardView touchesMoved:withEvent:]",
                "1.04 -[CardView touchesMoved:withEvent:]",
                "1.06 Swiped location=(240, 400) touches=1",
                "1.06 -[CardView touchesCancelled:withEvent:]",
                "2.0 -[CardView touchesBegan:withEvent:]",
                "2.5 Long press began",
                "2.5 -[CardView touchesCancelled:withEvent:]",
                "3.0 Long press ended",
            ])
    }
}
