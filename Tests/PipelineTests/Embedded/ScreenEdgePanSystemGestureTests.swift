import Foundation
import HIDEvent
import HeadlessApp
import SpringBoardTesting
import TestSupport
import UIKitModel
import XCTest

/// An app's bottom-edge `UIScreenEdgePanGestureRecognizer` against springboard's home gesture (swipe up from
/// the bottom edge), end to end: the embedded springboard routes the frames, and what it sends the app is
/// played into deploy/scenes/screen-edge-pan.yaml (edges [left, bottom]).
///
/// The rule (GestureRouter, `SystemGestureDetector`): springboard forwards the app every frame of a gesture
/// that starts in the bottom 20 points until a finger is 100 points above where it came down; that frame
/// is the system's: the app gets a cancel for its live touches, the rest of the gesture is springboard's and
/// the home screen shows. So the app's bottom-edge pan (10 points of hysteresis) begins first and is then
/// cancelled; a shorter one is the app's throughout. This is iOS with the system gesture not deferred: iOS
/// lets the app defer it with `preferredScreenEdgesDeferringSystemGestures`
/// (developer.apple.com/documentation/uikit/uiviewcontroller/preferredscreenedgesdeferringsystemgestures),
/// which this model does not have, and iOS also holds app touches near the bottom edge back briefly while it
/// decides (the system gesture gate), which the model does not do either (docs/event-delivery.md §9).
final class ScreenEdgePanSystemGestureTests: XCTestCase {
    /// Sends `path` (y values at x = 200; first down, last up) through springboard, 20 ms apart, and returns
    /// the app's trace of what it was sent, recognizer and action lines only, with their app-clock times.
    private func play(_ path: [Float]) throws -> (trace: [String], foreground: String??) {
        let sb = try EmbeddedSpringBoard()
        let app = try sb.registeredApp("com.touchpipeline.screen-edge-pan")
        try sb.foreground("com.touchpipeline.screen-edge-pan")
        _ = try app.receive()
        // What the app is sent in answer to each of springboard's frames: frame i is sent at 1.00 + 0.02 i s.
        var inputs: [TimedHIDPayload] = []
        for (i, y) in path.enumerated() {
            if i == 0 {
                try sb.down(1, 200, y)
            } else if i == path.count - 1 {
                try sb.up(1, 200, y)
            } else {
                try sb.move(1, 200, y)
            }
            sb.runUntilIdle()
            let time = UInt64(((1.0 + 0.02 * Double(i)) * 1e9).rounded())
            inputs += try app.receiveEvents().map { TimedHIDPayload(time: time, payload: $0.message.payload) }
            try app.ackAll()
        }
        let runner = try HeadlessAppRunner(
            sceneURL: SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/screen-edge-pan.yaml"))
        let trace = runner.run(inputs).map { String(format: "%.2f ", Double($0.time) / 1e9) + $0.text }
        return (trace.filter { !$0.contains("PageView hitTest") && !$0.contains("PageView pointInside") }, sb.foreground)
    }

    func testASwipeUpFromTheBottomEdgeBeginsTheAppsPanThenSpringBoardTakesItAndCancelsIt() throws {
        // Down 4 points above the bottom; the pan begins at 20 points up; at 100 points up (1.08 s) springboard
        // takes the frame and sends the cancel instead: the app's pan ends cancelled, never ended.
        let (trace, foreground) = try play([840, 830, 820, 780, 740, 700, 700])
        XCTAssertEqual(
            trace,
            [
                "1.00 -[UIScreenEdgePanGestureRecognizer touchesBegan:withEvent:]",
                "1.00 -[PageView touchesBegan:withEvent:]",
                "1.02 -[UIScreenEdgePanGestureRecognizer touchesMoved:withEvent:]",
                "1.02 -[PageView touchesMoved:withEvent:]",
                "1.04 -[UIScreenEdgePanGestureRecognizer touchesMoved:withEvent:]",
                "1.04 Edge panned began translation=(0, -20) velocity=(0, -500)",
                "1.04 -[PageView touchesCancelled:withEvent:]",
                "1.06 -[UIScreenEdgePanGestureRecognizer touchesMoved:withEvent:]",
                "1.06 Edge panned changed translation=(0, -60) velocity=(0, -2000)",
                "1.08 -[UIScreenEdgePanGestureRecognizer touchesCancelled:withEvent:]",
                "1.08 Edge panned cancelled translation=(0, -60) velocity=(0, -2000)",
            ])
        XCTAssertEqual(foreground, .some(nil), "the home screen shows")
    }

    /// A bottom-edge pan that stops short of the system's 100 points is the app's from touch-down to lift.
    func testABottomEdgePanShorterThanTheSwipeUpIsTheAppsThroughout() throws {
        let (trace, foreground) = try play([840, 830, 820, 760, 760])
        XCTAssertEqual(
            trace.filter { $0.contains("Edge panned") },
            [
                "1.04 Edge panned began translation=(0, -20) velocity=(0, -500)",
                "1.06 Edge panned changed translation=(0, -80) velocity=(0, -3000)",
                "1.08 Edge panned ended translation=(0, -80) velocity=(0, -3000)",
            ])
        XCTAssertEqual(foreground, .some("com.touchpipeline.screen-edge-pan"))
    }
}
