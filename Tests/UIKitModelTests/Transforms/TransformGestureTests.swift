import Foundation
import XCTest
@testable import UIKitModel

/// Recognizer measurements under view transforms. A pan's `translation(in:)` and `velocity(in:)` are "in the
/// coordinate system of the specified view" (developer.apple.com/documentation/uikit/uipangesturerecognizer/
/// translation(in:)): the window's vector through the linear part of every transform on the way. A pinch's
/// scale is "relative to the points of the two touches in screen coordinates"
/// (developer.apple.com/documentation/uikit/uipinchgesturerecognizer/scale) and a rotation measures "two
/// fingers on the screen" (developer.apple.com/documentation/uikit/handling-rotation-gestures): the view's own
/// transform does not change them.
final class TransformGestureTests: XCTestCase {
    private func text(_ p: CGPoint) -> String { String(format: "(%g, %g)", Double(p.x), Double(p.y)) }

    /// A parent scaled 2× holding a child turned 90° clockwise, both centred on (200, 400); a pan on the child,
    /// dragged 100 points right in 0.1 s (five 20-point moves). The parent sees half the points; the child,
    /// whose +y axis points left on the screen, sees the drag as −y.
    func testPanTranslationAndVelocityInARotatedView() {
        let driver = TouchDriver()
        let parent = UIView(frame: CGRect(x: 100, y: 300, width: 200, height: 200))
        parent.transform = CGAffineTransform(scaleX: 2, y: 2)
        let child = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        child.transform = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        driver.window.addSubview(parent)
        parent.addSubview(child)
        var log: [String] = []
        let pan = UIPanGestureRecognizer()
        pan.addTarget(
            .handler { [unowned self] r in
                let pan = r as! UIPanGestureRecognizer
                log.append(
                    "\(pan.state) window \(text(pan.translation(in: nil))) parent \(text(pan.translation(in: parent)))"
                        + " child \(text(pan.translation(in: child))) velocity child \(text(pan.velocity(in: child)))")
            })
        child.addGestureRecognizer(pan)
        driver.drag(from: CGPoint(x: 150, y: 400), to: CGPoint(x: 250, y: 400), at: 1, duration: 0.1, steps: 5)
        XCTAssertEqual(
            log,
            [
                "began window (20, 0) parent (10, 0) child (0, -10) velocity child (0, -500)",
                "changed window (40, 0) parent (20, 0) child (0, -20) velocity child (0, -500)",
                "changed window (60, 0) parent (30, 0) child (0, -30) velocity child (0, -500)",
                "changed window (80, 0) parent (40, 0) child (0, -40) velocity child (0, -500)",
                "changed window (100, 0) parent (50, 0) child (0, -50) velocity child (0, -500)",
                "ended window (100, 0) parent (50, 0) child (0, -50) velocity child (0, -500)",
            ])
    }

    /// A view turned 30°: a 100-point rightward drag is (86.6, −50) along its own axes; `setTranslation` takes
    /// its argument in the view's space too.
    func testPanTranslationInAViewTurned30Degrees() {
        let driver = TouchDriver()
        let view = UIView(frame: CGRect(x: 100, y: 300, width: 200, height: 200))
        view.transform = CGAffineTransform(rotationAngle: .pi / 6)
        driver.window.addSubview(view)
        var log: [String] = []
        let pan = UIPanGestureRecognizer()
        pan.addTarget(
            .handler { [unowned self] r in
                let pan = r as! UIPanGestureRecognizer
                log.append("\(pan.state) view \(text(pan.translation(in: view))) window \(text(pan.translation(in: nil)))")
                if pan.state == .began { pan.setTranslation(CGPoint(x: 10, y: 0), in: view) }
            })
        view.addGestureRecognizer(pan)
        driver.drag(from: CGPoint(x: 150, y: 400), to: CGPoint(x: 250, y: 400), at: 1, duration: 0.1, steps: 2)
        XCTAssertEqual(
            log,
            [
                "began view (43.3013, -25) window (50, 0)",
                // After the set: (10, 0) of the view is (8.66, 5) of the window, then 50 more to the right.
                "changed view (53.3013, -25) window (58.6603, 5)",
                "ended view (53.3013, -25) window (58.6603, 5)",
            ])
    }

    /// The pinch and rotation of GesturePinchRotationTests, on a view scaled 2× and turned 45°: the same
    /// scales and angles as on an untransformed view.
    func testPinchAndRotationIgnoreTheViewsTransform() {
        func run(_ transform: CGAffineTransform) -> [String] {
            let driver = TouchDriver()
            let view = UIView(frame: CGRect(x: 100, y: 300, width: 200, height: 200))
            view.transform = transform
            driver.window.addSubview(view)
            var log: [String] = []
            let pinch = UIPinchGestureRecognizer(), rotation = UIRotationGestureRecognizer()
            pinch.addTarget(.handler { r in log.append(String(format: "pinch %@ %.4f", "\(r.state)", pinch.scale)) })
            rotation.addTarget(.handler { r in log.append(String(format: "rotation %@ %.4f", "\(r.state)", rotation.rotation)) })
            let delegate = ScriptedGestureDelegate(traceClassName: "Delegate", application: driver.app)
            delegate.simultaneousWithAll = true
            pinch.ownedDelegate = delegate
            view.addGestureRecognizer(pinch)
            view.addGestureRecognizer(rotation)
            let steps: [((Float, Float), (Float, Float))] = [
                ((150, 400), (250, 400)), ((200, 330), (200, 470)), ((200, 300), (200, 500)),
            ]
            for (i, step) in steps.enumerated() {
                let change: HIDFrames.Change = i == 0 ? .down : .move
                driver.frame(
                    at: 1 + Double(i) * 0.1,
                    [HIDFrames.finger(1, step.0.0, step.0.1, change), HIDFrames.finger(2, step.1.0, step.1.1, change)])
            }
            driver.frame(at: 1.3, [HIDFrames.finger(1, 200, 300, .up), HIDFrames.finger(2, 200, 500, .up)])
            return log
        }
        let plain = run(.identity)
        XCTAssertEqual(
            plain,
            [
                "pinch began 1.4000", "rotation began 1.5708", "pinch changed 2.0000", "rotation changed 1.5708",
                "pinch ended 2.0000", "rotation ended 1.5708",
            ])
        XCTAssertEqual(run(CGAffineTransform(scaleX: 2, y: 2).rotated(by: .pi / 4)), plain)
    }
}
