import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// `sbctl trace`: springboard records the live ensemble between `--start` and `--stop`, and sbctl writes it as
/// Chrome trace-event JSON: each event of a tap crosses the source, springboard and the app, linked by a flow that
/// ends at the frame that presented it (at its ack when the app sends no `frames`).
final class EnsembleTraceTests: PipelineTestCase {
    private let maps = PipelineFixture.maps

    func testSbctlTraceWritesTheEnsemblesTimelineOfATap() throws {
        try fixture.startSpringBoard()
        let app = try fixture.launch("app-host", [PipelineFixture.scene("maps")] + fixture.runtimeArguments)
        eventually("Maps to register", timeout: 5) { fixture.appInfo(maps)?.state == "background" }
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let started = try fixture.sbctl("trace", "--start")
        XCTAssertEqual(started.status, 0, started.stderr)
        XCTAssertEqual(started.stdout, "trace: recording\n")
        XCTAssertEqual(try fixture.hidSource("tap", "200", "125").status, 0)
        eventually("the tap acknowledged") { (try? fixture.request(.stats()).stats?.hops["acks"]) == 2 }
        // An app with a display presents the tap a frame or two after its acks.
        eventually("nothing waiting for a frame", timeout: 2) {
            let present = try? fixture.request(.stats()).stats?.present
            return present?.framesPresented == 0 || present?.awaiting == 0
        }
        let file = fixture.directory.appendingPathComponent("ensemble.json")
        let stopped = try fixture.sbctl("trace", "--stop", "--out", file.path)
        XCTAssertEqual(stopped.status, 0, stopped.stderr)
        XCTAssertTrue(stopped.stdout.hasPrefix("trace: \(file.path): 2 events, "), stopped.stdout)
        app.signal(SIGTERM)
        XCTAssertEqual(app.wait(timeout: 5), 0)

        let (problems, events, flows) = TraceEventCheck.check(try Data(contentsOf: file))
        XCTAssertEqual(problems, [])
        XCTAssertEqual(flows.count, 2, "the tap's down and up")
        for (id, flow) in flows {
            XCTAssertEqual(flow.phases, ["s", "t", "t", "f"], "flow \(id): source, springboard, dispatch, present or ack")
            XCTAssertEqual(Array(flow.pids.prefix(3)), [1, 2, 10], "flow \(id)")
            XCTAssertTrue([2, 10].contains(flow.pids.last ?? 0), "flow \(id) ends at the ack (2) or the present (10)")
        }
        let names = Set(events.compactMap { $0["name"] as? String })
        XCTAssertTrue(names.isSuperset(of: ["HID down #1", "HID up #2", "route down #1", "route up #2", "dispatch"]), "\(names)")
        XCTAssertTrue(names.contains("acks from \(maps)"))
        XCTAssertEqual(
            events.filter { $0["ph"] as? String == "M" && $0["name"] as? String == "process_name" }.compactMap {
                ($0["args"] as? [String: Any])?["name"] as? String
            }, ["hid-source", "springboard", maps])
        let nothing = try fixture.sbctl("trace", "--status")
        XCTAssertEqual(nothing.stdout, "0 events, 0 frames from 0 app(s)\n")
    }
}
