import ControlProtocol
import Foundation
import XCTest

@testable import ControlText

/// `sbctl trace`'s file: springboard's recording as Chrome trace-event JSON, exactly.
final class EnsembleTraceExportTests: XCTestCase {
    private let ms: UInt64 = 1_000_000

    /// A tap (down and up, dispatched in one pass) presented by one frame, and a move acknowledged but not presented:
    /// the source, springboard's routing and acks, the app's dispatch and its frame, and a flow per event from the
    /// source to the present (the move's to its ack).
    func testARecordingBecomesTracksSlicesAndFlowsToThePresentedFrame() throws {
        let t0: UInt64 = 1_000 * ms
        let trace = EnsembleTrace(
            recording: false, startedAt: t0, stoppedAt: t0 + 100 * ms, limit: 10, apps: ["com.example.maps"],
            events: [
                EnsembleTrace.Event(
                    app: 0, sequence: 1, kind: "down", samples: 1, hardware: t0, routerReceived: t0 + 1 * ms,
                    forwarded: t0 + 2 * ms, appReceived: t0 + 3 * ms, dispatchStarted: t0 + 4 * ms,
                    dispatchFinished: t0 + 5 * ms, acked: t0 + 6 * ms, coalescedInApp: false, frame: 0),
                EnsembleTrace.Event(
                    app: 0, sequence: 2, kind: "up", samples: 1, hardware: t0 + 1 * ms, routerReceived: t0 + 1 * ms,
                    forwarded: t0 + 2 * ms, appReceived: t0 + 3 * ms, dispatchStarted: t0 + 4 * ms,
                    dispatchFinished: t0 + 5 * ms, acked: t0 + 6 * ms, coalescedInApp: false, frame: 0),
                EnsembleTrace.Event(
                    app: 0, sequence: 3, kind: "move", samples: 3, hardware: t0 + 30 * ms, routerReceived: t0 + 30 * ms,
                    forwarded: t0 + 30 * ms, appReceived: t0 + 31 * ms, dispatchStarted: t0 + 32 * ms,
                    dispatchFinished: t0 + 33 * ms, acked: t0 + 34 * ms, coalescedInApp: false, frame: -1),
            ],
            frames: [
                EnsembleTrace.Frame(
                    app: 0, frame: 7, vsync: t0 + 4 * ms, committed: t0 + 6 * ms, presented: t0 + 20 * ms, firstSequence: 1,
                    count: 2, missed: 0, refreshHz: 60)
            ])
        let events = EnsembleTraceExport.events(trace)
        func line(_ e: EnsembleTraceExport.Event) -> String {
            var text = "\(e.ph) \(e.pid)/\(e.tid) \(e.ts) \(e.name)"
            if let dur = e.dur { text += " dur \(dur)" }
            if let id = e.id { text += " id \(id)" }
            if let bp = e.bp { text += " bp \(bp)" }
            return text
        }
        XCTAssertEqual(
            events.filter { $0.ph == "M" }.map { "\($0.pid)/\($0.tid) \($0.name) \($0.args?["name"] ?? "")" },
            [
                "1/1 process_name hid-source", "1/1 thread_name HID events (hardware stamps)",
                "2/1 process_name springboard", "2/1 thread_name routing: event port read → sent to the app",
                "2/2 thread_name app channel: acks read", "10/1 process_name com.example.maps",
                "10/1 thread_name main thread: dispatch (from the acks)",
                "10/2 thread_name display: vsync, commit, present (frames)",
            ])
        XCTAssertEqual(
            events.filter { $0.ph != "M" }.map(line),
            [
                "X 1/1 1000000.0 HID down #1 dur 1.0",
                "s 1/1 1000000.0 event down #1 id 1",
                "X 2/1 1001000.0 route down #1 dur 1000.0",
                "t 2/1 1001000.0 event down #1 id 1",
                "X 1/1 1001000.0 HID up #2 dur 1.0",
                "s 1/1 1001000.0 event up #2 id 2",
                "X 2/1 1001000.0 route up #2 dur 1000.0",
                "t 2/1 1001000.0 event up #2 id 2",
                "X 10/1 1004000.0 dispatch dur 1000.0",
                "t 10/1 1004000.0 event down #1 id 1",
                "t 10/1 1004000.0 event up #2 id 2",
                "i 10/2 1004000.0 vsync",
                "X 10/2 1004000.0 frame 7: dispatch → commit dur 2000.0",
                "X 2/2 1006000.0 acks from com.example.maps dur 1.0",
                "f 10/2 1020000.0 event down #1 id 1 bp e",
                "f 10/2 1020000.0 event up #2 id 2 bp e",
                "X 10/2 1020000.0 frame 7 presented dur 1.0",
                "X 1/1 1030000.0 HID move #3 dur 1.0",
                "s 1/1 1030000.0 event move #3 id 3",
                "X 2/1 1030000.0 route move #3 dur 1.0",
                "t 2/1 1030000.0 event move #3 id 3",
                "X 10/1 1032000.0 dispatch dur 1000.0",
                "t 10/1 1032000.0 event move #3 id 3",
                "X 2/2 1034000.0 acks from com.example.maps dur 1.0",
                "f 2/2 1034000.0 event move #3 id 3 bp e",
            ])
        let frame = try XCTUnwrap(events.first { $0.name == "frame 7 presented" })
        XCTAssertEqual(frame.args, ["frame": "7", "events": "1...2", "missed": "0", "refreshHz": "60"])
        // Valid as a file: every event has its fields, every flow is s, t..., f in time order.
        let document = try JSONSerialization.jsonObject(with: EnsembleTraceExport.json(trace)) as? [String: Any]
        XCTAssertEqual((document?["traceEvents"] as? [Any])?.count, events.count)
    }
}
