import Foundation
import XCTest
@testable import UIKitModel

/// `convert(_:to:)`/`convert(_:from:)` and `UITouch.location(in:)`/`previousLocation(in:)` through a nested
/// transformed hierarchy: a parent scaled 2× and its child turned a quarter turn (exact matrices, so every
/// number below is exact).
///
///     window 400×800
///     └─ parent frame (50, 50, 100, 100), centre (100, 100), scale 2: covers the window's (0, 0)...(200, 200)
///        └─ child frame (10, 20, 40, 20) in the parent, centre (30, 30), turned 90° clockwise
final class TransformConversionTests: XCTestCase {
    private var driver: TouchDriver!
    private var parent: UIView!
    private var child: TouchRecordingView!

    /// Records where each touch is, in its own, the parent's and the window's space.
    final class TouchRecordingView: UIView {
        var log: [String] = []
        weak var other: UIView?

        private func note(_ phase: String, _ touches: Set<UITouch>) {
            for touch in touches {
                func text(_ p: CGPoint) -> String { "(\(Trace.Point.format(p.x)), \(Trace.Point.format(p.y)))" }
                log.append(
                    "\(phase) child \(text(touch.location(in: self))) previous \(text(touch.previousLocation(in: self)))"
                        + " parent \(text(touch.location(in: other))) window \(text(touch.location(in: nil)))")
            }
        }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches) }
    }

    override func setUp() {
        driver = TouchDriver()
        parent = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        parent.transform = CGAffineTransform(scaleX: 2, y: 2)
        child = TouchRecordingView(frame: CGRect(x: 10, y: 20, width: 40, height: 20))
        child.transform = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        child.other = parent
        driver.window.addSubview(parent)
        parent.addSubview(child)
    }

    func testPointsBothWays() {
        // The child's top-left corner: (−20, −10) from its bounds' midpoint, turned to (10, −20), plus its
        // centre (30, 30) = (40, 10) in the parent; (−10, −40) from the parent's midpoint, doubled, plus the
        // parent's centre (100, 100) = (80, 20) in the window.
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 0), to: parent), CGPoint(x: 40, y: 10))
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: 80, y: 20))
        XCTAssertEqual(child.convert(CGPoint(x: 40, y: 20), to: nil), CGPoint(x: 40, y: 100))
        XCTAssertEqual(child.convert(CGPoint(x: 22, y: 5), to: nil), CGPoint(x: 70, y: 64))
        XCTAssertEqual(child.convert(CGPoint(x: 70, y: 64), from: nil), CGPoint(x: 22, y: 5))
        XCTAssertEqual(child.convert(CGPoint(x: 40, y: 10), from: parent), CGPoint(x: 0, y: 0))
        XCTAssertEqual(parent.convert(CGPoint(x: 22, y: 5), from: child), CGPoint(x: 35, y: 32))
        XCTAssertEqual(driver.window.convert(CGPoint(x: 22, y: 5), from: child), CGPoint(x: 70, y: 64))
    }

    /// Rectangles convert as the bounding box of their converted corners; `frame` is the child's bounding
    /// box in the parent.
    func testRectsAreBoundingBoxes() {
        XCTAssertEqual(child.convert(child.bounds, to: nil), CGRect(x: 40, y: 20, width: 40, height: 80))
        XCTAssertEqual(child.convert(child.bounds, to: parent), CGRect(x: 20, y: 10, width: 20, height: 40))
        XCTAssertEqual(child.frame, CGRect(x: 20, y: 10, width: 20, height: 40))
        XCTAssertEqual(parent.frame, CGRect(x: 0, y: 0, width: 200, height: 200))
        XCTAssertEqual(
            child.convert(CGRect(x: 40, y: 20, width: 40, height: 80), from: nil), CGRect(x: 0, y: 0, width: 40, height: 20))
    }

    /// A touch at (70, 64) lands on the child at (22, 5); moving it 4 points down the screen moves it 2 points
    /// along the child's x axis (the parent halves it, the quarter turn maps screen-down to child-x).
    func testTouchLocationsThroughBothTransforms() {
        driver.down(70, 64, at: 1)
        driver.move(70, 68, at: 1.1)
        driver.up(70, 68, at: 1.2)
        XCTAssertEqual(
            child.log,
            [
                "began child (22, 5) previous (22, 5) parent (35, 32) window (70, 64)",
                "moved child (24, 5) previous (22, 5) parent (35, 34) window (70, 68)",
                "ended child (24, 5) previous (24, 5) parent (35, 34) window (70, 68)",
            ])
    }

    /// The identity path is the untransformed arithmetic, bit for bit: a view whose ancestors have no
    /// transform converts by offsets alone.
    func testIdentityTransformsTakeThePlainPath() {
        let plain = UIView(frame: CGRect(x: 0.1, y: 0.2, width: 10, height: 10))
        driver.window.addSubview(plain)
        XCTAssertFalse(plain.isTransformedOnPath)
        XCTAssertTrue(child.isTransformedOnPath)
        XCTAssertEqual(plain.convert(CGPoint(x: 0.3, y: 0.7), to: nil), CGPoint(x: 0.3 + 0.1, y: 0.7 + 0.2))
        XCTAssertEqual(
            plain.convert(CGPoint(x: 0.3 + 0.1, y: 0.7 + 0.2), from: nil), CGPoint(x: 0.3 + 0.1 - 0.1, y: 0.7 + 0.2 - 0.2))
    }
}
