import ControlProtocol
import Foundation
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// Sources that die or fall silent with fingers down (issue 12, findings 1 and 7): their fingers are cancelled
/// after the source timeout, everyone else's touches keep flowing, and hid-source itself stops on a signal
/// whatever its socket does. Process tests: a source's connection is its socket's file descriptor and its
/// close is the socket monitor's (neither exists over inproc), keep-alives are hid-source's own, and the
/// assertions read app-host's trace. The timeout logic alone is EmbeddedLivenessTests'.
final class SourceLivenessTests: PipelineTestCase {
    private let maps = PipelineFixture.maps
    private let settings = PipelineFixture.settings

    private func startWithMapsInFront(sourceTimeout: Int) throws {
        try fixture.startSpringBoard(sourceTimeoutMilliseconds: sourceTimeout)
        try fixture.startApp("maps", bundleID: maps)
        try fixture.startApp("settings", bundleID: settings)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
    }

    private func mapViewTouches() -> [String] { fixture.trace(maps).filter { $0.hasPrefix("-[MapView touches") } }

    /// The case: hid-source SIGKILLed mid-gesture. Its connection closes, so its finger is cancelled at
    /// once (no timeout needed).
    func testAKilledSourceMidPressLosesItsFingerAndTheScreenKeepsWorking() throws {
        try checkASourceThatStopsMidPress(signal: SIGKILL, counter: "sourceDisconnects")
    }

    /// A hung source (SIGSTOP: its connection stays open, it sends nothing, not even keep-alives) loses its
    /// finger after the source timeout.
    func testAHungSourceMidPressLosesItsFingerAfterTheSourceTimeout() throws {
        try checkASourceThatStopsMidPress(signal: SIGSTOP, counter: "sourceTimeouts")
    }

