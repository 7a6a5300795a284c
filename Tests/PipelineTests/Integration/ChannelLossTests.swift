import ControlProtocol
import Foundation
import XCTest
import AppChannel
import ZeroMQ
#if canImport(Glibc)
    import Glibc
#endif

/// springboard dies mid-gesture (issue 12, finding 3): the app cancels the touches the lost session left down,
/// so after the restart a one-finger drag is a pan again, not a pinch with a ghost finger.
final class ChannelLossTests: PipelineTestCase {
    private let maps = PipelineFixture.maps

    func testAnAppCancelsItsLiveTouchesWhenSpringBoardDiesAndTheNextDragIsAPan() throws {
        try fixture.startSpringBoard()
        let mapsProcess = try fixture.startApp("maps", bundleID: maps)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let source = try TestTouchSource(fixture: fixture)
        try source.down(1, 200, 400)
        try source.flush()
        fixture.waitForTrace(maps, "-[MapView touchesBegan:withEvent:]")

        let first = try XCTUnwrap(fixture.springboard)
        first.signal(SIGKILL)
        XCTAssertNotNil(first.wait(timeout: 2))
        // The app's channel monitor sees the disconnect: its touch is cancelled at once, by the app itself.
        fixture.waitForTrace(maps, "-[MapView touchesCancelled:withEvent:]")
        XCTAssertTrue(
            mapsProcess.stderr.contains("the channel to springboard was lost: cancelling 1 live touch(es)"), mapsProcess.stderr)

        try fixture.startSpringBoard()
        eventually("Maps to register with the new springboard") {
            fixture.appInfo(maps).map { $0.pid == UInt32(mapsProcess.pid) && $0.state == "background" } ?? false
        }
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let before = fixture.trace(maps).count
        let drag = try TestTouchSource(fixture: fixture)
        try drag.down(1, 200, 500)
        for step in 1...5 { try drag.move(1, 200, 500 - Float(step) * 40) }
        try drag.up(1, 200, 300)
        try drag.flush()
        eventually("the drag to reach Maps") {
            fixture.trace(maps).dropFirst(before).contains { $0.hasPrefix("Map panned ended") }
        }
        let after = Array(fixture.trace(maps).dropFirst(before))
        XCTAssertEqual(
            TraceLines.touchLines(after), ["-[MapView touchesBegan:withEvent:]", "-[MapView touchesCancelled:withEvent:]"],
            "a new touch, cancelled when the pan begins")
        XCTAssertFalse(after.contains { $0.hasPrefix("Map pinched") }, "no ghost finger: \(after)")
        XCTAssertEqual(
            TraceLines.mapPanLines(after),
            [
                "Map panned began translation=(0, -40)", "Map panned changed translation=(0, -80)",
                "Map panned changed translation=(0, -120)", "Map panned changed translation=(0, -160)",
                "Map panned changed translation=(0, -200)", "Map panned ended translation=(0, -200)",
            ])
        let stats = try fixture.stats()
        XCTAssertEqual(stats.drops, [:])
        XCTAssertEqual(stats.hops["outgoingStreamErrors"], 0)
        assertEveryCountAddsUp(stats)
        mapsProcess.signal(SIGTERM)
        XCTAssertEqual(mapsProcess.wait(timeout: 5), 0)
        XCTAssertTrue(mapsProcess.stderr.contains("channel cancels 1, "), mapsProcess.stderr)
    }

    /// Issue 24, also noticed: a frame over the app's `ZMQ_MAXMSGSIZE` makes libzmq end the app's connection
    /// with a protocol error, after which libzmq itself never reconnects. The app reconnects on the disconnect:
    /// a fake springboard sees its connect probe again, and the app registers again when told `hello`.
    func testAnAppReconnectsAfterLibzmqCutsItsChannelForAnOversizedFrame() throws {
        let endpoint = "ipc://\(fixture.directory.path)/fake-apps"
        let context = try ZMQContext(ioThreads: 1)
        let router = try context.socket(.router)
        defer { router.close() }
        try router.setLinger(0)
        try router.bind(endpoint)
        let app = try fixture.launch(
            "app-host", [PipelineFixture.scene("maps"), "--apps", endpoint, "--heartbeat-ms", "100", "--quiet", "--verbose"])

        /// The next message from the app: [identity, body].
        func next(timeout: TimeInterval = 5) throws -> [[UInt8]]? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let identity = try router.receive(dontWait: true) {
                    var frames = [identity]
                    while let more = try router.receive(dontWait: true) { frames.append(more) }
                    return frames
                }
                usleep(2_000)
            }
            return nil
        }
        let probe = try XCTUnwrap(try next(), "the app's connect probe")
        XCTAssertEqual(probe.count, 2)
        XCTAssertEqual(probe[1], [], "a probe is an empty message")

        // One byte over the app's limit (the largest real frame is a coalesced event, 3.3 MB).
        let oversized = [UInt8](repeating: 0, count: Int(AppChannelWire.maxSpringBoardToAppFrame) + 1)
        XCTAssertTrue(try router.send(probe[0], more: true, dontWait: true))
        XCTAssertTrue(try router.send(oversized, dontWait: true))

        var again: [[UInt8]]?
        while let message = try next() {
            if message.count == 2, message[1].isEmpty {
                again = message
                break
            }
        }
        XCTAssertNotNil(again, "the app connected again after the cut: \(app.stderr)")
        XCTAssertTrue(app.isRunning)
        app.signal(SIGTERM)
        XCTAssertEqual(app.wait(timeout: 5), 0)
        XCTAssertTrue(app.stderr.contains("reconnects 1, "), app.stderr)
    }
}
