import HeadlessApp
import HIDEvent
import TestSupport
import XCTest

@testable import UIKitModel

/// Recognizers hold their gesture environment strongly and its timers capture it strongly (a weak reference put
/// every retain and release of it on the runtime's slow path: issue 27), so the environment, its touch records
/// and the recognizers form cycles while touches are down. UIApplication's deinit breaks them
/// (`UIGestureEnvironment.tearDown()`): an app dropped mid-gesture, with fingers down and a long press's timer
/// pending, frees everything.
final class GestureEnvironmentLifetimeTests: XCTestCase {
    private struct Weak {
        weak var application: UIApplication?
        weak var environment: UIGestureEnvironment?
        var recognizers: [() -> UIGestureRecognizer?] = []
        var views: [() -> UIView?] = []

        var alive: [String] {
            var names: [String] = []
            if application != nil { names.append("application") }
            if environment != nil { names.append("gesture environment") }
            names += recognizers.compactMap { $0().map { "\(type(of: $0))" } }
            names += views.compactMap { $0().map { "\(type(of: $0))" } }
            return names
        }
    }

    /// Runs `drive` on the scene's app, then drops the runner; returns what is still alive.
    private func aliveAfterDropping(scene: String, _ drive: (HeadlessAppRunner) -> Void) throws -> [String] {
        var weak = Weak()
        do {
            let runner = try HeadlessAppRunner(sceneURL: SharedPaths.packageRoot.appendingPathComponent(scene))
            runner.application.trace.retainsLines = false
            weak.application = runner.application
            weak.environment = runner.application.gestureEnvironment
            XCTAssertNotNil(weak.environment)
            for case let view as UIView in runner.scene.responders.values {
                weak.views.append { [weak view] in view }
                for recognizer in view.gestureRecognizers ?? [] {
                    weak.recognizers.append { [weak recognizer] in recognizer }
                }
            }
            XCTAssertFalse(weak.recognizers.isEmpty, "the scene has recognizers: the test proves something")
            drive(runner)
            XCTAssertFalse(runner.application.gestureEnvironment?.trackingRecognizers.isEmpty ?? true, "dropped mid-gesture")
        }
        return weak.alive
    }

    private func frame(_ change: HIDFingerChange, fingers: UInt32, x: Float, y: Float) -> HIDPayload {
        .digitizer(
            HIDDigitizerFrame(
                fingers: (1...fingers).map { finger in
                    HIDDigitizerEvent(finger: finger, change, x: x + Float(finger) * 30, y: y, identity: finger, tipPressure: 1)
                }))
    }

    func testAnAppDroppedMidDragFreesItsRecognizersAndEnvironment() throws {
        // The bench app: a pan and a tap on a surface of 49 cells; two fingers down and dragging (the pan began,
        // the cells' touches cancelled), never lifted.
        let alive = try aliveAfterDropping(scene: "deploy/apps/bench/bench.yaml") { runner in
            var time: UInt64 = 1_000_000_000
            runner.feed(frame(.down, fingers: 2, x: 40, y: 200), at: time)
            for step in 1...20 {
                time += 8_000_000
                runner.feed(frame(.move, fingers: 2, x: 40, y: 200 + Float(step) * 3), at: time)
            }
        }
        XCTAssertEqual(alive, [])
    }

    func testAnAppDroppedWithALongPressTimerPendingFreesItsRecognizersAndEnvironment() throws {
        // A finger down on the card: the long press's 0.5 s timer is on the run loop when the app goes.
        let alive = try aliveAfterDropping(scene: "deploy/scenes/long-press-swipe.yaml") { runner in
            runner.feed(frame(.down, fingers: 1, x: 170, y: 400), at: 1_000_000_000)
        }
        XCTAssertEqual(alive, [])
    }
}
