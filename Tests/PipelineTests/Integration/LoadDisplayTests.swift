import ControlProtocol
import Foundation
import XCTest

/// `hid-source load` against the bench app with its default display (issue 25): `app-host serve` gives an app
/// without a `display:` key 60 Hz, so a 240 Hz drag reaches the app as about one `touchesMoved` per frame with
/// about four samples, every count adds up, and touch-to-present is reported. Counts and bounds only, never a
/// timing beyond what the display guarantees (the machine is shared).
final class LoadDisplayTests: PipelineTestCase {
    private let bench = "com.example.bench"

    func testA240HzDragOnTheDefault60HzDisplayIsDeliveredOncePerFrameAndEveryCountAddsUp() throws {
        try fixture.startSpringBoard()
        // UIKit's own coalescing on (app-host's default; the fixture turns it off for exact traces): the moves a
        // frame holds become one event.
        try fixture.startApp("bench", bundleID: bench, coalescing: true)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: bench)).ok, true)
        // Backpressure: springboard coalesces nothing, so every move sample the app saw is a frame of its own.
        let child = try fixture.launch(
            "hid-source",
            [
                "load", "--rate", "240", "--duration", "2s", "--fingers", "1", "--mix", "drag=1", "--overload", "backpressure",
                "--json",
            ] + fixture.runtimeArguments)
        guard let status = child.wait(timeout: 60) else {
            child.signal(SIGKILL)
            return XCTFail("hid-source load did not finish")
        }
        XCTAssertEqual(status, 0, child.stderr)
        let report = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(child.stdout.utf8)) as? [String: Any], child.stdout)

        let offered = try XCTUnwrap(report["offered"] as? Int)
        XCTAssertGreaterThan(offered, 240, "2 s at 240 Hz")
        XCTAssertEqual(report["delivered"] as? Int, offered)
        XCTAssertEqual(report["dispatched"] as? Int, offered, "every sample acknowledged, folded or not")
        XCTAssertEqual(report["coalesced"] as? Int, 0, "backpressure never coalesces in springboard")
        XCTAssertEqual(report["lost"] as? Int, 0)
        XCTAssertEqual(report["unexplained"] as? Int, 0)

        let display = try XCTUnwrap(report["display"] as? [String: Any], "the app sent `frames`")
        XCTAssertEqual(display["refreshHz"] as? Int, 60, "serve's default display")
        let frames = try XCTUnwrap(display["framesPresented"] as? Int)
        let moveSamples = try XCTUnwrap(display["moveSamples"] as? Int)
        let movesDispatched = try XCTUnwrap(display["movesDispatched"] as? Int)
        let coalescedInApp = try XCTUnwrap(report["coalescedInApp"] as? Int)
        // Samples delivered directly + samples coalesced = samples read: only moves are ever folded.
        XCTAssertEqual(movesDispatched + coalescedInApp, moveSamples)
        XCTAssertGreaterThan(moveSamples, offered / 2, "a drag is mostly moves")
        // One finger: a frame dispatches one move of it, two when a lift and the next landing split its moves.
        let gestures = (report["gestures"] as? [String: Int] ?? [:]).values.reduce(0, +)
        XCTAssertLessThanOrEqual(movesDispatched, frames + gestures, "at most one move a frame (and one per gesture)")
        // 240 Hz into 60 Hz: four samples a frame while the source keeps its rate, more when the app falls behind.
        XCTAssertGreaterThan(Double(moveSamples) / Double(movesDispatched), 2.5)

        // Touch-to-present: dispatched at the vsync after the sample, committed, on screen one frame after the
        // next vsync: never less than two frames (33.3 ms at 60 Hz; µs, the histogram's two digits below it).
        let present = try XCTUnwrap(report["touchToPresent"] as? [String: Any])
        let move = try XCTUnwrap(present["move"] as? [String: Any], "\(present)")
        let p50 = try XCTUnwrap(move["p50"] as? Double), p99 = try XCTUnwrap(move["p99"] as? Double)
        XCTAssertGreaterThanOrEqual(p50, 32_800)
        XCTAssertGreaterThanOrEqual(p99, p50)
        XCTAssertNotNil(present["down"], "each drag's landing is presented too")
    }
}
