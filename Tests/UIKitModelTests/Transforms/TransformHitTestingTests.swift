import Foundation
import XCTest
@testable import UIKitModel

/// Hit-testing through `UIView.transform` (developer.apple.com/documentation/uikit/uiview/transform: "relative
/// to the center of its bounds"): each subview gets the point in its own bounds space, every transform on the
/// way undone, so `point(inside:with:)` compares against the untransformed bounds. Probed just inside and just
/// outside each corner of the transformed outline.
final class TransformHitTestingTests: XCTestCase {
    /// A window with a full-screen BackgroundView holding `view` (logging its hit-test calls).
    private func install(_ view: UIView, named name: String) -> TouchDriver {
        let driver = TouchDriver()
        let background = driver.addFullScreenView()
        background.traceClassNameOverride = "BackgroundView"
        view.traceClassNameOverride = name
        view.logGroups = .hitTest
        background.addSubview(view)
        return driver
    }

    /// `x,y → chosen view | the logged view's calls, explained`.
    private func probe(_ driver: TouchDriver, _ points: [(CGFloat, CGFloat)]) -> [String] {
        points.map { x, y in
            let before = driver.recorder.lines.count
            let hit = driver.app.hitTest(screenPoint: CGPoint(x: x, y: y), with: nil)
            let calls = driver.recorder.lines.dropFirst(before).map(\.explained)
            return (["\(Trace.Point.format(x)),\(Trace.Point.format(y)) → \(hit?.view.traceClassName ?? "nil")"] + calls)
                .joined(separator: " | ")
        }
    }

    /// 100×100 at (100, 100), turned 45° about its centre (150, 150): a diamond whose corners lie 70.71 points
    /// from the centre, (150, 79.29), (220.71, 150), (150, 220.71), (79.29, 150).
    func testRotatedViewCorners() {
        let rotated = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        rotated.transform = CGAffineTransform(rotationAngle: .pi / 4)
        let driver = install(rotated, named: "RotatedView")
        XCTAssertEqual(
            probe(driver, [(150, 80), (150, 79), (220, 150), (221, 150), (150, 220), (150, 221), (80, 150), (79, 150)]),
            [
                "150,80 → RotatedView | -[RotatedView hitTest:withEvent:] (0.5025253169416786,0.5025253169416715) → RotatedView"
                    + " | -[RotatedView pointInside:withEvent:] (0.5025253169416786,0.5025253169416715) → YES",
                "150,79 → BackgroundView | -[RotatedView hitTest:withEvent:] (-0.20458146424486756,-0.20458146424487467) → nil (pointInside NO)"
                    + " | -[RotatedView pointInside:withEvent:] (-0.20458146424486756,-0.20458146424487467) → NO (outside bounds)",
                "220,150 → RotatedView | -[RotatedView hitTest:withEvent:] (99.49747468305833,0.5025253169416786) → RotatedView"
                    + " | -[RotatedView pointInside:withEvent:] (99.49747468305833,0.5025253169416786) → YES",
                "221,150 → BackgroundView | -[RotatedView hitTest:withEvent:] (100.20458146424488,-0.20458146424486756) → nil (pointInside NO)"
                    + " | -[RotatedView pointInside:withEvent:] (100.20458146424488,-0.20458146424486756) → NO (outside bounds)",
                "150,220 → RotatedView | -[RotatedView hitTest:withEvent:] (99.49747468305833,99.49747468305833) → RotatedView"
                    + " | -[RotatedView pointInside:withEvent:] (99.49747468305833,99.49747468305833) → YES",
                "150,221 → BackgroundView | -[RotatedView hitTest:withEvent:] (100.20458146424487,100.20458146424488) → nil (pointInside NO)"
                    + " | -[RotatedView pointInside:withEvent:] (100.20458146424487,100.20458146424488) → NO (outside bounds)",
                "80,150 → RotatedView | -[RotatedView hitTest:withEvent:] (0.5025253169416715,99.49747468305833) → RotatedView"
                    + " | -[RotatedView pointInside:withEvent:] (0.5025253169416715,99.49747468305833) → YES",
                "79,150 → BackgroundView | -[RotatedView hitTest:withEvent:] (-0.20458146424487467,100.20458146424487) → nil (pointInside NO)"
                    + " | -[RotatedView pointInside:withEvent:] (-0.20458146424487467,100.20458146424487) → NO (outside bounds)",
            ])
        // The untransformed square's corner is no longer the view's; a point above the square now is.
        XCTAssertIdentical(driver.app.hitTest(screenPoint: CGPoint(x: 102, y: 102), with: nil)?.view, driver.window.subviews[0])
        XCTAssertIdentical(driver.app.hitTest(screenPoint: CGPoint(x: 150, y: 85), with: nil)?.view, rotated)
        // The same corners, worked out by hand: the point less the centre, turned back 45°, plus the bounds'
        // midpoint (50, 50).
        let s = (0.5 as CGFloat).squareRoot()
        let inside = rotated.convert(CGPoint(x: 150, y: 80), from: nil)
        XCTAssertEqual(inside.x, 50 + (0 * s - 70 * s), accuracy: 1e-12)
        XCTAssertEqual(inside.y, 50 + (-0 * s - 70 * s), accuracy: 1e-12)
    }

