import ControlProtocol
import Foundation
import XCTest

/// Load through the real processes: a long one-finger drag blasted at springboard as fast as a PUSH socket
/// takes it, to a silent app. Every frame is accounted for (delivered and acknowledged, or dropped with a
/// reason); the figures are printed for the load-test comparison with a raw ZeroMQ relay.
final class ThroughputTests: PipelineTestCase {

    func testEveryFrameOfAFastDragIsDeliveredOrCountedAsDropped() throws {
        let bench = "com.example.bench"
        try fixture.startSpringBoard()
        try fixture.startApp("bench", bundleID: bench)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: bench)).ok, true)
        let source = try TestTouchSource(fixture: fixture)
        let moves = 5_000
        let started = Date()
        try source.down(1, 100, 100)
        for step in 0..<moves { try source.move(1, 100 + Float(step % 200), 100 + Float(step % 300)) }
        try source.up(1, 100, 100)
        try source.flush(timeout: 10)
        let routed = Date().timeIntervalSince(started)
        let total = UInt64(moves + 2)
        eventually("the app to acknowledge everything delivered", timeout: 10) {
            guard let app = try? fixture.appStats(bench) else { return false }
            return app.inFlight == 0 && app.queued == 0
        }
        let acked = Date().timeIntervalSince(started)
        let stats = try fixture.stats()
        let app = try XCTUnwrap(stats.apps.first { $0.bundleID == bench })
        XCTAssertEqual(stats.hops["digitizerFrames"], total)
        XCTAssertEqual(stats.hops["routedToApp"], total)
        // Shedding: moves the app could not take yet were coalesced, not dropped; every frame reached it.
        XCTAssertEqual(app.routed, total)
        XCTAssertEqual(app.samplesSent, total, "every frame delivered, alone or as a coalesced sample: \(app)")
        XCTAssertEqual(app.drops, [:])
        XCTAssertEqual(app.sent, app.acked)
        XCTAssertEqual(app.sent + app.coalescedSamples, total)
        XCTAssertEqual(stats.hops["outgoingStreamErrors"], 0)
        // Every frame read is in exactly one counter of the next hop.
        XCTAssertEqual(stats.hops["eventPortReceived"], (stats.hops["digitizerFrames"] ?? 0) + (stats.hops["endMarkers"] ?? 0))
        XCTAssertEqual(stats.hops["acks"], app.acked)
        XCTAssertEqual(stats.hops["coalescedSamples"], app.coalescedSamples)
        print(
            """
            throughput: \(total) frames; springboard read them all in \(String(format: "%.3f", routed)) s \
            (\(Int(Double(total) / routed)) frames/s); app acknowledged \(app.acked) in \(String(format: "%.3f", acked)) s \
            (\(Int(Double(app.acked) / acked)) acks/s); coalesced \(app.coalescedSamples) moves into \(app.sent) events; \
            ack round trip p50 \(String(format: "%.1f", app.latency["ack"]?.p50Microseconds ?? 0)) us, \
            p99 \(String(format: "%.1f", app.latency["ack"]?.p99Microseconds ?? 0)) us
            """)
    }
}
