import AppHostCore
import Foundation
import GestureScript
import TestSupport
import UIKitModel
import XCTest

/// `app-host run --timeline`: Chrome trace-event JSON that Perfetto and chrome://tracing accept.
final class TimelineTests: XCTestCase {
    private func timeline(_ scene: String, _ script: String) throws -> [[String: Any]] {
        let scenes = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes")
        let runner = try HeadlessAppRunner(sceneURL: scenes.appendingPathComponent("\(scene).yaml"))
        let collector = TimelineCollector(processName: runner.application.bundleIdentifier)
        runner.record(into: collector)
        runner.application.trace.explains = true
        runner.application.trace.onRecord = { collector.add($0) }
        let text = try String(contentsOf: scenes.appendingPathComponent("scripts/\(script).gesture"), encoding: .utf8)
        runner.run(try GestureScript.parse(text))
        let document = try XCTUnwrap(
            JSONSerialization.jsonObject(with: TimelineExport.json(collector)) as? [String: Any])
        return try XCTUnwrap(document["traceEvents"] as? [[String: Any]])
    }

    /// Required fields, known phases, B/E matched per thread in time order, X with a duration, and one flow
    /// per HID event: started on the source, stepped in the app's source1 callout, ended in its dispatch.
    private func assertValidTraceEvents(_ events: [[String: Any]], hidEvents: Int) throws {
        var stacks: [String: [Double]] = [:]
        var flows: [UInt64: [(ph: String, ts: Double, pid: Int)]] = [:]
        var named: Set<Int> = []
        for event in events {
            let ph = try XCTUnwrap(event["ph"] as? String)
            let ts = try XCTUnwrap(event["ts"] as? Double)
            let pid = try XCTUnwrap(event["pid"] as? Int)
            let tid = try XCTUnwrap(event["tid"] as? Int)
            XCTAssertNotNil(event["name"] as? String)
            XCTAssertTrue(["B", "E", "X", "i", "s", "t", "f", "M"].contains(ph), ph)
            let thread = "\(pid)/\(tid)"
            switch ph {
            case "B": stacks[thread, default: []].append(ts)
            case "E":
                let begin = try XCTUnwrap(stacks[thread]?.popLast(), "an E without its B on \(thread)")
                XCTAssertGreaterThanOrEqual(ts, begin)
            case "X": XCTAssertGreaterThan(try XCTUnwrap(event["dur"] as? Double), 0)
            case "s", "t", "f": flows[try XCTUnwrap((event["id"] as? NSNumber)?.uint64Value), default: []].append((ph, ts, pid))
            case "M":
                if event["name"] as? String == "process_name" { named.insert(pid) }
            default: break
            }
        }
        XCTAssertEqual(stacks.values.filter { !$0.isEmpty }.count, 0, "every B has its E")
        XCTAssertEqual(named, [1, 2])
        XCTAssertEqual(flows.count, hidEvents)
        for (id, steps) in flows {
            XCTAssertEqual(steps.map(\.ph), ["s", "t", "f"], "flow \(id)")
            XCTAssertEqual(steps.map(\.pid), [1, 2, 2], "from the source's process into the app's")
            XCTAssertEqual(steps.map(\.ts), steps.map(\.ts).sorted(), "flow \(id) goes forward in time")
        }
    }

    func testTapOnEIsValidTraceEventJSON() throws {
        let events = try timeline("abcdef", "tap-e")
        try assertValidTraceEvents(events, hidEvents: 2)
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
        let events = try timeline("table-puzzle", "table-puzzle-long-press")
        try assertValidTraceEvents(events, hidEvents: 2)
        let names = events.compactMap { $0["name"] as? String }
        XCTAssertTrue(
            names.contains("LXFTapGestureRecognizer 'tap' possible → failed at t=1.750 (set by the recognizer itself)"))
        XCTAssertTrue(names.contains { $0.hasPrefix("timer fired") }, "the recognizers' timers are callouts too")
    }
}
