import ControlProtocol
import Foundation
import HIDEvent
import XCTest
import ZeroMQ
#if canImport(Glibc)
    import Glibc
#endif

/// Limits (issue 12, finding 9) and a not-responding app with consequences (finding 10).
final class LimitsTests: PipelineTestCase {
    private let maps = PipelineFixture.maps
    private let settings = PipelineFixture.settings

    private func rawPush() throws -> (ZMQContext, ZMQSocket) {
        let context = try ZMQContext(ioThreads: 1)
        let socket = try context.socket(.push)
        try socket.setLinger(0)
        try socket.connect(fixture.endpoints.events)
        return (context, socket)
    }

    func testOversizeAndMultipartMessagesAreRefusedAndBadFramesLoggedAtMostOnceASecond() throws {
        try fixture.startSpringBoard()
        try fixture.startApp("maps", bundleID: maps)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let frame = try HIDEncoder.encode(
            HIDMessage(
                envelope: HIDEnvelope(kind: .button, sequence: 1, senderID: 77, timestamps: HIDHopTimestamps(hardware: 1)),
                payload: .button(HIDButtonEvent(button: .volumeUp, isDown: true))))

        // Over ZMQ_MAXMSGSIZE (8 KiB on the event port): libzmq drops the connection before buffering the frame.
        let (bigContext, big) = try rawPush()
        XCTAssertTrue(try big.send([UInt8](repeating: 0x54, count: 1 << 20)))
        // Two HID frames in one message: refused whole, counted once.
        let (context, raw) = try rawPush()
        XCTAssertTrue(try raw.send(frame, more: true))
        XCTAssertTrue(try raw.send(frame))
        // 200 bad frames: every one counted, the log says so at most once a second.
        for _ in 0..<200 { XCTAssertTrue(try raw.send([0x54, 0x50, 0x48, 0x45, 1])) }
        eventually("the bad frames to be read") { (try? fixture.stats())?.drops["malformed"] == 201 }

        let source = try TestTouchSource(fixture: fixture)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")
        let stats = try fixture.stats()
        XCTAssertEqual(stats.malformedByReason, ["multipart": 1, "truncated": 200])
        XCTAssertEqual(stats.hops["eventPortReceived"], 204, "201 bad messages, the tap and the marker; not the oversize frame")
        XCTAssertEqual(stats.hops["routedToApp"], 2)
        assertEveryCountAddsUp(stats)
        let springboard = try XCTUnwrap(fixture.springboard)
        let logged = springboard.stderr.components(separatedBy: "dropped malformed frame").count - 1
        XCTAssertEqual(UInt64(logged) + (stats.hops["logLinesSuppressed"] ?? 0), 201)
        XCTAssertLessThan(logged, 10, "at most one line a second")
        withExtendedLifetime((bigContext, big, context, raw)) {}
    }

    func testANotRespondingAppGetsNothingNewAndSbctlKillEndsIt() throws {
        try fixture.startSpringBoard(ackTimeoutMilliseconds: 300)
        let mapsProcess = try fixture.startApp("maps", bundleID: maps, extra: ["--hang-on-sigusr1"])
        try fixture.startApp("settings", bundleID: settings)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        mapsProcess.signal(SIGUSR1)
        eventually("the app's main thread to block") { mapsProcess.stderr.contains("SIGUSR1: main thread blocked") }
        let source = try TestTouchSource(fixture: fixture)
        try source.tap(200, 125)
        try source.flush()
        eventually("Maps to be not responding") { fixture.appInfo(maps)?.state == "notResponding" }

        // A new gesture for it is not queued: its first frame is dropped and the rest of it taken away.
        try source.tap(200, 125)
        try source.flush()
        var app = try XCTUnwrap(fixture.appStats(maps))
        XCTAssertEqual([app.routed, app.sent, UInt64(app.queued)], [3, 2, 0])
        XCTAssertEqual(app.drops, ["notResponding": 1])
        XCTAssertEqual(try fixture.stats().drops, ["notResponding": 1, "gestureCancelled": 1])

        // Switching away works, and sbctl kill ends it (the pid springboard verified for its connection).
        XCTAssertEqual(try fixture.request(.foreground(bundleID: settings)).ok, true)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(settings, "-[WiFiRow touchesEnded:withEvent:]")
        let killed = try fixture.sbctl("kill", maps)
        XCTAssertEqual(killed.status, 0, killed.stderr)
        XCTAssertEqual(killed.stdout, "\(maps): killed (now dead)\n")
        XCTAssertNotNil(mapsProcess.wait(timeout: 2))
        XCTAssertEqual(mapsProcess.process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(fixture.appInfo(maps)?.state, "dead")
        let refused = try fixture.sbctl("kill", maps)
        XCTAssertEqual(refused.stderr, "sbctl: appUnavailable: \(maps) is dead\n")
        let stats = try fixture.stats()
        XCTAssertEqual(stats.hops["appsKilled"], 1)
        app = try XCTUnwrap(stats.apps.first { $0.bundleID == maps })
        XCTAssertEqual(app.lostInFlight, 2, "the first tap, sent before it hung, never acknowledged")
        assertEveryCountAddsUp(stats)
    }

    /// Issue 24, also noticed: the opt-in watchdog (`--watchdog SECONDS`, iOS's watchdog) kills an app that stays
    /// not responding past its limit: SIGKILL to its kernel-verified pid, counted and logged, the app dead.
    func testTheWatchdogKillsAnAppThatStaysNotResponding() throws {
        try fixture.startSpringBoard(ackTimeoutMilliseconds: 300, extra: ["--watchdog", "0.5"])
        let mapsProcess = try fixture.startApp("maps", bundleID: maps, extra: ["--hang-on-sigusr1"])
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        mapsProcess.signal(SIGUSR1)
        eventually("the app's main thread to block") { mapsProcess.stderr.contains("SIGUSR1: main thread blocked") }
        let source = try TestTouchSource(fixture: fixture)
        try source.tap(200, 125)
        try source.flush()
        eventually("Maps to be not responding") { fixture.appInfo(maps)?.state == "notResponding" }
        XCTAssertNotNil(mapsProcess.wait(timeout: 5), "the watchdog ends it")
        XCTAssertEqual(mapsProcess.process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(mapsProcess.process.terminationStatus, SIGKILL)
        eventually("Maps to be dead") { fixture.appInfo(maps)?.state == "dead" }
        let stats = try fixture.stats()
        XCTAssertEqual(stats.hops["watchdogKills"], 1)
        XCTAssertEqual(stats.hops["appsKilled"], 0, "sbctl kill's counter is not the watchdog's")
        assertEveryCountAddsUp(stats)
        let log = try XCTUnwrap(fixture.springboard).stderr + (try XCTUnwrap(fixture.springboard)).stdout
        XCTAssertTrue(log.contains("watchdog: \(maps) (pid \(mapsProcess.pid)) did not respond for "), log)
    }
}
