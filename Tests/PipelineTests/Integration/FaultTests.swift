import AppChannel
import ControlProtocol
import Foundation
import SpringBoardCore
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// Apps that die or stop acknowledging: springboard survives, counts what it could not deliver, keeps
/// serving everyone else, and takes the app back when it restarts.
final class FaultTests: PipelineTestCase {
    private let maps = PipelineFixture.maps
    private let settings = PipelineFixture.settings

    /// SIGUSR1 blocks the app's main thread (--hang-on-sigusr1); wait until it says so, since the block runs
    /// on the main run loop after whatever it is doing.
    private func block(_ app: ChildProcess) {
        app.signal(SIGUSR1)
        eventually("the app's main thread to block") { app.stderr.contains("SIGUSR1: main thread blocked") }
    }

    func testKilledForegroundAppMidGestureIsSurvivedAndTakenBack() throws {
        try fixture.startSpringBoard()
        let mapsProcess = try fixture.startApp("maps", bundleID: maps)
        try fixture.startApp("settings", bundleID: settings)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let source = try TestTouchSource(fixture: fixture)
        try source.down(1, 200, 400)
        try source.flush()
        fixture.waitForTrace(maps, "-[MapView touchesBegan:withEvent:]")

        mapsProcess.signal(SIGKILL)
        XCTAssertNotNil(mapsProcess.wait(timeout: 2))
        eventually("springboard to see Maps die") { fixture.appInfo(maps)?.state == "dead" }
        XCTAssertEqual(fixture.foreground, .some(nil), "the home screen shows when the foreground app dies")

        try source.move(1, 210, 400)
        try source.up(1, 210, 400)
        try source.flush()
        var stats = try fixture.stats()
        XCTAssertEqual(stats.drops["gestureCancelled"], 2, "the rest of the dead app's gesture: \(stats.drops)")
        XCTAssertEqual(stats.hops["routedToHome"], 0, "the home screen does not get a gesture it did not start")
        XCTAssertEqual(stats.apps.first { $0.bundleID == maps }?.state, "dead")

        // Everyone else keeps working.
        XCTAssertEqual(try fixture.request(.foreground(bundleID: settings)).ok, true)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(settings, "-[WiFiRow touchesEnded:withEvent:]")
        let refused = try fixture.sbctl("foreground", maps)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr, "sbctl: appUnavailable: \(maps) is dead\n")

