import Foundation
import GestureScript
import HeadlessApp
import TestSupport
import UIKitModel
import XCTest

/// deploy/scenes/display-drag.yaml (a 60 Hz display) with its 240 Hz drag: one touchesMoved per frame, and the
/// headless runner's report (what `app-host run` prints after the trace) with touch-to-present on the manual clock.
final class DisplayReportTests: XCTestCase {
    func testThe240HzDragOnThe60HzSceneReportsFramesSamplesAndTouchToPresent() throws {
        let root = SharedPaths.packageRoot
        let runner = try HeadlessAppRunner(sceneURL: root.appendingPathComponent("deploy/scenes/display-drag.yaml"))
        let text = try String(
            contentsOf: root.appendingPathComponent("deploy/scenes/scripts/display-drag-240hz.gesture"), encoding: .utf8)
        let trace = runner.run(try GestureScript.parse(text))
        XCTAssertEqual(
            trace.map(\.text),
            [
                "-[CanvasView touchesBegan:withEvent:]", "-[CanvasView touchesMoved:withEvent:]",
                "-[CanvasView touchesMoved:withEvent:]", "-[CanvasView touchesMoved:withEvent:]",
                "-[CanvasView touchesMoved:withEvent:]", "-[CanvasView touchesEnded:withEvent:]",
            ])
        XCTAssertEqual(
            runner.displayReport(),
            [
                "display: 60 Hz, render delay 1 frame(s); frames presented 5, missed 0; samples read 17 = delivered 6 + coalesced 11",
                "touch-to-present down: n=1 min 49.000 p50 49.000 p99 49.000 max 49.000 ms",
                "touch-to-present move: n=15 min 36.500 p50 40.667 p99 49.000 max 49.000 ms",
                "touch-to-present up: n=1 min 49.000 p50 49.000 p99 49.000 max 49.000 ms",
            ])
    }
}
