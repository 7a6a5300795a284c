import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// `app-host serve --timeline FILE`: a live app writes its run as Chrome trace-event JSON at exit, with the
/// hops of every HID event from the envelope's stamps (source, springboard, app) and the ack back, linked by
/// flow arrows.
final class LiveTimelineTests: PipelineTestCase {
    private let maps = PipelineFixture.maps

    func testALiveTapIsAValidTimelineWithEachEventsHopsLinked() throws {
        try fixture.startSpringBoard()
        let file = fixture.directory.appendingPathComponent("maps-timeline.json")
        let app = try fixture.launch(
            "app-host", [PipelineFixture.scene("maps")] + fixture.runtimeArguments + ["--timeline", file.path])
        eventually("Maps to register", timeout: 5) { fixture.appInfo(maps)?.state == "background" }
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        XCTAssertEqual(try fixture.hidSource("tap", "200", "125").status, 0)
        eventually("the tap's end in the app") { app.stdout.contains("-[SearchBarView touchesEnded:withEvent:]\n") }
        XCTAssertFalse(app.stdout.contains("──"), "stdout stays what iOS would log")
        app.signal(SIGTERM)
        XCTAssertEqual(app.wait(timeout: 5), 0)

        let (problems, events, flows) = TraceEventCheck.check(try Data(contentsOf: file))
        XCTAssertEqual(problems, [])
        XCTAssertEqual(flows.count, 2, "the tap's down and up")
        for (id, flow) in flows {
            XCTAssertEqual(
                flow.phases, ["s", "t", "t", "t", "f"], "flow \(id): source, springboard, app channel, dispatch, ack")
            XCTAssertEqual(flow.pids, [1, 3, 2, 2, 2], "flow \(id) crosses the three processes")
        }
        let names = events.compactMap { $0["name"] as? String }
        XCTAssertTrue(names.contains("route HID event #1"))
        XCTAssertTrue(names.contains("dispatch HID event #2"))
        XCTAssertTrue(names.contains { $0.hasPrefix("ack ") && $0.hasSuffix(" event(s)") }, "an ack message per dispatch pass")
        XCTAssertFalse(names.contains("not acknowledged before exit"))
        XCTAssertTrue(names.contains("-[SearchBarView touchesBegan:withEvent:]"))
    }
}
