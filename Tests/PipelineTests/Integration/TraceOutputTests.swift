import Foundation
import UIKitModel
import XCTest
import ZeroMQ

/// app-host's trace outputs that tools follow: stdout text and JSON lines on a PUB socket.
final class TraceOutputTests: PipelineTestCase {
    private let maps = PipelineFixture.maps

    func testTraceGoesToStdoutAndIsPublishedAsJSONLines() throws {
        try fixture.startSpringBoard()
        let endpoint = "ipc://\(fixture.directory.path)/maps-trace"
        let app = try fixture.launch(
            "app-host", [PipelineFixture.scene("maps")] + fixture.runtimeArguments + ["--trace-endpoint", endpoint])
        eventually("Maps to register", timeout: 5) { fixture.appInfo(maps)?.state == "background" }
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)

        let context = try ZMQContext(ioThreads: 1)
        let subscriber = try context.socket(.sub)
        defer { subscriber.close() }
        try subscriber.setLinger(0)
        try subscriber.setReceiveTimeout(100)
        try subscriber.subscribe()
        try subscriber.connect(endpoint)
        // PUB/SUB drops what is published before the subscription arrives (slow joiner): tap until a line comes.
        let source = try TestTouchSource(fixture: fixture)
        var line: [UInt8]?
        eventually("a published trace line") {
            try? source.tap(200, 125)
            line = try? subscriber.receive()
            return line != nil
        }
        // The same record `app-host run --json` prints (protocols/trace-record.md), with the app and its pid.
        let record = try Trace.Line(jsonLine: String(decoding: try XCTUnwrap(line), as: UTF8.self))
        XCTAssertEqual(record.app, maps)
        XCTAssertEqual(record.pid, app.pid)
        XCTAssertGreaterThan(record.sequence, 0)
        XCTAssertNotNil(record.hidEvent, "every call during a dispatch names its HID event")
        XCTAssertEqual(record.kind, .call)
        XCTAssertTrue(TraceLines.mapsSearchBarTap.contains(record.text))
        XCTAssertEqual(record.text, "-[\(try XCTUnwrap(record.className)) \(try XCTUnwrap(record.selector))]")
        eventually("the trace on stdout") { app.stdout.contains("-[SearchBarView touchesEnded:withEvent:]\n") }
    }
}
