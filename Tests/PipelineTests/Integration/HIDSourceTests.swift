import ControlProtocol
import Foundation
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// The `hid-source` command line against a real springboard: frames on time, the end marker confirmed
/// through the control socket, the count reported.
final class HIDSourceTests: PipelineTestCase {
    private let maps = PipelineFixture.maps

    private func startWithMapsInFront() throws {
        try fixture.startSpringBoard()
        try fixture.startApp("maps", bundleID: maps)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
    }

    func testTapTravelsToTheForegroundAppAndTheCountIsReported() throws {
        try startWithMapsInFront()
        let result = try fixture.hidSource("tap", "200", "125")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("hid-source: sent 2 frame(s) in "), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("springboard read 2 and the end marker\n"), result.stdout)
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")
        XCTAssertEqual(fixture.trace(maps), TraceLines.mapsSearchBarTap)
    }

    func testPlayingAScriptWithTwoFingersAndTheHomeButton() throws {
        try startWithMapsInFront()
        let script = """
            # two fingers on the map (too little movement for its pan or pinch), then the home button
            at 0.000 down 1 100 400
            at 0.016 down 2 250 400 ; at 0.016 move 1 105 400
            at 0.032 up 1 ; at 0.032 up 2
            at 0.100 press home
            """
        let file = fixture.directory.appendingPathComponent("two-fingers.txt")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let result = try fixture.hidSource("play", file.path, "--json")
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["sent"] as? Int, 5)
        XCTAssertEqual(report["received"] as? Int, 5)
        XCTAssertEqual(report["confirmed"] as? Bool, true)
        fixture.waitForTrace(maps, "-[MapView touchesEnded:withEvent:]")
        XCTAssertEqual(
            TraceLines.touchLines(fixture.trace(maps)),
            [
                // MapView is a plain UIView subclass (its pan and pinch are recognizers), so it keeps UIKit's
                // isMultipleTouchEnabled = false: finger 2 goes to the recognizers only, never to the view.
                "-[MapView touchesBegan:withEvent:]",  // finger 1
                "-[MapView touchesMoved:withEvent:]",  // finger 1's move, in finger 2's frame
                "-[MapView touchesEnded:withEvent:]",  // finger 1
            ])
        XCTAssertEqual(fixture.foreground, .some(nil), "the home button took Maps off the screen")
        let stats = try fixture.stats()
        XCTAssertEqual(stats.hops["digitizerFrames"], 3)
        XCTAssertEqual(stats.hops["homeButtonPresses"], 1)
    }

    func testWithoutSpringBoardTheRunIsNotConfirmed() throws {
        let result = try fixture.hidSource("tap", "10", "10", "--confirm-timeout", "200")
        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.stderr, "hid-source: sent 2 frame(s); springboard did not confirm the end marker\n")
    }

    func testABadScriptNamesTheLine() throws {
        let file = fixture.directory.appendingPathComponent("bad.txt")
        try "at 0 tap 1 1\nat 1 wiggle 3\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try fixture.hidSource("play", file.path)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("line 2"), result.stderr)
    }

    func testAnInterruptedDragIsCancelledInTheApp() throws {
        try startWithMapsInFront()
        let file = fixture.directory.appendingPathComponent("long-drag.txt")
        // A 10-point move: not past the map's pan hysteresis, so the map keeps the touch (touchesMoved).
        try "at 0 down 1 200 400\nat 0.05 move 1 210 400\nat 30 up 1\n".write(to: file, atomically: true, encoding: .utf8)
        let player = try fixture.launch("hid-source", ["play", file.path] + fixture.runtimeArguments)
        fixture.waitForTrace(maps, "-[MapView touchesMoved:withEvent:]")
        player.signal(SIGINT)
        XCTAssertEqual(player.wait(timeout: 2), 0)
        XCTAssertTrue(player.stdout.contains("sent 2 frame(s)"), player.stdout)
        fixture.waitForTrace(maps, "-[MapView touchesCancelled:withEvent:]")
        XCTAssertEqual(try fixture.request(.status).status?.gestureTarget, "none", "the latch is open again")
        // The next gesture is routed as usual.
        XCTAssertEqual(try fixture.hidSource("tap", "200", "125").status, 0)
        fixture.waitForTrace(maps, "-[SearchBarView touchesEnded:withEvent:]")
    }

    /// `tap @ID`: a view of the foreground app's scene by id, at its centre.
    func testTapByViewIDOfTheForegroundScene() throws {
        try fixture.startSpringBoard()
        try fixture.startApp("maps", bundleID: maps)
        let home = try fixture.hidSource("tap", "@searchBar")
        XCTAssertEqual(home.status, 64)
        XCTAssertTrue(
            home.stderr.hasPrefix("Error: @searchBar: no app is in the foreground (the home screen shows)\n"), home.stderr)

        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let offset = fixture.trace(maps).count
        let result = try fixture.hidSource("tap", "@zoomIn")
        XCTAssertEqual(result.status, 0, result.stderr)
        fixture.waitForTrace(maps, "Zoom in", after: offset)
        XCTAssertTrue(fixture.trace(maps).dropFirst(offset).contains("-[ZoomInButton beginTrackingWithTouch:withEvent:]"))

        let unknown = try fixture.hidSource("tap", "@nope")
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(
            unknown.stderr.contains("no view with id 'nope' (views: map, searchBar, window, zoomIn, zoomOut)"), unknown.stderr)
    }
}
