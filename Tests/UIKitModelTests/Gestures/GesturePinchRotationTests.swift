import Foundation
import XCTest
@testable import UIKitModel

/// Pinch and rotation on two fingers, alone and together (simultaneous recognition by delegate).
final class GesturePinchRotationTests: FullScreenViewTestCase {

    private func addPinch() -> UIPinchGestureRecognizer {
        let pinch = UIPinchGestureRecognizer()
        pinch.addTarget(
            .handler { [unowned self] r in
                let p = r as! UIPinchGestureRecognizer
                self.log.append(String(format: "pinch %@ scale %.3f velocity %.3f", "\(p.state)", p.scale, p.velocity))
            })
        view.addGestureRecognizer(pinch)
        return pinch
    }

    private func addRotation() -> UIRotationGestureRecognizer {
        let rotation = UIRotationGestureRecognizer()
        rotation.addTarget(
            .handler { [unowned self] r in
                let g = r as! UIRotationGestureRecognizer
                self.log.append(String(format: "rotation %@ %.4f velocity %.3f", "\(g.state)", g.rotation, g.velocity))
            })
        view.addGestureRecognizer(rotation)
        return rotation
    }

    private func fingers(_ t: Double, _ a: (Float, Float), _ b: (Float, Float), _ change: HIDFrames.Change) {
        driver.frame(at: t, [HIDFrames.finger(1, a.0, a.1, change), HIDFrames.finger(2, b.0, b.1, change)])
    }

    func testPinchOutDoublesTheScale() {
        _ = addPinch()
        fingers(1.00, (150, 400), (250, 400), .down)  // 100 apart
        fingers(1.05, (145, 400), (255, 400), .move)  // 110: within the 10-point hysteresis
        fingers(1.10, (140, 400), (260, 400), .move)  // 120: began, scale 1.2
        fingers(1.15, (100, 400), (300, 400), .move)  // 200: scale 2, (2 - 1.2) / 0.05 = 16 per second
        fingers(1.20, (100, 400), (300, 400), .up)
        XCTAssertEqual(
            log,
            [
                "pinch began scale 1.200 velocity 2.000",
                "pinch changed scale 2.000 velocity 16.000",
                "pinch ended scale 2.000 velocity 0.000",
            ])
    }

    func testRotationAQuarterTurnClockwise() {
        _ = addRotation()
        let r: Float = 50 * 0.70710678
        fingers(1.00, (150, 400), (250, 400), .down)  // horizontal line
        fingers(1.05, (200 - r, 400 - r), (200 + r, 400 + r), .move)  // +45°
        fingers(1.10, (200, 350), (200, 450), .move)  // +90°
        fingers(1.15, (200, 350), (200, 450), .up)
        XCTAssertEqual(
            log,
            [
                "rotation began 0.7854 velocity 15.708",
                "rotation changed 1.5708 velocity 15.708",
                "rotation ended 1.5708 velocity 0.000",
            ])
    }

    func testPinchAndRotationTogetherNeedTheDelegate() {
        let pinch = addPinch()
        let rotation = addRotation()
        let delegate = ScriptedGestureDelegate()
        delegate.simultaneousWith = [rotation]
        pinch.delegate = delegate
        // Spread and turn at once: 100 → 200 apart, 0 → 90°.
        fingers(1.00, (150, 400), (250, 400), .down)
        fingers(1.05, (200, 325), (200, 475), .move)  // 150 apart, vertical
        fingers(1.10, (200, 300), (200, 500), .move)  // 200 apart
        fingers(1.15, (200, 300), (200, 500), .up)
        XCTAssertEqual(
            log.map { $0.components(separatedBy: " ").prefix(2).joined(separator: " ") },
            [
                "pinch began", "rotation began", "pinch changed", "rotation changed", "pinch ended", "rotation ended",
            ])
        XCTAssertEqual(pinch.scale, 1, "reset")
        XCTAssertTrue(log[2].contains("scale 2.000"))
        XCTAssertTrue(log[3].contains("1.5708"))
    }

    func testWithoutTheDelegateTheFirstToBeginWins() {
        _ = addPinch()
        let rotation = addRotation()
        fingers(1.00, (150, 400), (250, 400), .down)
        fingers(1.05, (200, 325), (200, 475), .move)
        XCTAssertEqual(rotation.state, .failed)
        fingers(1.10, (200, 300), (200, 500), .move)
        fingers(1.15, (200, 300), (200, 500), .up)
        XCTAssertEqual(
            log.map { $0.components(separatedBy: " ").prefix(2).joined(separator: " ") },
            [
                "pinch began", "pinch changed", "pinch ended",
            ])
        XCTAssertEqual(rotation.state, .possible)
    }
}
