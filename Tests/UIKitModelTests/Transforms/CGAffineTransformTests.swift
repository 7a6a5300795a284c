import Foundation
import XCTest
@testable import UIKitModel

/// CGAffineTransform with Core Graphics' names and row-vector semantics
/// (developer.apple.com/documentation/corefoundation/cgaffinetransform): `[x y 1] × M`.
final class CGAffineTransformTests: XCTestCase {
    private let quarterTurn = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)

    func testMakersAndApplying() {
        XCTAssertEqual(CGPoint(x: 3, y: 4).applying(.identity), CGPoint(x: 3, y: 4))
        XCTAssertEqual(CGPoint(x: 3, y: 4).applying(CGAffineTransform(translationX: 10, y: -2)), CGPoint(x: 13, y: 2))
        XCTAssertEqual(CGPoint(x: 3, y: 4).applying(CGAffineTransform(scaleX: 2, y: 0.5)), CGPoint(x: 6, y: 2))
        // A positive angle turns +x towards +y: clockwise on UIKit's y-down screen.
        XCTAssertEqual(CGPoint(x: 3, y: 4).applying(quarterTurn), CGPoint(x: -4, y: 3))
        let made = CGAffineTransform(rotationAngle: .pi / 2)
        XCTAssertEqual(made.a, 6.123233995736766e-17)  // cos(π/2) in binary: no snapping, as Core Graphics
        XCTAssertEqual(made.b, 1)
        XCTAssertEqual(made.traceText, "[0, 1, -1, 0, 0, 0]")
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertFalse(CGAffineTransform(translationX: 0, y: 1).isIdentity)
    }

    /// `t1.concatenating(t2)`: t1 first, then t2. `translatedBy`/`scaledBy`/`rotated(by:)` put their step first.
    func testConcatenationOrder() {
        let scale = CGAffineTransform(scaleX: 2, y: 2), move = CGAffineTransform(translationX: 10, y: 0)
        let p = CGPoint(x: 1, y: 1)
        XCTAssertEqual(p.applying(scale.concatenating(move)), CGPoint(x: 12, y: 2))  // scaled, then moved
        XCTAssertEqual(p.applying(move.concatenating(scale)), CGPoint(x: 22, y: 2))  // moved, then scaled
        XCTAssertEqual(scale.translatedBy(x: 10, y: 0), move.concatenating(scale))
        XCTAssertEqual(move.scaledBy(x: 2, y: 2), scale.concatenating(move))
        XCTAssertEqual(move.rotated(by: 0), move)
        XCTAssertEqual(
            move.scaledBy(x: 2, y: 2), CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 0))
        XCTAssertEqual(
            scale.translatedBy(x: 10, y: 0), CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 20, ty: 0))
        XCTAssertEqual(p.applying(quarterTurn.concatenating(move)), CGPoint(x: 9, y: 1))
    }

    func testInverted() {
        let t = CGAffineTransform(scaleX: 2, y: 4).concatenating(quarterTurn).concatenating(
            CGAffineTransform(translationX: 8, y: -6))
        let inverse = t.inverted()
        XCTAssertEqual(inverse, CGAffineTransform(a: 0, b: -0.25, c: 0.5, d: 0, tx: 3, ty: 2))
        XCTAssertEqual(CGPoint(x: 3, y: 5).applying(t).applying(inverse), CGPoint(x: 3, y: 5))
        XCTAssertEqual(t.concatenating(inverse), .identity)
        // "If the affine transform cannot be inverted, the affine transform is returned unchanged."
        let flat = CGAffineTransform(scaleX: 0, y: 3)
        XCTAssertEqual(flat.inverted(), flat)
    }

    func testRectApplyingIsTheBoundingBox() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 20)
        XCTAssertEqual(rect.applying(quarterTurn), CGRect(x: -20, y: 0, width: 20, height: 40))
        XCTAssertEqual(rect.applying(CGAffineTransform(scaleX: -1, y: 1)), CGRect(x: -40, y: 0, width: 40, height: 20))
    }
}
