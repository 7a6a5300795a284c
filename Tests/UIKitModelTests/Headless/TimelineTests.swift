import AppTimeline
import Foundation
import GestureScript
import HeadlessApp
import TestSupport
import UIKitModel
import XCTest

/// `app-host run --timeline`: Chrome trace-event JSON that Perfetto and chrome://tracing accept.
final class TimelineTests: XCTestCase {
    private func timeline(
        _ scene: String, _ script: String
    ) throws -> (problems: [String], events: [[String: Any]], flows: [UInt64: TraceEventCheck.Flow]) {
        let scenes = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes")
        let runner = try HeadlessAppRunner(sceneURL: scenes.appendingPathComponent("\(scene).yaml"))
        let collector = TimelineCollector(processName: runner.application.bundleIdentifier)
        runner.record(into: collector)
        runner.application.trace.explains = true
        runner.application.trace.onRecord = { collector.add($0) }
        let text = try String(contentsOf: scenes.appendingPathComponent("scripts/\(script).gesture"), encoding: .utf8)
        runner.run(try GestureScript.parse(text))
        return TraceEventCheck.check(TimelineExport.json(collector))
    }

    /// One flow per HID event: started on the source, stepped in the app's source1 callout, ended in its dispatch.
    private func assertFlows(_ flows: [UInt64: TraceEventCheck.Flow], count: Int) {
        XCTAssertEqual(flows.count, count)
        for (id, flow) in flows {
            XCTAssertEqual(flow.phases, ["s", "t", "f"], "flow \(id)")
            XCTAssertEqual(flow.pids, [1, 2, 2], "from the source's process into the app's")
        }
    }

    func testTapOnEIsValidTraceEventJSON() throws {
        let (problems, events, flows) = try timeline("abcdef", "tap-e")
        XCTAssertEqual(problems, [])
        assertFlows(flows, count: 2)
        let names = events.compactMap { $0["name"] as? String }
        XCTAssertTrue(names.contains("source1 fired UIEventFetcher"))
        XCTAssertTrue(names.contains("source0 fired __handleEventQueue"))
        XCTAssertTrue(names.contains("dispatch HID event #1"))
        // EView's touchesBegan is a slice inside HID event #1's dispatch, at the app clock's 1.0 s.
        let began = try XCTUnwrap(events.first { $0["name"] as? String == "-[EView touchesBegan:withEvent:]" })
        XCTAssertEqual(began["ph"] as? String, "X")
        XCTAssertEqual((began["args"] as? [String: String])?["timeNs"], "1000000000")
        XCTAssertEqual((began["args"] as? [String: String])?["touch"], "1")
    }

    func testTablePuzzleTimelineHasTransitionsAndTimers() throws {
        let (problems, events, flows) = try timeline("table-puzzle", "table-puzzle-long-press")
        XCTAssertEqual(problems, [])
        assertFlows(flows, count: 2)
        let names = events.compactMap { $0["name"] as? String }
        XCTAssertTrue(
            names.contains("LXFTapGestureRecognizer 'tap' possible → failed at t=1.750 (set by the recognizer itself)"))
        XCTAssertTrue(names.contains { $0.hasPrefix("timer fired") }, "the recognizers' timers are callouts too")
    }

    func testTheCheckFindsProblems() {
        let broken =
            #"{"traceEvents":[{"name":"a","ph":"B","ts":1,"pid":1,"tid":1},{"name":"b","ph":"f","ts":0,"pid":1,"tid":1,"id":3}]}"#
        XCTAssertEqual(
            TraceEventCheck.check(Data(broken.utf8)).problems.sorted(),
            ["1 B without E on 1/1", "flow 3: [\"f\"] is not s, t..., f", "process 1 has no process_name"])
    }
}