        // The restarted app registers again (new session) and can be brought to the foreground.
        let before = fixture.trace(maps).count
        let oldSession = try XCTUnwrap(fixture.appInfo(maps)?.session)
        let restarted = try fixture.startApp("maps", bundleID: maps)
        XCTAssertNotEqual(restarted.pid, mapsProcess.pid)
        XCTAssertGreaterThan(try XCTUnwrap(fixture.appInfo(maps)?.session), oldSession)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]", after: before)
        XCTAssertEqual(Array(fixture.trace(maps).dropFirst(before)), TraceLines.mapsSearchBarTap)
        stats = try fixture.stats()
        XCTAssertEqual(stats.apps.first { $0.bundleID == maps }?.registrations, 2)
        XCTAssertTrue(fixture.springboard?.isRunning == true)
    }

    func testAnAppThatStopsAcknowledgingIsNotRespondingWhileOthersWork() throws {
        try fixture.startSpringBoard(ackTimeoutMilliseconds: 300)
        let mapsProcess = try fixture.startApp("maps", bundleID: maps, extra: ["--hang-on-sigusr1"])
        try fixture.startApp("settings", bundleID: settings)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)

        block(mapsProcess)
        let source = try TestTouchSource(fixture: fixture)
        try source.tap(200, 125)
        try source.flush()
        eventually("Maps to be not responding") { fixture.appInfo(maps)?.state == "notResponding" }
        var stats = try fixture.stats()
        XCTAssertEqual(stats.notResponding, [maps])
        XCTAssertEqual(stats.apps.first { $0.bundleID == maps }?.acked, 0)
        XCTAssertEqual(stats.apps.first { $0.bundleID == maps }?.inFlight, 2)

        XCTAssertEqual(try fixture.request(.foreground(bundleID: settings)).ok, true)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(settings, "-[WiFiRow touchesEnded:withEvent:]")
        eventually("Settings to acknowledge") { (try? fixture.appStats(settings))?.acked == 2 }
        stats = try fixture.stats()
        XCTAssertEqual(stats.apps.first { $0.bundleID == settings }?.state, "foreground")
        XCTAssertEqual(stats.notResponding, [maps])
    }

    /// Every per-app counter adds up: each routed frame reached the socket, waits in the queue, or was
    /// dropped with a reason; every event sent is acknowledged or still in flight.
    private func assertCountersAddUp(_ app: AppStats, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            app.routed, app.samplesSent + app.queuedSamples + app.drops.values.reduce(0, +), "\(app)", file: file, line: line)
        XCTAssertEqual(app.sent, app.acked + UInt64(app.inFlight), "\(app)", file: file, line: line)
    }

    /// springboard with these bounds and Maps in the foreground, stopped (SIGSTOP: its socket stops reading,
    /// so springboard's window fills; SIGCONT lets it go on with nothing lost in between).
    private func stoppedMaps(window: Int, queue: Int, ackTimeout: Int = 5000) throws -> (ChildProcess, TestTouchSource) {
        try fixture.startSpringBoard(
            ackTimeoutMilliseconds: ackTimeout,
            extra: ["--ack-window", "\(window)", "--outbound-capacity", "\(queue)"])
        let mapsProcess = try fixture.startApp("maps", bundleID: maps)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        mapsProcess.signal(SIGSTOP)
        return (mapsProcess, try TestTouchSource(fixture: fixture))
    }

    func testMovesTowardAStalledAppAreCoalescedAndEverySampleArrivesInOrder() throws {
        let (mapsProcess, source) = try stoppedMaps(window: 4, queue: 8)
        // 0.1 pt steps: under the pan's hysteresis, so the map view's touch ends instead of being cancelled.
        try source.down(1, 200, 400)
        for step in 1...30 { try source.move(1, 200 + Float(step) / 10, 400) }
        try source.up(1, 203, 400)
        try source.flush()
        // 32 frames: the down and 3 moves fill the window of 4; the other 27 moves coalesce into one queued
        // event (26 folded into it), and the up queues behind it. Nothing is dropped.
        var stats = try XCTUnwrap(fixture.appStats(maps))
        XCTAssertEqual(stats.routed, 32)
        XCTAssertEqual(stats.sent, 4)
        XCTAssertEqual(stats.inFlight, 4)
        XCTAssertEqual(stats.queued, 2)
        XCTAssertEqual(stats.queuedSamples, 28)
        XCTAssertEqual(stats.coalescedSamples, 0, "counted when they reach the socket")
        XCTAssertEqual(stats.drops, [:])
        assertCountersAddUp(stats)

        mapsProcess.signal(SIGCONT)
        eventually("Maps to acknowledge all 6 events") { (try? fixture.appStats(maps))?.acked == 6 }
        stats = try XCTUnwrap(fixture.appStats(maps))
        XCTAssertEqual(stats.samplesSent, 32)
        XCTAssertEqual(stats.coalescedSamples, 26)
        XCTAssertEqual(stats.drops, [:])
        assertCountersAddUp(stats)
        fixture.waitForTrace(maps, "-[MapView touchesEnded:withEvent:]")
        XCTAssertFalse(fixture.trace(maps).contains { $0.contains("touchesCancelled") })
        mapsProcess.signal(SIGTERM)
        XCTAssertEqual(mapsProcess.wait(timeout: 5), 0)
        XCTAssertTrue(mapsProcess.stderr.contains("events 6, samples 32 (0 out of order)"), mapsProcess.stderr)
    }

    func testBackpressureStopsReadingTheEventPortUntilTheAppCatchesUp() throws {
        // A queue of 4: springboard stops reading with 2 frames queued (half the queue, so it never gives up).
        try fixture.startSpringBoard(extra: ["--ack-window", "2", "--outbound-capacity", "4", "--overload", "backpressure"])
        let mapsProcess = try fixture.startApp("maps", bundleID: maps)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        mapsProcess.signal(SIGSTOP)
        let source = try TestTouchSource(fixture: fixture)
        try source.down(1, 200, 400)
        for step in 1...20 { try source.move(1, 200 + Float(step) / 10, 400) }
        try source.up(1, 202, 400)
        // Two frames fill the window, two wait in the queue, and springboard stops reading: the other 18 stay
        // in the sockets, pushed back on the source. Nothing is coalesced, although the queued ones are moves.
        eventually("springboard to pause its event port") { (try? fixture.stats())?.hops["eventPortPauses"] == 1 }
        var stats = try fixture.stats()
        XCTAssertEqual(stats.hops["digitizerFrames"], 4)
        XCTAssertEqual(stats.apps.first { $0.bundleID == maps }?.queued, 2)
        XCTAssertEqual(stats.overloadMode, "backpressure")
        mapsProcess.signal(SIGCONT)
        try source.flush()
        eventually("Maps to acknowledge all 22 frames") { (try? fixture.appStats(maps))?.acked == 22 }
        stats = try fixture.stats()
        let app = try XCTUnwrap(stats.apps.first { $0.bundleID == maps })
        XCTAssertEqual(stats.hops["digitizerFrames"], 22)
        XCTAssertEqual([app.routed, app.samplesSent, app.sent, app.coalescedSamples], [22, 22, 22, 0], "nothing coalesced")
        XCTAssertEqual(stats.drops, [:])
        assertCountersAddUp(app)
    }

    func testAStuckAppWithAFullQueueHoldsTheEventPortThenIsGivenUpOnAndItsTouchesCancelled() throws {
        let (mapsProcess, source) = try stoppedMaps(window: 2, queue: 2, ackTimeout: 400)
        try source.down(1, 200, 400)
        try source.move(1, 201, 400)
        try source.down(2, 250, 400)
        try source.up(2, 250, 400)
        try source.up(1, 201, 400)
        // The down and the move fill the window; the second finger's down and up fill the queue, and
        // springboard stops reading (no down or up is dropped for a full queue): the last up waits in the
        // socket. After the ack timeout Maps is not responding: springboard gives up on it, drops the two
        // queued frames, queues a cancel for the finger Maps has down (finger 1) and reads again; the last up
        // belongs to the gesture taken from Maps.
        try source.flush()
        let stats = try XCTUnwrap(fixture.appStats(maps))
        XCTAssertEqual(stats.state, "notResponding")
        XCTAssertEqual(stats.sent, 2)
        XCTAssertEqual(stats.drops, ["notResponding": 2])
        XCTAssertEqual(stats.giveUps, 1)
        XCTAssertEqual(stats.cancelsSent, 1)
        XCTAssertEqual(stats.queued, 1, "the cancel waits behind the window")
        assertCountersAddUp(stats)
        let all = try fixture.stats()
        XCTAssertEqual(all.drops, ["notResponding": 2, "gestureCancelled": 1])
        XCTAssertEqual(all.hops["eventPortPauses"], 1)
        XCTAssertEqual(all.hops["outgoingStreamErrors"], 0)

        mapsProcess.signal(SIGCONT)
        eventually("Maps to acknowledge the cancel") { (try? fixture.appStats(maps))?.acked == 3 }
        fixture.waitForTrace(maps, "-[MapView touchesCancelled:withEvent:]")
        let trace = fixture.trace(maps).filter { $0.hasPrefix("-[MapView touches") }
        XCTAssertEqual(
            trace,
            [
                "-[MapView touchesBegan:withEvent:]", "-[MapView touchesMoved:withEvent:]",
                "-[MapView touchesCancelled:withEvent:]",
            ])
        XCTAssertEqual(try fixture.appStats(maps)?.state, "foreground", "responding again")
    }

    func testSIGTERMStopsAnAppCleanlyAndItSaysGoodbye() throws {
        try fixture.startSpringBoard()
        let mapsProcess = try fixture.startApp("maps", bundleID: maps)
        mapsProcess.signal(SIGTERM)
        XCTAssertEqual(mapsProcess.wait(timeout: 2), 0)
        eventually("springboard to mark Maps dead") { fixture.appInfo(maps)?.state == "dead" }
        XCTAssertEqual(try fixture.stats().drops, [:])

        let springboard = try XCTUnwrap(fixture.springboard)
        springboard.signal(SIGTERM)
        XCTAssertEqual(springboard.wait(timeout: 2), 0)
        for name in ["events", "apps", "control"] {
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent(name).path),
                "\(name) socket left behind")
        }
    }

    func testAppsRegisterAgainWhenSpringBoardRestarts() throws {
        try fixture.startSpringBoard()
        let mapsProcess = try fixture.startApp("maps", bundleID: maps)
        let first = try XCTUnwrap(fixture.springboard)
        first.signal(SIGKILL)
        XCTAssertNotNil(first.wait(timeout: 2))

        // The kernel dropped the dead springboard's lock; the new one binds the same paths and the app's
        // DEALER reconnects, probes, and registers again without being told.
        try fixture.startSpringBoard()
        eventually("Maps to register with the new springboard") {
            fixture.appInfo(maps).map { $0.pid == UInt32(mapsProcess.pid) && $0.state == "background" } ?? false
        }
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let source = try TestTouchSource(fixture: fixture)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")
    }
}
