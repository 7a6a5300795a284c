import AppChannel
import ControlProtocol
import Foundation
import HIDEvent
import SpringBoardCore
import SpringBoardHome
import XCTest

/// Events from a hardware source → springboard → the foreground app or the home screen, as real processes
/// over ipc sockets: what only processes show (app-host's UIKit trace, sbctl's output, the runtime
/// directory's lock). springboard's routing logic alone is tested frame by frame in EmbeddedRoutingTests.
final class RoutingTests: PipelineTestCase {
    private let maps = PipelineFixture.maps
    private let settings = PipelineFixture.settings

    override func setUpWithError() throws {
        try super.setUpWithError()
        try fixture.startSpringBoard()
        try fixture.startApp("maps", bundleID: maps)
        try fixture.startApp("settings", bundleID: settings)
    }

    func testTapReachesTheForegroundAppsHitView() throws {
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).foreground, maps)
        let source = try TestTouchSource(fixture: fixture)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")
        XCTAssertEqual(fixture.trace(maps), TraceLines.mapsSearchBarTap)
        XCTAssertEqual(fixture.trace(settings), [])
        eventually("both events acknowledged") { (try? fixture.appStats(maps))?.acked == 2 }
        let stats = try fixture.stats()
        XCTAssertEqual(stats.hops["digitizerFrames"], 2)
        XCTAssertEqual(stats.hops["routedToApp"], 2)
        XCTAssertEqual(stats.hops["routedToHome"], 0)
        XCTAssertEqual(stats.drops, [:])
        let mapsStats = try XCTUnwrap(stats.apps.first { $0.bundleID == maps })
        XCTAssertEqual(mapsStats.sent, 2)
        XCTAssertEqual(mapsStats.inFlight, 0)
        for hop in ["springBoardQueue", "springBoardToApp", "appQueue", "dispatch", "ackBack", "ack", "endToEnd"] {
            XCTAssertEqual(mapsStats.latency[hop]?.count, 2, hop)
            XCTAssertGreaterThan(mapsStats.latency[hop]?.maxMicroseconds ?? 0, 0, hop)
            XCTAssertEqual(stats.latency[hop]?.count, 2, hop)
        }
        XCTAssertEqual(stats.hops["acks"], 2)
        XCTAssertEqual(mapsStats.routed, 2)
        XCTAssertEqual(mapsStats.samplesSent, 2)
        XCTAssertEqual(stats.latency["sourceToSpringBoard"]?.count, 2)
    }

    func testHomeScreenConsumesTapsAndAnIconTapForegroundsTheApp() throws {
        XCTAssertEqual(fixture.foreground, .some(nil), "nothing is in the foreground at start")
        let source = try TestTouchSource(fixture: fixture)
        try source.tap(200, 800)  // below the icon grid: the home screen consumes it, nothing happens
        try source.flush()
        XCTAssertEqual(try fixture.stats().hops["routedToHome"], 2)
        XCTAssertEqual(fixture.foreground, .some(nil))

        let slot = try XCTUnwrap(fixture.appInfo(maps)?.homeSlot)
        let icon = HomeScreenLayout().iconFrame(slot: slot)
        try source.tap(Float(icon.midX), Float(icon.midY))
        try source.flush()
        eventually("Maps in the foreground") { fixture.foreground == .some(maps) }
        XCTAssertEqual(try fixture.stats().hops["routedToHome"], 4)
        XCTAssertEqual(fixture.trace(maps), [], "the icon tap belongs to the home screen, not to the app")

        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")
        XCTAssertEqual(fixture.trace(maps), TraceLines.mapsSearchBarTap)
    }

    func testSbctlForegroundAndHomeSwapTheTarget() throws {
        let source = try TestTouchSource(fixture: fixture)
        var result = try fixture.sbctl("foreground", maps)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "foreground: \(maps)\n")
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")

        result = try fixture.sbctl("foreground", settings)
        XCTAssertEqual(result.status, 0, result.stderr)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(settings, "-[WiFiRow touchesEnded:withEvent:]")
        XCTAssertEqual(
            TraceLines.touchLines(fixture.trace(settings)),
            ["-[WiFiRow touchesBegan:withEvent:]", "-[WiFiRow touchesEnded:withEvent:]"])
        XCTAssertEqual(
            TraceLines.touchLines(fixture.trace(maps)),
            ["-[SearchBarView touchesBegan:withEvent:]", "-[SearchBarView touchesEnded:withEvent:]"])

        result = try fixture.sbctl("home")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(fixture.foreground, .some(nil))
        let mapsLines = fixture.trace(maps).count, settingsLines = fixture.trace(settings).count
        try source.tap(200, 800)
        try source.flush()
        XCTAssertEqual(try fixture.stats().hops["routedToHome"], 2)
        XCTAssertEqual(fixture.trace(maps).count, mapsLines)
        XCTAssertEqual(fixture.trace(settings).count, settingsLines)
        XCTAssertEqual(try fixture.appStats(maps)?.sent, 2)
        XCTAssertEqual(try fixture.appStats(settings)?.sent, 2)
    }

    func testSbctlErrorsAreClearAndDoNotDisturbAGestureInProgress() throws {
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let source = try TestTouchSource(fixture: fixture)
        try source.down(1, 200, 400)
        try source.flush()
        fixture.waitForTrace(maps, "-[MapView touchesBegan:withEvent:]")

        var result = try fixture.sbctl("foreground", "com.example.nope")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "sbctl: unknownBundleID: no app \"com.example.nope\" has registered (known: \(fixture.registeredOrder()))\n")
        result = try fixture.sbctl("send", "{\"command\": 42}")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("\"code\" : \"malformedRequest\""), result.stdout)
        result = try fixture.sbctl("send", "not json")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("\"code\" : \"malformedRequest\""), result.stdout)
        result = try fixture.sbctl("stats", "--json")
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("\"gestureCancelled\"") == false)
        result = try fixture.sbctl("status", "--json")
        XCTAssertEqual(result.status, 0)
        let status = try ControlReply.decode(Array(result.stdout.utf8)).status
        XCTAssertEqual(status?.foreground, maps)
        XCTAssertEqual(status?.gestureTarget, "app:\(maps)")
        XCTAssertEqual(status?.liveTouches, 1)
        result = try fixture.sbctl("apps", "--json")
        XCTAssertEqual(
            try ControlReply.decode(Array(result.stdout.utf8)).apps?.map(\.state).sorted(), ["background", "foreground"])
        result = try fixture.sbctl("apps")
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("com.example.maps      Maps      \(fixture.apps[maps]!.pid)"), result.stdout)

        try source.move(1, 210, 400)  // 10 pt: not past the map's pan hysteresis, the map keeps the touch
        try source.up(1, 210, 400)
        try source.flush()
        fixture.waitForTrace(maps, "-[MapView touchesEnded:withEvent:]")
        XCTAssertEqual(
            TraceLines.touchLines(fixture.trace(maps)),
            [
                "-[MapView touchesBegan:withEvent:]", "-[MapView touchesMoved:withEvent:]", "-[MapView touchesEnded:withEvent:]",
            ])
        XCTAssertEqual(try fixture.stats().drops, [:])
    }

    func testForegroundSwapMidDragCancelsTheOldAppsTouches() throws {
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let source = try TestTouchSource(fixture: fixture)
        try source.down(1, 200, 400)
        try source.move(1, 205, 400)
        try source.flush()
        fixture.waitForTrace(maps, "-[MapView touchesMoved:withEvent:]")

        XCTAssertEqual(try fixture.sbctl("foreground", settings).status, 0)
        fixture.waitForTrace(maps, "-[MapView touchesCancelled:withEvent:]")
        try source.move(1, 215, 400)
        try source.up(1, 215, 400)
        try source.flush()

        XCTAssertEqual(
            TraceLines.touchLines(fixture.trace(maps)),
            [
                "-[MapView touchesBegan:withEvent:]", "-[MapView touchesMoved:withEvent:]",
                "-[MapView touchesCancelled:withEvent:]",
            ])
        XCTAssertEqual(fixture.trace(settings), [], "the rest of the gesture goes to nobody")
        let stats = try fixture.stats()
        XCTAssertEqual(stats.drops, ["gestureCancelled": 2])
        XCTAssertEqual(stats.hops["cancelsSynthesized"], 1)
        XCTAssertEqual(stats.apps.first { $0.bundleID == maps }?.cancelsSent, 1)

        // The next gesture goes to the new foreground app.
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(settings, "-[WiFiRow touchesEnded:withEvent:]")
    }

    func testSwipeUpFromTheBottomEdgeGoesHomeAndCancelsTheApp() throws {
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let source = try TestTouchSource(fixture: fixture)
        try source.down(1, 200, 836)
        try source.move(1, 200, 790)  // 46 pt: still the app's gesture, and past its map's pan hysteresis (10 pt)
        try source.flush()
        // The map's pan begins; it cancels the touch in the map (cancelsTouchesInView), then owns it.
        fixture.waitForTrace(maps, "-[MapView touchesCancelled:withEvent:]")
        try source.move(1, 200, 700)  // 136 pt up from the edge: the system takes the gesture
        try source.move(1, 200, 600)
        try source.up(1, 200, 600)
        try source.flush()
        // The cancel springboard sends reaches the pan: cancelled, without another move.
        eventually("Maps' pan to be cancelled") {
            TraceLines.mapPanLines(fixture.trace(maps)).contains("Map panned cancelled translation=(0, -46)")
        }
        XCTAssertEqual(fixture.foreground, .some(nil))
        XCTAssertEqual(
            TraceLines.touchLines(fixture.trace(maps)),
            [
                "-[MapView touchesBegan:withEvent:]", "-[MapView touchesCancelled:withEvent:]",
            ])
        XCTAssertEqual(
            TraceLines.mapPanLines(fixture.trace(maps)),
            [
                "Map panned began translation=(0, -46)", "Map panned cancelled translation=(0, -46)",
            ])
        let stats = try fixture.stats()
        XCTAssertEqual(stats.hops["consumedBySystem"], 3)
        XCTAssertEqual(stats.hops["routedToHome"], 0, "the home screen does not get the system gesture's tail")
        XCTAssertEqual(stats.drops, [:])
    }

    func testASecondSpringBoardRefusesTheRuntimeDirectory() throws {
        let second = try fixture.runTool("springboard", fixture.runtimeArguments)
        XCTAssertEqual(second.status, 69)
        let pid = try XCTUnwrap(fixture.springboard?.pid)
        XCTAssertTrue(
            second.stderr.contains("another springboard (pid \(pid)) holds \(fixture.directory.path)/springboard.lock"),
            second.stderr)
        XCTAssertEqual(try fixture.request(.status).status?.pid, pid, "the first springboard still owns the sockets")
        XCTAssertEqual(fixture.appInfo(maps)?.state, "background")
    }

    func testSbctlStatsResetStartsTheCountersAndHistogramsAgain() throws {
        // setUp started springboard and the apps (a second Maps would now be refused: its bundle id is live).
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let source = try TestTouchSource(fixture: fixture)
        try source.tap(200, 125)
        try source.flush()
        eventually("the tap acknowledged") { (try? fixture.appStats(maps))?.acked == 2 }
        let registrations = try XCTUnwrap(fixture.appStats(maps)).registrations
        let result = try fixture.sbctl("stats", "--reset")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("  digitizerFrames: 2\n"), result.stdout)
        let endToEnd = result.stdout.split(separator: "\n").first { $0.hasPrefix("  endToEnd ") }?.split(separator: " ")
        XCTAssertEqual(endToEnd?.dropFirst().first, "2", result.stdout)
        let stats = try fixture.stats()
        XCTAssertEqual(stats.hops["digitizerFrames"], 0)
        XCTAssertEqual(stats.hops["acks"], 0)
        XCTAssertEqual(stats.latency, [:])
        let app = try XCTUnwrap(stats.apps.first { $0.bundleID == maps })
        XCTAssertEqual([app.routed, app.sent, app.acked], [0, 0, 0])
        XCTAssertEqual(app.registrations, registrations, "a registration is state, not traffic")
        try source.tap(200, 125)
        try source.flush()
        eventually("the second tap acknowledged") { (try? fixture.appStats(maps))?.acked == 2 }
        XCTAssertEqual(try fixture.stats().latency["endToEnd"]?.count, 2)
    }

    func testImpossibleFramesAreDroppedByTheStreamVerifier() throws {
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let source = try TestTouchSource(fixture: fixture)
        // Finger 5 never went down.
        try source.untracked([HIDDigitizerEvent(phase: .changed, transducerIndex: 5, eventMask: [.position], x: 10, y: 10)])
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")
        XCTAssertEqual(fixture.trace(maps), TraceLines.mapsSearchBarTap)
        let stats = try fixture.stats()
        XCTAssertEqual(stats.drops, ["invalidStream": 1])
        XCTAssertEqual(stats.apps.first { $0.bundleID == maps }?.sent, 2)
    }
}
