import XCTest
import Foundation
import RunLoopKit
import UIKitModel

/// Hit-testing through the Swift API: overrides in subclasses, conversions, several windows.
final class HitTestingAPITests: XCTestCase {
    /// `hitTest` returning nil lets touches fall through to the views behind.
    func testHitTestOverrideReturningNilFallsThrough() {
        final class PassThroughView: UIView {
            override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { nil }
        }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let behind = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let overlay = PassThroughView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        root.addSubview(behind)
        root.addSubview(overlay)
        XCTAssertIdentical(root.hitTest(CGPoint(x: 10, y: 10), with: nil), behind)
    }

    /// A larger hit area through `point(inside:)`.
    func testPointInsideOverrideGrowsTheHitArea() {
        final class BigTargetView: UIView {
            override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                bounds.insetBy(dx: -20, dy: -20).contains(point)
            }
        }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let small = BigTargetView(frame: CGRect(x: 100, y: 100, width: 10, height: 10))
        root.addSubview(small)
        XCTAssertIdentical(root.hitTest(CGPoint(x: 85, y: 125), with: nil), small)
        XCTAssertIdentical(root.hitTest(CGPoint(x: 75, y: 125), with: nil), root)
    }

    func testScriptedHitTestSelfSwallowsSubviews() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        root.addSubview(container)
        container.addSubview(child)
        XCTAssertIdentical(root.hitTest(CGPoint(x: 10, y: 10), with: nil), child)
        container.hitTestOverride = .returnsSelf
        XCTAssertIdentical(root.hitTest(CGPoint(x: 10, y: 10), with: nil), container)
        XCTAssertIdentical(root.hitTest(CGPoint(x: 250, y: 250), with: nil), root, "still bounded by point(inside:)")
        container.hitTestOverride = .returnsNil
        XCTAssertIdentical(root.hitTest(CGPoint(x: 10, y: 10), with: nil), root)
    }

    func testSubviewOrderAndBringToFront() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let first = UIView(frame: root.bounds), second = UIView(frame: root.bounds)
        root.addSubview(first)
        root.addSubview(second)
        XCTAssertIdentical(root.hitTest(CGPoint(x: 5, y: 5), with: nil), second)
        root.bringSubviewToFront(first)
        XCTAssertIdentical(root.hitTest(CGPoint(x: 5, y: 5), with: nil), first)
        XCTAssertTrue(root.subviews.last === first)
        first.removeFromSuperview()
        XCTAssertNil(first.superview)
        XCTAssertEqual(root.subviews.count, 1)
        root.insertSubview(first, belowSubview: second)
        XCTAssertTrue(root.subviews.first === first)
    }

    func testConvertPointsAndRects() {
        let window = UIWindow(frame: CGRect(x: 0, y: 20, width: 390, height: 800))
        let a = UIView(frame: CGRect(x: 10, y: 10, width: 300, height: 300))
        let b = UIView(frame: CGRect(x: 5, y: 7, width: 100, height: 100))
        let c = UIView(frame: CGRect(x: 200, y: 0, width: 50, height: 50))
        window.addSubview(a)
        a.addSubview(b)
        a.addSubview(c)
        XCTAssertEqual(b.convert(CGPoint(x: 1, y: 1), to: nil), CGPoint(x: 16, y: 18))
        XCTAssertEqual(b.convert(CGPoint(x: 1, y: 1), to: c), CGPoint(x: -194, y: 8))
        XCTAssertEqual(c.convert(CGPoint(x: 1, y: 1), from: b), CGPoint(x: -194, y: 8))
        XCTAssertEqual(b.convert(CGPoint(x: 16, y: 18), from: nil), CGPoint(x: 1, y: 1))
        XCTAssertEqual(b.convert(CGRect(x: 0, y: 0, width: 4, height: 4), to: a), CGRect(x: 5, y: 7, width: 4, height: 4))
        a.bounds.origin = CGPoint(x: 0, y: 50)  // scrolled content
        XCTAssertEqual(b.convert(CGPoint(x: 1, y: 1), to: nil), CGPoint(x: 16, y: -32))
        XCTAssertEqual(b.center, CGPoint(x: 55, y: 57))
    }

    /// Windows are asked front to back: highest level first, then the most recently shown.
    func testWindowsFrontToBack() {
        let app = UIApplication(runLoop: EventRunLoop(clock: ManualClock()))
        let main = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let overlay = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 100))
        let alert = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        for window in [main, overlay, alert] { app.addWindow(window) }
        alert.windowLevel = .alert
        main.makeKeyAndVisible()
        overlay.isHidden = false
        XCTAssertEqual(app.windowsFrontToBack.map { $0 === overlay }, [true, false], "hidden alert window is skipped")
        XCTAssertIdentical(app.hitTest(screenPoint: CGPoint(x: 10, y: 50), with: nil)?.window, overlay)
        XCTAssertIdentical(app.hitTest(screenPoint: CGPoint(x: 10, y: 500), with: nil)?.window, main)
        alert.isHidden = false
        XCTAssertIdentical(app.windowsFrontToBack.first, alert)
        main.isHidden = true
        main.isHidden = false
        XCTAssertTrue(app.windowsFrontToBack.elementsEqual([alert, main, overlay], by: ===))
        XCTAssertTrue(main.isKeyWindow)
        overlay.makeKeyAndVisible()
        XCTAssertTrue(
            app.windowsFrontToBack.elementsEqual([alert, overlay, main], by: ===), "shown again: in front of its level")
        XCTAssertTrue(overlay.isKeyWindow)
        XCTAssertFalse(main.isKeyWindow)
    }

    func testImageViewIsNotInteractiveByDefault() {
        XCTAssertFalse(UIImageView().isUserInteractionEnabled)
        XCTAssertTrue(UIView().isUserInteractionEnabled)
    }
}
