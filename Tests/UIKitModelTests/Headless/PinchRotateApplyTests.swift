import Foundation
import GestureScript
import HeadlessApp
import TestSupport
import UIKitModel
import XCTest

/// deploy/scenes/pinch-rotate-apply.yaml end to end, as `app-host run SCENE --input SCRIPT` runs it: the
/// pinch's and the rotation's actions fold what they recognize into PhotoView's transform
/// (`applyTransform: true`), and the taps after are hit-tested through it.
final class PinchRotateApplyTests: XCTestCase {
    private let scenes = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes")

    private func runner() throws -> HeadlessAppRunner {
        let runner = try HeadlessAppRunner(sceneURL: scenes.appendingPathComponent("pinch-rotate-apply.yaml"))
        runner.application.trace.explains = true
        return runner
    }

    private func script(_ name: String) throws -> GestureScript {
        try GestureScript.parse(
            try String(contentsOf: scenes.appendingPathComponent("scripts/\(name).gesture"), encoding: .utf8))
    }

    /// The explained calls and action lines at the given times (one tap's hit-test passes and what it caused).
    private func calls(_ lines: [Trace.Line], at seconds: [Double]) -> [String] {
        let times = Set(seconds.map { UInt64(($0 * 1e9).rounded()) })
        return lines.filter { ($0.kind == .call || $0.kind == .line) && times.contains($0.time) }.map(\.explained)
    }

    /// Fingers spread from 100 to 200 points apart: the transform grows 1.25 → 1.5 → 1.75 → 2 (the lift
    /// brings the last step). A tap at x 60, left of the untransformed photo (x 95...295), lands on the
    /// scaled one (x −5...395) at (32.5, 100) of its bounds.
    func testPinchThenTapOutsideTheOldFrame() throws {
        let runner = try runner()
        let lines = runner.run(try script("pinch-apply-then-tap"))
        let pass = ["-[PhotoView hitTest:withEvent:]", "-[PhotoView pointInside:withEvent:]"]
        XCTAssertEqual(
            lines.filter { $0.kind == .call || $0.kind == .line }.map(\.text),
            pass + pass
                + [
                    "Pinched began scale=1.250 velocity=5.000 → transform [1.25, 0, 0, 1.25, 0, 0]",
                    "Pinched changed scale=1.200 velocity=4.000 → transform [1.5, 0, 0, 1.5, 0, 0]",
                    "Pinched changed scale=1.167 velocity=3.333 → transform [1.75, 0, 0, 1.75, 0, 0]",
                ] + pass + pass + ["Pinched ended scale=1.143 velocity=2.857 → transform [2, 0, 0, 2, 0, 0]"]
                + pass + pass + ["Photo tapped location=(60, 400) touches=1"])
        XCTAssertEqual(
            calls(lines, at: [2, 2.05]),
            [
                "-[PhotoView hitTest:withEvent:] (32.5,100) → PhotoView",
                "-[PhotoView pointInside:withEvent:] (32.5,100) → YES",
                "-[PhotoView hitTest:withEvent:] (32.5,100) → PhotoView",
                "-[PhotoView pointInside:withEvent:] (32.5,100) → YES",
                "Photo tapped location=(60, 400) touches=1",
            ])
        XCTAssertEqual(runner.scene.view("photo")?.transform, CGAffineTransform(scaleX: 2, y: 2))
    }

    /// Two fingers turn 45°: the transform follows (22.5° at began, then 11.25° per step). A tap in the
    /// untransformed photo's top-left corner (100, 305) now misses it (−34.35 along its turned x axis) and the
    /// background gets the touch; a tap above the untransformed photo (195, 270) is inside the turned one's
    /// top vertex, 8.08 points in from its bounds' corner.
    func testRotateThenTapTheOldCornerAndTheNewVertex() throws {
        let runner = try runner()
        let lines = runner.run(try script("rotate-apply-then-taps"))
        let pass = ["-[PhotoView hitTest:withEvent:]", "-[PhotoView pointInside:withEvent:]"]
        XCTAssertEqual(
            lines.filter { $0.kind == .call || $0.kind == .line }.map(\.text),
            pass + pass
                + [
                    "Rotated began rotation=0.3927 velocity=3.927 → transform [0.923879, 0.382684, -0.382684, 0.923879, 0, 0]",
                    "Rotated changed rotation=0.1963 velocity=3.927 → transform [0.83147, 0.55557, -0.55557, 0.83147, 0, 0]",
                ] + pass + pass
                + [
                    "Rotated ended rotation=0.1963 velocity=3.927 → transform [0.707107, 0.707107, -0.707107, 0.707107, 0, 0]"
                ]
                + pass + ["-[BackgroundView touchesBegan:withEvent:]"] + pass + ["-[BackgroundView touchesEnded:withEvent:]"]
                + pass + pass + ["Photo tapped location=(195, 270) touches=1"])
        XCTAssertEqual(
            calls(lines, at: [2, 2.05, 2.5, 2.55]),
            [
                "-[PhotoView hitTest:withEvent:] (-34.350288425444035,100.00000000000006) → nil (pointInside NO)",
                "-[PhotoView pointInside:withEvent:] (-34.350288425444035,100.00000000000006) → NO (outside bounds)",
                "-[BackgroundView touchesBegan:withEvent:] touch#3 began (100,305) (calls super)",
                "-[PhotoView hitTest:withEvent:] (-34.350288425444035,100.00000000000006) → nil (pointInside NO)",
                "-[PhotoView pointInside:withEvent:] (-34.350288425444035,100.00000000000006) → NO (outside bounds)",
                "-[BackgroundView touchesEnded:withEvent:] touch#3 ended (100,305) (calls super)",
                "-[PhotoView hitTest:withEvent:] (8.07611844574879,8.076118445748861) → PhotoView",
                "-[PhotoView pointInside:withEvent:] (8.07611844574879,8.076118445748861) → YES",
                "-[PhotoView hitTest:withEvent:] (8.07611844574879,8.076118445748861) → PhotoView",
                "-[PhotoView pointInside:withEvent:] (8.07611844574879,8.076118445748861) → YES",
                "Photo tapped location=(195, 270) touches=1",
            ])
        let t = try XCTUnwrap(runner.scene.view("photo")?.transform)
        XCTAssertEqual(atan2(t.b, t.a), .pi / 4, accuracy: 1e-6)
    }

    /// The control: the same three taps on the untransformed photo go the other way each time.
    func testTheSameTapsWithoutTheGestures() throws {
        let runner = try runner()
        let lines = runner.run(try GestureScript.parse("at 1 tap 60 400\nat 2 tap 100 305\nat 3 tap 195 270\n"))
        XCTAssertEqual(
            lines.filter { $0.kind == .line || $0.text.contains("touches") }.map(\.explained),
            [
                "-[BackgroundView touchesBegan:withEvent:] touch#1 began (60,400) (calls super)",
                "-[BackgroundView touchesEnded:withEvent:] touch#1 ended (60,400) (calls super)",
                "Photo tapped location=(100, 305) touches=1",
                "-[BackgroundView touchesBegan:withEvent:] touch#3 began (195,270) (calls super)",
                "-[BackgroundView touchesEnded:withEvent:] touch#3 ended (195,270) (calls super)",
            ])
    }
}