    private func checkASourceThatStopsMidPress(signal: Int32, counter: String) throws {
        try startWithMapsInFront(sourceTimeout: signal == SIGKILL ? 60_000 : 300)
        let player = try fixture.playInBackground("at 0.000 down 1 200 400\nat 30.000 up 1\n")
        fixture.waitForTrace(maps, "-[MapView touchesBegan:withEvent:]")
        player.signal(signal)
        if signal == SIGKILL { XCTAssertNotNil(player.wait(timeout: 2)) }

        // The stopped source's finger is cancelled: the latch opens.
        eventually("the stopped source's finger to be cancelled") { (try? fixture.request(.status))?.status?.liveTouches == 0 }
        fixture.waitForTrace(maps, "-[MapView touchesCancelled:withEvent:]")
        XCTAssertEqual(mapViewTouches(), ["-[MapView touchesBegan:withEvent:]", "-[MapView touchesCancelled:withEvent:]"])
        var stats = try fixture.stats()
        XCTAssertEqual(stats.hops[counter], 1)
        XCTAssertEqual((stats.hops["sourceTimeouts"] ?? 0) + (stats.hops["sourceDisconnects"] ?? 0), 1)
        XCTAssertEqual(stats.apps.first { $0.bundleID == maps }?.cancelsSent, 1)
        let dead = try XCTUnwrap(try fixture.request(.sources).sources?.first { $0.received == 1 })
        XCTAssertEqual([dead.fingersDown, Int(dead.timeouts + dead.disconnects), Int(dead.cancels)], [0, 1, 0])

        // Valid traffic goes on: a new gesture in Maps, a foreground change, a tap in Settings.
        let before = fixture.trace(maps).count
        let source = try TestTouchSource(fixture: fixture)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]", after: before)
        XCTAssertEqual(Array(fixture.trace(maps).dropFirst(before)), TraceLines.mapsSearchBarTap)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: settings)).ok, true)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(settings, "-[WiFiRow touchesEnded:withEvent:]")
        stats = try fixture.stats()
        XCTAssertEqual(stats.drops, [:], "nothing dropped: no gesture was merged into the dead one")
        XCTAssertEqual(stats.hops["digitizerFrames"], 5)
        assertEveryCountAddsUp(stats)
    }

    func testALongPressFromHIDSourceIsKeptAliveAndNotCancelled() throws {
        // A timeout of four keep-alive intervals (a loaded machine may delay one), and a press held twice as long.
        try startWithMapsInFront(sourceTimeout: 1000)
        let file = fixture.directory.appendingPathComponent("long-press.txt")
        try "at 0.000 down 1 200 400\nat 2.000 up 1\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try fixture.hidSource("play", file.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        fixture.waitForTrace(maps, "-[MapView touchesEnded:withEvent:]")
        XCTAssertEqual(mapViewTouches(), ["-[MapView touchesBegan:withEvent:]", "-[MapView touchesEnded:withEvent:]"])
        let stats = try fixture.stats()
        XCTAssertEqual(stats.hops["sourceTimeouts"], 0)
        XCTAssertGreaterThan(stats.hops["keepAlives"] ?? 0, 0)
        XCTAssertEqual(stats.hops["endMarkers"], 1, "keep-alives are not end markers")
        XCTAssertEqual(stats.drops, [:])
        assertEveryCountAddsUp(stats)
    }

    func testCancelSourceEndsAStuckSourcesGestureByHand() throws {
        try startWithMapsInFront(sourceTimeout: 0)
        let source = try TestTouchSource(fixture: fixture)
        try source.down(1, 200, 400)
        try source.flush()
        fixture.waitForTrace(maps, "-[MapView touchesBegan:withEvent:]")
        let listed = try fixture.sbctl("sources")
        XCTAssertEqual(listed.status, 0)
        XCTAssertTrue(listed.stdout.contains("\(source.senderID)"), listed.stdout)
        XCTAssertEqual(try fixture.request(.sources).sources?.first { $0.senderID == source.senderID }?.fingersDown, 1)

        let cancelled = try fixture.sbctl("cancel-source", "\(source.senderID)")
        XCTAssertEqual(cancelled.status, 0, cancelled.stderr)
        XCTAssertEqual(cancelled.stdout, "source \(source.senderID): fingers cancelled (0 down now)\n")
        fixture.waitForTrace(maps, "-[MapView touchesCancelled:withEvent:]")
        XCTAssertEqual(try fixture.request(.status).status?.liveTouches, 0)
        let unknown = try fixture.sbctl("cancel-source", "42")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertEqual(unknown.stderr, "sbctl: unknownSource: springboard has read nothing from source 42\n")

        // The stuck source's next move belongs to a stream springboard ended: refused and counted. Its next
        // gesture is a new one.
        try source.move(1, 201, 400)
        try source.up(1, 201, 400)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")
        let stats = try fixture.stats()
        XCTAssertEqual(stats.drops, ["invalidStream": 2])
        XCTAssertEqual(stats.hops["sourcesCancelled"], 1)
        XCTAssertEqual(stats.hops["sourceTimeouts"], 0, "0 disables the timeout")
        assertEveryCountAddsUp(stats)
    }

    /// One form of a sender id in what sbctl prints (decimal, as in JSON), and both forms taken (issue 26,
    /// item 6).
    func testCancelSourceTakesTheSenderIDInHexAsWellAsDecimal() throws {
        try startWithMapsInFront(sourceTimeout: 0)
        let source = try TestTouchSource(fixture: fixture)
        try source.down(1, 200, 400)
        try source.flush()
        fixture.waitForTrace(maps, "-[MapView touchesBegan:withEvent:]")
        let listed = try fixture.sbctl("sources")
        XCTAssertEqual(listed.stdout.split(separator: "\n")[1].split(separator: " ").first, "\(source.senderID)")

        let cancelled = try fixture.sbctl("cancel-source", "0x" + String(source.senderID, radix: 16))
        XCTAssertEqual(cancelled.status, 0, cancelled.stderr)
        XCTAssertEqual(cancelled.stdout, "source \(source.senderID): fingers cancelled (0 down now)\n")
        fixture.waitForTrace(maps, "-[MapView touchesCancelled:withEvent:]")
        let unknown = try fixture.sbctl("cancel-source", "0x2a")
        XCTAssertEqual(unknown.stderr, "sbctl: unknownSource: springboard has read nothing from source 42\n")
        let bad = try fixture.sbctl("cancel-source", "0x2g")
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(
            bad.stderr.hasPrefix(
                "Error: The value '0x2g' is invalid for '<sender-id>': \"0x2g\" is not a sender id: decimal, as sbctl prints it, or hex (0x1a2b or 1a2b)"
            ), bad.stderr)
    }

    /// `hid-source --sender-id` takes the hex form too; `sbctl sources` lists the id in decimal.
    func testHIDSourceTakesItsSenderIDInHex() throws {
        try startWithMapsInFront(sourceTimeout: 0)
        let tap = try fixture.hidSource("tap", "200", "125", "--sender-id", "0x7e5700000000002a")
        XCTAssertEqual(tap.status, 0, tap.stderr)
        XCTAssertEqual(try fixture.request(.source(senderID: 0x7e57_0000_0000_002a)).source?.received, 2)
        XCTAssertTrue(try fixture.sbctl("sources").stdout.contains("\n9103745171752747050 "))
        let bad = try fixture.hidSource("tap", "200", "125", "--sender-id", "0x2g")
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("\"0x2g\" is not a sender id: decimal, as sbctl prints it, or hex"), bad.stderr)
    }

    func testHIDSourceStopsOnSIGTERMWhenNobodyReadsAndNamesTheEndpoint() throws {
        // No springboard: the event port's pipe fills at its high-water mark and a blocking send would hang.
        let player = try fixture.launch(
            "hid-source", ["tap", "10", "10", "--speed", "0", "--repeat-count", "5000"] + fixture.runtimeArguments)
        eventually("hid-source to report the stall", timeout: 10) { player.stderr.contains("has not taken a frame for 2 s") }
        player.signal(SIGTERM)
        XCTAssertEqual(player.wait(timeout: 2), 69, "stopped promptly, run not confirmed")
        let events = fixture.endpoints.events
        XCTAssertEqual(
            player.stderr,
            "hid-source: the event port \(events) has not taken a frame for 2 s (is springboard running?)\n"
                + "hid-source: the event port \(events) did not take the end marker (no springboard reading)\n"
                + "hid-source: sent 1000 frame(s); springboard did not confirm the end marker\n")
    }

    func testASourceWhoseConnectionClosesMidPressLosesItsFingerAtOnce() throws {
        try startWithMapsInFront(sourceTimeout: 60_000)
        var source: TestTouchSource? = try TestTouchSource(fixture: fixture)
        try source?.down(1, 200, 400)
        try source?.flush()
        fixture.waitForTrace(maps, "-[MapView touchesBegan:withEvent:]")
        source = nil  // the connection closes (a source process that died): long before the 60 s timeout
        eventually("the closed source's finger to be cancelled") { (try? fixture.request(.status))?.status?.liveTouches == 0 }
        fixture.waitForTrace(maps, "-[MapView touchesCancelled:withEvent:]")
        let stats = try fixture.stats()
        XCTAssertEqual([stats.hops["sourceDisconnects"], stats.hops["sourceTimeouts"]], [1, 0])
        XCTAssertEqual(stats.drops, [:])
        assertEveryCountAddsUp(stats)
        XCTAssertEqual(try fixture.hidSource("tap", "200", "125").status, 0)
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")
    }

    func testAnotherConnectionCannotEndOrFeedASourcesGesture() throws {
        try startWithMapsInFront(sourceTimeout: 60_000)
        let source = try TestTouchSource(fixture: fixture)
        try source.down(1, 200, 400)
        try source.flush()
        fixture.waitForTrace(maps, "-[MapView touchesBegan:withEvent:]")
        // An impostor names the same sender id: its final marker and its frame are refused and counted.
        let impostor = try TestTouchSource(fixture: fixture, senderID: source.senderID)
        try impostor.sendEndMarker(final: true)
        try impostor.up(1, 200, 400)
        eventually("the impostor's marker and frame to be refused") {
            let stats = try? fixture.stats()
            return stats?.hops["markersRefused"] == 1 && stats?.drops["foreignSender"] == 1
        }
        XCTAssertEqual(try fixture.request(.status).status?.liveTouches, 1, "the real finger is still down")
        // The real source's gesture goes on and ends as it should.
        try source.move(1, 203, 400)
        try source.up(1, 203, 400)
        try source.flush()
        fixture.waitForTrace(maps, "-[MapView touchesEnded:withEvent:]")
        XCTAssertEqual(
            mapViewTouches(),
            ["-[MapView touchesBegan:withEvent:]", "-[MapView touchesMoved:withEvent:]", "-[MapView touchesEnded:withEvent:]"])
        let stats = try fixture.stats()
        XCTAssertEqual(stats.drops, ["foreignSender": 1])
        XCTAssertEqual(stats.hops["digitizerFrames"], 3)
        assertEveryCountAddsUp(stats)
        XCTAssertEqual(try fixture.request(.source(senderID: source.senderID)).source?.received, 3)
    }

    /// The fuzzer's case: a flood of random sender ids cannot push a source with a finger down out of
    /// springboard's memory (its finger would then never be cancelled).
    func testAFloodOfSenderIDsDoesNotForgetASourceWithAFingerDown() throws {
        try startWithMapsInFront(sourceTimeout: 60_000)
        var source: TestTouchSource? = try TestTouchSource(fixture: fixture)
        try source?.down(1, 200, 400)
        try source?.flush()
        let flood = try TestTouchSource(fixture: fixture)
        for i in 0..<100 { try flood.sendRawMarker(senderID: 0xF100D_0000 + UInt64(i)) }
        eventually("the flood to be read") { (try? fixture.stats())?.hops["keepAlives"] == 100 }
        XCTAssertEqual(try fixture.request(.sources).sources?.count, 64, "springboard remembers at most 64 sources")
        source = nil
        eventually("the closed source's finger to be cancelled") { (try? fixture.request(.status))?.status?.liveTouches == 0 }
        fixture.waitForTrace(maps, "-[MapView touchesCancelled:withEvent:]")
        let stats = try fixture.stats()
        XCTAssertEqual(stats.hops["sourceDisconnects"], 1)
        assertEveryCountAddsUp(stats)
    }
}
