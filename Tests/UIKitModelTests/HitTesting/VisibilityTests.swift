import XCTest
import UIKitModel

/// Hidden views, alpha 0.01 vs 0.02, non-interactive parents and image views, a child outside its parent
/// (deploy/scenes/visibility.yaml).
final class VisibilityTests: XCTestCase {
    private func began(at x: Float, _ y: Float) throws -> [String] {
        let app = try SceneFixture("visibility")
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, x, y, .down)])])
        return app.trace
    }

    /// The whole pass for a tap on the hidden view: every sibling is asked (last added first); hidden,
    /// alpha 0.01 and non-interactive views answer nil without being asked pointInside.
    func testHiddenViewIsSkippedAndTheRootGetsTheTouch() throws {
        XCTAssertEqual(
            try began(at: 70, 150),
            [
                "-[RootView hitTest:withEvent:]",
                "-[RootView pointInside:withEvent:]",
                "-[SmallParent hitTest:withEvent:]",
                "-[SmallParent pointInside:withEvent:]",
                "-[PhotoView hitTest:withEvent:]",
                "-[DisabledParent hitTest:withEvent:]",
                "-[FaintView hitTest:withEvent:]",
                "-[FaintView pointInside:withEvent:]",
                "-[FadedView hitTest:withEvent:]",
                "-[HiddenView hitTest:withEvent:]",
                "-[RootView touchesBegan:withEvent:]",
            ])
    }

    func testAlphaOneHundredthIsSkipped() throws {
        XCTAssertEqual(try began(at: 70, 270).last, "-[RootView touchesBegan:withEvent:]")
    }

    func testAlphaTwoHundredthsIsHit() throws {
        XCTAssertEqual(
            try began(at: 70, 390).suffix(3),
            [
                "-[FaintView hitTest:withEvent:]",
                "-[FaintView pointInside:withEvent:]",
                "-[FaintView touchesBegan:withEvent:]",
            ])
    }

    /// A non-interactive parent hides its interactive child: the child is never asked.
    func testNonInteractiveParentHidesItsChild() throws {
        let trace = try began(at: 70, 510)
        XCTAssertFalse(trace.contains { $0.hasPrefix("-[EnabledChild") })
        XCTAssertEqual(trace.last, "-[RootView touchesBegan:withEvent:]")
    }

    /// UIImageView is non-interactive by default, so its subviews cannot be hit.
    func testImageViewHidesItsChild() throws {
        let trace = try began(at: 250, 150)
        XCTAssertFalse(trace.contains { $0.hasPrefix("-[PhotoButton") })
        XCTAssertEqual(trace.last, "-[RootView touchesBegan:withEvent:]")
    }

    func testChildIsHitWhereItOverlapsItsParent() throws {
        XCTAssertEqual(
            try began(at: 110, 650),
            [
                "-[RootView hitTest:withEvent:]",
                "-[RootView pointInside:withEvent:]",
                "-[SmallParent hitTest:withEvent:]",
                "-[SmallParent pointInside:withEvent:]",
                "-[OverhangingChild hitTest:withEvent:]",
                "-[OverhangingChild pointInside:withEvent:]",
                "-[OverhangingChild touchesBegan:withEvent:]",
            ])
    }

    /// Outside its parent's bounds the child is unreachable: the parent says "not inside" and its subviews are
    /// never asked.
    func testChildOutsideItsParentsBoundsIsMissed() throws {
        let trace = try began(at: 160, 650)
        XCTAssertEqual(
            Array(trace.prefix(4)),
            [
                "-[RootView hitTest:withEvent:]",
                "-[RootView pointInside:withEvent:]",
                "-[SmallParent hitTest:withEvent:]",
                "-[SmallParent pointInside:withEvent:]",
            ])
        XCTAssertFalse(trace.contains { $0.hasPrefix("-[OverhangingChild") })
        XCTAssertEqual(trace.last, "-[RootView touchesBegan:withEvent:]")
    }

    /// Turning interaction on for the image view makes its child reachable.
    func testEnablingTheImageViewExposesItsChild() throws {
        let app = try SceneFixture("visibility")
        app.view("photo").isUserInteractionEnabled = true
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 250, 150, .down)])])
        XCTAssertEqual(app.trace.last, "-[PhotoButton touchesBegan:withEvent:]")
    }
}
