import ControlProtocol
import EventPort
import Foundation
import HIDEvent
import RunLoopKit
import XCTest
import ZeroMQ
#if canImport(Glibc)
    import Glibc
#endif

/// Counters that add up (issue 12, finding 8): every frame is counted once, malformed ones by reason and by
/// peer, home-button frames and sequence regressions are counted, and the invariants hold after faults.
/// Process tests: counts by peer pid, an app killed (the socket monitor) and a control flood beside a real
/// hid-source exist only between processes; the sums alone are EmbeddedCounterTests'.
final class CounterTests: PipelineTestCase {
    private let maps = PipelineFixture.maps

    func testEveryFrameIsCountedOnceWithItsReasonAndValidTrafficGoesOn() throws {
        try fixture.startSpringBoard()
        try fixture.startApp("maps", bundleID: maps)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let context = try ZMQContext(ioThreads: 1)
        let raw = try context.socket(.push)
        try raw.setLinger(0)
        try raw.connect(fixture.endpoints.events)
        defer { raw.close() }
        // A malformed end marker (flags 7), a truncated HID frame, a frame with a bad magic, a bad version.
        var marker = EndMarker(senderID: 9, count: 0).encoded()
        marker[5] = 7
        XCTAssertTrue(try raw.send(marker))
        XCTAssertTrue(try raw.send([0x54, 0x50, 0x48, 0x45, 1]))
        XCTAssertTrue(try raw.send([UInt8](repeating: 0xAB, count: 64)))
        var frame = try HIDEncoder.encode(
            HIDMessage(
                envelope: HIDEnvelope(kind: .button, sequence: 1, senderID: 9, timestamps: HIDHopTimestamps(hardware: 1)),
                payload: .button(HIDButtonEvent(button: .volumeUp, isDown: true))))
        frame[4] = 9
        XCTAssertTrue(try raw.send(frame))

        let source = try TestTouchSource(fixture: fixture)
        try source.press(.home)  // home: SpringBoard's own frames, Maps goes to the background
        try source.flush()
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")
        XCTAssertEqual(fixture.trace(maps), TraceLines.mapsSearchBarTap)

        // A sender whose sequence goes back (100, then 7): counted, its frames still routed.
        let replay = try TestTouchSource(fixture: fixture)
        try replay.sendRaw(sequence: 100, .button(HIDButtonEvent(button: .volumeUp, isDown: true)))
        try replay.sendRaw(sequence: 7, .button(HIDButtonEvent(button: .volumeUp, isDown: false)))
        eventually("the replayed frames") { (try? fixture.stats())?.hops["buttonEvents"] == 4 }

        let stats = try fixture.stats()
        XCTAssertEqual(stats.hops["endMarkers"], 2, "two checkpoints; the malformed marker is not an end marker")
        XCTAssertEqual(stats.hops["homeButtonFrames"], 2)
        XCTAssertEqual(stats.hops["sequenceRegressions"], 1)
        XCTAssertEqual(stats.drops, ["malformed": 4])
        XCTAssertEqual(stats.malformedByReason, ["endMarker": 1, "truncated": 1, "badMagic": 1, "unsupportedVersion": 1])
        XCTAssertEqual(stats.malformedByPeer, ["pid \(getpid())": 4])
        XCTAssertEqual(stats.hops["eventPortReceived"], 12)
        XCTAssertEqual(stats.hops["routedToApp"], 4)
        assertEveryCountAddsUp(stats)
    }

    func testAnAppKilledWithEventsQueuedAndInFlightStillAddsUp() throws {
        try fixture.startSpringBoard(extra: ["--ack-window", "2", "--outbound-capacity", "8"])
        let mapsProcess = try fixture.startApp("maps", bundleID: maps)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        mapsProcess.signal(SIGSTOP)
        let source = try TestTouchSource(fixture: fixture)
        try source.down(1, 200, 400)
        for step in 1...4 { try source.move(1, 200 + Float(step) / 10, 400) }
        try source.up(1, 201, 400)
        try source.flush()
        // The down and the first move fill the window of 2; three moves coalesce into one queued event and
        // the up queues behind it: 4 routed frames wait.
        var app = try XCTUnwrap(fixture.appStats(maps))
        XCTAssertEqual([app.routed, app.sent, UInt64(app.inFlight), app.queuedSamples], [6, 2, 2, 4])
        mapsProcess.signal(SIGKILL)
        XCTAssertNotNil(mapsProcess.wait(timeout: 2))
        eventually("springboard to see Maps die") { fixture.appInfo(maps)?.state == "dead" }
        try source.tap(200, 800)  // the home screen takes over
        try source.flush()
        let stats = try fixture.stats()
        app = try XCTUnwrap(stats.apps.first { $0.bundleID == maps })
        XCTAssertEqual(app.drops, ["appDead": 4], "the queued frames: routed, never sent")
        XCTAssertEqual([app.sent, app.acked, app.lostInFlight, UInt64(app.inFlight)], [2, 0, 2, 0])
        XCTAssertEqual(stats.hops["lostInFlight"], 2)
        XCTAssertEqual(stats.hops["routedToHome"], 2)
        assertEveryCountAddsUp(stats)
    }
}

extension CounterTests {
    /// Control requests are served between event batches (finding 4): a flood of `status` and `stats` requests
    /// during a stream of frames loses nothing and every request is answered.
    func testAControlFloodDuringAStreamLosesNothing() throws {
        try fixture.startSpringBoard()
        try fixture.startApp("maps", bundleID: maps)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let file = fixture.directory.appendingPathComponent("drags.txt")
        try "at 0 drag 200 600 -> 200 300 duration 0.2 steps 48\n".write(to: file, atomically: true, encoding: .utf8)
        let player = try fixture.launch(
            "hid-source",
            // Maps (a debug build on a loaded machine) may hold the event port for a while: a long confirmation wait.
            ["play", file.path, "--speed", "0", "--repeat-count", "20", "--confirm-timeout", "10000"] + fixture.runtimeArguments)
        let control = try ControlClient(endpoint: fixture.endpoints.control, timeoutMilliseconds: 2000)
        var answered = 0
        for i in 0..<300 where (try? control.request(i % 2 == 0 ? .status : .stats()))?.ok == true { answered += 1 }
        XCTAssertEqual(answered, 300)
        XCTAssertEqual(player.wait(timeout: 15), 0, player.stderr)
        eventually("Maps to acknowledge every event") {
            guard let app = try? fixture.appStats(maps) else { return false }
            return app.inFlight == 0 && app.queued == 0 && app.acked == app.sent
        }
        let stats = try fixture.stats()
        XCTAssertEqual(stats.hops["digitizerFrames"], 20 * 49, "a down, 47 moves and an up, 20 times")
        XCTAssertEqual(stats.hops["routedToApp"], 980)
        XCTAssertEqual(stats.drops, [:])
        XCTAssertGreaterThanOrEqual(stats.hops["controlRequests"] ?? 0, 300)
        assertEveryCountAddsUp(stats)
    }
}
