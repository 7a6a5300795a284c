import XCTest
import UIKitModel

/// The seam the gesture-recognizer layer plugs into: it sees every touch change before the view and can
/// withhold or cancel the view's share.
final class TouchInterceptorTests: XCTestCase {
    final class Interceptor: TouchInterceptor {
        var seen: [String] = []
        var onDeliver: ((inout TouchDeliveryPlan, [UITouch]) -> Void)?
        func window(_ window: UIWindow, willDeliver touches: [UITouch], event: UIEvent) -> TouchDeliveryPlan {
            seen.append(touches.map { "\($0.phase)" }.joined(separator: ","))
            var plan = TouchDeliveryPlan(delivering: touches)
            onDeliver?(&plan, touches)
            return plan
        }
    }

    func testInterceptorRunsBeforeTheView() {
        let view = RecordingView()
        let app = DirectApp(root: view)
        var order: [String] = []
        let interceptor = Interceptor()
        interceptor.onDeliver = { _, _ in order.append("interceptor \(view.calls.count)") }
        app.application.touchInterceptor = interceptor
        app.send(HIDFrames.tap(100, 100, at: 1))
        XCTAssertEqual(interceptor.seen, ["began", "ended"])
        XCTAssertEqual(order, ["interceptor 0", "interceptor 1"])
        XCTAssertEqual(view.summary, ["began 1", "ended 1"])
    }

    func testWithheldTouchesSkipTheViewUntilReplayed() {
        let view = RecordingView()
        let app = DirectApp(root: view)
        let interceptor = Interceptor()
        interceptor.onDeliver = { plan, touches in
            for touch in touches where touch.phase == .began { plan.withhold(touch) }
            if touches.contains(where: { $0.phase == .ended }) {
                // Released on end: began first, then the end (what delaysTouchesBegan does when it fails).
                plan.replay(TouchReplay(touches, phase: .began))
            }
        }
        app.application.touchInterceptor = interceptor
        app.send([
            HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, 100, 100, .down)]),
            HIDFrames.frame(at: 1.1, [HIDFrames.finger(1, 110, 100, .move)]),
            HIDFrames.frame(at: 1.2, [HIDFrames.finger(1, 110, 100, .up)]),
        ])
        XCTAssertEqual(view.summary, ["began 1", "ended 1"])
    }

    func testCancellingSendsTouchesCancelledOnceAndNothingAfter() {
        let view = RecordingView()
        let app = DirectApp(root: view)
        let interceptor = Interceptor()
        interceptor.onDeliver = { plan, touches in
            if touches.contains(where: { $0.phase == .moved }) { plan.cancel(touches) }
        }
        app.application.touchInterceptor = interceptor
        app.send([
            HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, 100, 100, .down)]),
            HIDFrames.frame(at: 1.1, [HIDFrames.finger(1, 130, 100, .move)]),
            HIDFrames.frame(at: 1.2, [HIDFrames.finger(1, 160, 100, .move)]),
            HIDFrames.frame(at: 1.3, [HIDFrames.finger(1, 160, 100, .up)]),
        ])
        XCTAssertEqual(view.summary, ["began 1", "cancelled 1"])
    }
}
