import XCTest
import UIKitModel

/// The seam the gesture-recognizer layer plugs into: it sees every touch change before the view and can
/// withhold or cancel the view's share.
final class TouchInterceptorTests: XCTestCase {
    final class Interceptor: UITouchInterceptor {
        var seen: [String] = []
        var onDeliver: ((UIWindow, [UITouch], UIEvent) -> Void)?
        func window(_ window: UIWindow, willDeliver touches: [UITouch], event: UIEvent) {
            seen.append(touches.map { "\($0.phase)" }.joined(separator: ","))
            onDeliver?(window, touches, event)
        }
    }

    func testInterceptorRunsBeforeTheView() {
        let view = RecordingView()
        let app = DirectApp(root: view)
        var order: [String] = []
        let interceptor = Interceptor()
        interceptor.onDeliver = { _, _, _ in order.append("interceptor \(view.calls.count)") }
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
        interceptor.onDeliver = { window, touches, event in
            for touch in touches where touch.phase == .began { touch.delivery.isWithheldFromView = true }
            if touches.contains(where: { $0.phase == .ended }) {
                // Released on end: began first, then the end (what delaysTouchesBegan does when it fails).
                for touch in touches { touch.delivery.isWithheldFromView = false }
                window.deliverToViews(touches, phase: .began, event: event)
            }
        }
        app.application.touchInterceptor = interceptor
        app.send([HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, 100, 100, .down)]),
                  HIDFrames.frame(at: 1.1, [HIDFrames.finger(1, 110, 100, .move)]),
                  HIDFrames.frame(at: 1.2, [HIDFrames.finger(1, 110, 100, .up)])])
        XCTAssertEqual(view.summary, ["began 1", "ended 1"])
    }

    func testCancellingSendsTouchesCancelledOnceAndNothingAfter() {
        let view = RecordingView()
        let app = DirectApp(root: view)
        let interceptor = Interceptor()
        interceptor.onDeliver = { window, touches, event in
            if touches.contains(where: { $0.phase == .moved }) { window.cancelTouchesInViews(touches, event: event) }
        }
        app.application.touchInterceptor = interceptor
        app.send([HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, 100, 100, .down)]),
                  HIDFrames.frame(at: 1.1, [HIDFrames.finger(1, 130, 100, .move)]),
                  HIDFrames.frame(at: 1.2, [HIDFrames.finger(1, 160, 100, .move)]),
                  HIDFrames.frame(at: 1.3, [HIDFrames.finger(1, 160, 100, .up)])])
        XCTAssertEqual(view.summary, ["began 1", "cancelled 1"])
    }
}