    /// 100×50 at (200, 400), scaled 2× about its centre (250, 425): it covers x 150...350, y 375...475, and a
    /// point one screen point inside a corner is half a point inside the bounds.
    func testScaledViewCorners() {
        let scaled = UIView(frame: CGRect(x: 200, y: 400, width: 100, height: 50))
        scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
        let driver = install(scaled, named: "ScaledView")
        XCTAssertEqual(scaled.frame, CGRect(x: 150, y: 375, width: 200, height: 100))
        XCTAssertEqual(
            probe(driver, [(151, 376), (149, 374), (349, 376), (351, 374), (349, 474), (351, 476), (151, 474), (149, 476)]),
            [
                "151,376 → ScaledView | -[ScaledView hitTest:withEvent:] (0.5,0.5) → ScaledView | -[ScaledView pointInside:withEvent:] (0.5,0.5) → YES",
                "149,374 → BackgroundView | -[ScaledView hitTest:withEvent:] (-0.5,-0.5) → nil (pointInside NO) | -[ScaledView pointInside:withEvent:] (-0.5,-0.5) → NO (outside bounds)",
                "349,376 → ScaledView | -[ScaledView hitTest:withEvent:] (99.5,0.5) → ScaledView | -[ScaledView pointInside:withEvent:] (99.5,0.5) → YES",
                "351,374 → BackgroundView | -[ScaledView hitTest:withEvent:] (100.5,-0.5) → nil (pointInside NO) | -[ScaledView pointInside:withEvent:] (100.5,-0.5) → NO (outside bounds)",
                "349,474 → ScaledView | -[ScaledView hitTest:withEvent:] (99.5,49.5) → ScaledView | -[ScaledView pointInside:withEvent:] (99.5,49.5) → YES",
                "351,476 → BackgroundView | -[ScaledView hitTest:withEvent:] (100.5,50.5) → nil (pointInside NO) | -[ScaledView pointInside:withEvent:] (100.5,50.5) → NO (outside bounds)",
                "151,474 → ScaledView | -[ScaledView hitTest:withEvent:] (0.5,49.5) → ScaledView | -[ScaledView pointInside:withEvent:] (0.5,49.5) → YES",
                "149,476 → BackgroundView | -[ScaledView hitTest:withEvent:] (-0.5,50.5) → nil (pointInside NO) | -[ScaledView pointInside:withEvent:] (-0.5,50.5) → NO (outside bounds)",
            ])
    }

    /// A subview of a transformed view is hit-tested in its own space: both transforms are undone on the way
    /// down (the parent's 2× scale, then nothing for the child), and the child's rectangle scales with it.
    func testSubviewOfAScaledViewScalesWithIt() {
        let scaled = UIView(frame: CGRect(x: 200, y: 400, width: 100, height: 50))
        scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        scaled.addSubview(child)
        let driver = install(scaled, named: "ScaledView")
        // The child covers screen x 150...170, y 375...395.
        XCTAssertIdentical(driver.app.hitTest(screenPoint: CGPoint(x: 169, y: 394), with: nil)?.view, child)
        XCTAssertIdentical(driver.app.hitTest(screenPoint: CGPoint(x: 171, y: 394), with: nil)?.view, scaled)
    }

    /// Setting the transform back to the identity restores the plain rectangle, and a transform leaves
    /// `center` and `bounds` alone (UIKit: only `frame`, derived, changes).
    func testTransformKeepsCenterAndBounds() {
        let view = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        view.transform = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        XCTAssertEqual(view.center, CGPoint(x: 150, y: 125))
        XCTAssertEqual(view.bounds, CGRect(x: 0, y: 0, width: 100, height: 50))
        XCTAssertEqual(view.frame, CGRect(x: 125, y: 75, width: 50, height: 100))
        // Setting `frame` with a transform (undefined in UIKit): the rectangle is taken as the untransformed one.
        view.frame = CGRect(x: 0, y: 0, width: 60, height: 20)
        XCTAssertEqual(view.center, CGPoint(x: 30, y: 10))
        XCTAssertEqual(view.bounds.size, CGSize(width: 60, height: 20))
        XCTAssertEqual(view.frame, CGRect(x: 20, y: -20, width: 20, height: 60))
        view.transform = .identity
        XCTAssertEqual(view.frame, CGRect(x: 0, y: 0, width: 60, height: 20))
    }
}
