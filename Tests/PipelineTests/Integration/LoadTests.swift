import ControlProtocol
import Foundation
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// `hid-source load` against a real springboard and the silent bench app: every frame offered is accounted
/// for in the JSON report, under both overload policies. Only counts are asserted, never timings (the
/// machine is shared); the latency check is that the end-to-end hop was measured at all.
final class LoadTests: PipelineTestCase {
    private let bench = "com.example.bench"

    private func startWithBenchInFront() throws {
        try fixture.startSpringBoard()
        try fixture.startApp("bench", bundleID: bench)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: bench)).ok, true)
    }

    /// Runs `hid-source load ARGS --json` (a debug build on a busy machine: up to 60 s) and decodes its report.
    private func load(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let child = try fixture.launch("hid-source", ["load"] + arguments + ["--json"] + fixture.runtimeArguments)
        guard let status = child.wait(timeout: 60) else {
            child.signal(SIGKILL)
            XCTFail("hid-source load did not finish", file: file, line: line)
            return [:]
        }
        XCTAssertEqual(status, 0, child.stderr, file: file, line: line)
        let object = try JSONSerialization.jsonObject(with: Data(child.stdout.utf8))
        return try XCTUnwrap(object as? [String: Any], child.stdout, file: file, line: line)
    }

    private func endToEndP50(_ report: [String: Any]) -> Double {
        ((report["latency"] as? [String: Any])?["endToEnd"] as? [String: Any])?["p50"] as? Double ?? 0
    }

    func testBackpressureDeliversEveryFrame() throws {
        try startWithBenchInFront()
        let report = try load(["--count", "2000", "--rate", "0", "--overload", "backpressure"])
        XCTAssertEqual(report["overload"] as? String, "backpressure")
        XCTAssertEqual(report["offered"] as? Int, 2000)
        XCTAssertEqual(report["received"] as? Int, 2000)
        XCTAssertEqual(report["sequenceGaps"] as? Int, 0)
        XCTAssertEqual(report["routed"] as? Int, 2000)
        XCTAssertEqual(report["delivered"] as? Int, 2000)
        XCTAssertEqual(report["coalesced"] as? Int, 0, "backpressure never coalesces")
        XCTAssertEqual(report["dispatched"] as? Int, 2000, "one event per frame, each acknowledged")
        XCTAssertEqual(report["lost"] as? Int, 0)
        XCTAssertEqual(report["unexplained"] as? Int, 0)
        XCTAssertEqual(report["drained"] as? Bool, true)
        XCTAssertEqual(report["confirmed"] as? Bool, true)
        XCTAssertEqual(report["fingersLeftDown"] as? Bool, false, "a count-limited run lifts its last gesture")
        XCTAssertGreaterThan(endToEndP50(report), 0)
        XCTAssertEqual(try fixture.request(.overload(mode: nil)).overload, .shed, "the previous policy is restored")
    }

    /// With the app's own coalescing on (app-host's default): moves its UIKit found queued behind each other
    /// went out as one event, yet each frame is acknowledged, and springboard's count of them (from the ack
    /// flags) is the app's own.
    func testMovesTheAppCoalescedAreEachAcknowledgedAndCountedAtBothEnds() throws {
        try fixture.startSpringBoard()
        let app = try fixture.startApp("bench", bundleID: bench, coalescing: true)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: bench)).ok, true)
        let report = try load(["--count", "3000", "--rate", "0", "--overload", "backpressure"])
        XCTAssertEqual(report["delivered"] as? Int, 3000)
        XCTAssertEqual(report["dispatched"] as? Int, 3000, "every frame acknowledged, coalesced or not")
        XCTAssertEqual(report["lost"] as? Int, 0)
        XCTAssertEqual(report["unexplained"] as? Int, 0)
        let coalescedInApp = try XCTUnwrap(report["coalescedInApp"] as? Int)
        // Every gesture has a down and an up of its own: at most 3000 − 2 × gestures moves can be folded.
        let gestures = (report["gestures"] as? [String: Int] ?? [:]).values.reduce(0, +)
        XCTAssertGreaterThan(gestures, 0)
        XCTAssertLessThanOrEqual(coalescedInApp, 3000 - 2 * gestures)

        app.signal(SIGTERM)
        XCTAssertNotNil(app.wait(timeout: 10))
        XCTAssertTrue(
            // `serve`'s default display adds its part to the summary (its frames fold a frame's moves too).
            app.stderr.contains("coalesced in the app \(coalescedInApp), display 60 Hz: frames presented "),
            "springboard counted \(coalescedInApp); the app said: \(app.stderr.suffix(300))")
    }

    func testShedAccountsForEveryFrameAndLosesNoDownOrUp() throws {
        try startWithBenchInFront()
        let report = try load(["--count", "2000", "--rate", "0", "--overload", "shed"])
        XCTAssertEqual(report["overload"] as? String, "shed")
        XCTAssertEqual(report["offered"] as? Int, 2000)
        XCTAssertEqual(report["received"] as? Int, 2000)
        // Moves the app could not take yet travel as coalesced samples: delivered all the same.
        XCTAssertEqual(report["delivered"] as? Int, 2000)
        XCTAssertEqual(report["lost"] as? Int, 0)
        XCTAssertEqual(report["drops"] as? [String: Int], [:], "no frame dropped, so no down or up either")
        XCTAssertEqual(report["unexplained"] as? Int, 0)
        let dispatched = try XCTUnwrap(report["dispatched"] as? Int), coalesced = try XCTUnwrap(report["coalesced"] as? Int)
        XCTAssertEqual(dispatched + coalesced, 2000, "every frame is an event of its own or a sample inside one")
        XCTAssertGreaterThan(endToEndP50(report), 0)
    }

    /// An app that traces every call measures its trace writer too: its registration says so (`sbctl apps`),
    /// and a load run against it warns on stderr and in the report; the silent bench app gets no warning
    /// (issue 26, item 3).
    func testALoadRunWarnsWhenItsAppTracesEveryCall() throws {
        try fixture.startSpringBoard()
        try fixture.startApp("bench", bundleID: bench)
        try fixture.startApp("maps", bundleID: PipelineFixture.maps)
        XCTAssertEqual(fixture.appInfo(bench)?.tracesCalls, false)
        XCTAssertEqual(fixture.appInfo(PipelineFixture.maps)?.tracesCalls, true)
        let apps = try fixture.sbctl("apps")
        XCTAssertEqual(
            apps.stdout.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) ?? "" },
            ["CALLS", "no", "yes"], apps.stdout)

        let warning =
            "com.example.maps traces every UIKit call (sbctl apps: TRACES CALLS yes): the app's CPU and latency include "
            + "writing its trace; load an app that does not (deploy/apps/bench) to measure the pipeline"
        let maps = try fixture.hidSource("load", "--count", "10", "--app", PipelineFixture.maps, "--json")
        XCTAssertEqual(maps.status, 0, maps.stderr)
        XCTAssertEqual(maps.stderr, "hid-source: warning: \(warning)\n")
        let report = try JSONSerialization.jsonObject(with: Data(maps.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(report?["warnings"] as? [String], [warning])
        let text = try fixture.hidSource("load", "--count", "10", "--app", PipelineFixture.maps)
        XCTAssertEqual(text.stdout.split(separator: "\n").last.map(String.init), "warning: \(warning)")

        let quiet = try fixture.hidSource("load", "--count", "10", "--app", bench, "--json")
        XCTAssertEqual(quiet.stderr, "")
        let quietReport = try JSONSerialization.jsonObject(with: Data(quiet.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(quietReport?["warnings"] as? [String], [])
    }

    func testAnotherAppIsBroughtForwardAndTheDefaultIsTheForegroundOrTheHomeScreensFirstApp() throws {
        try fixture.startSpringBoard()
        // No app at all: nothing to load.
        let none = try fixture.hidSource("load", "--count", "10")
        XCTAssertEqual(none.status, 64)
        XCTAssertTrue(none.stderr.contains("no app is in the foreground and none is running to bring forward"), none.stderr)
        try fixture.startApp("bench", bundleID: bench)
        XCTAssertEqual(fixture.foreground, .some(nil), "the home screen shows")
        // The home screen shows: its first app is brought forward and loaded, stderr says so, and the home
        // screen comes back after the run (a load run measures, it does not navigate).
        let home = try fixture.hidSource("load", "--count", "10", "--json")
        XCTAssertEqual(home.status, 0, home.stderr)
        XCTAssertEqual(
            home.stderr,
            "hid-source: the home screen showed: loading \(bench), its first app (--app chooses another); "
                + "the home screen comes back after the run\n")
        XCTAssertEqual(fixture.foreground, .some(nil), "the home screen is back")
        let homeReport = try JSONSerialization.jsonObject(with: Data(home.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(homeReport?["app"] as? String, bench)
        XCTAssertEqual(homeReport?["delivered"] as? Int, 10)
        let unknown = try fixture.hidSource("load", "--count", "10", "--app", "com.example.nope")
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.stderr.contains("com.example.nope"), unknown.stderr)
        // --app brings it forward for the run only.
        let report = try load(["--count", "100", "--app", bench])
        XCTAssertEqual(report["app"] as? String, bench)
        XCTAssertEqual(report["delivered"] as? Int, 100)
        XCTAssertEqual(fixture.foreground, .some(nil), "the home screen is back")
        // In front already: it stays there.
        XCTAssertEqual(try fixture.request(.foreground(bundleID: bench)).ok, true)
        XCTAssertEqual(try load(["--count", "100"])["app"] as? String, bench)
        XCTAssertEqual(fixture.foreground, .some(bench))
        // Another app in front: it comes back after a run that loaded bench.
        try fixture.startApp("maps", bundleID: PipelineFixture.maps)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: PipelineFixture.maps)).ok, true)
        XCTAssertEqual(try load(["--count", "100", "--app", bench])["delivered"] as? Int, 100)
        XCTAssertEqual(fixture.foreground, .some(PipelineFixture.maps))
    }

    func testBadOptionsAreUsageErrors() throws {
        for (arguments, message) in [
            (["--count", "10", "--mix", "drag=1,wiggle=2"], "unknown gesture \"wiggle\""),
            (["--count", "10", "--mix", "drag"], "is not name=weight"),
            (["--count", "10", "--mix", "drag=0"], "at least one weight must be positive"),
            (["--count", "10", "--fingers", "0"], "--fingers must be 1...10"),
            (["--count", "10", "--fingers", "11"], "--fingers must be 1...10"),
            (["--duration", "ten"], "is not a time"),
            (["--rate", "100"], "give --count N, --duration TIME or both"),
            (["--count", "10", "--speed", "2"], "Unknown option '--speed'"),
            (["--count", "10", "--baseline", "/nonexistent.json"], "cannot read /nonexistent.json"),
            (["--duration", "0"], "--duration must be longer than 0, got \"0\""),
            (["--duration", "-1s"], "--duration must be longer than 0, got \"-1s\""),
            (["--count", "10", "--rate", "-5"], "--rate must be 0 (flat out) or 0.001...1e9 frames/s, got -5.0"),
            (["--count", "10", "--rate", "1e20"], "--rate must be 0 (flat out) or 0.001...1e9 frames/s"),
            (["--count", "10", "--write", "/tmp/never.evemu"], "Unknown option '--write'"),
        ] {
            let result = try fixture.runTool("hid-source", ["load"] + arguments + fixture.runtimeArguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        // Said before the run, in a line: a --hgrm path that is a file, and a load report given as a baseline.
        let file = fixture.directory.appendingPathComponent("report.json")
        try #"{"offered": 10, "delivered": 10}"#.write(to: file, atomically: true, encoding: .utf8)
        for (arguments, message, status) in [
            (
                ["--count", "10", "--hgrm", file.path], "hid-source: --hgrm: \(file.path) is a file, not a directory\n",
                Int32(73)
            ),
            (
                ["--count", "10", "--baseline", file.path],
                "Error: --baseline: \(file.path) is not the JSON of `hid-bench relay --json` (it has no \"framesPerSecond\"; "
                    + "a load report is not a baseline)\n", 64
            ),
        ] {
            let result = try fixture.runTool("hid-source", ["load"] + arguments + fixture.runtimeArguments)
            XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
    }

    /// A --rate the sender cannot keep up with (one frame a nanosecond) still ends at --duration: the frames the
    /// schedule had left are counted as due but not sent, apart from everything else, and said on stderr.
    func testARunBehindItsRateEndsAtItsDurationAndSaysWhatWasNotSent() throws {
        try startWithBenchInFront()
        let child = try fixture.launch(
            "hid-source", ["load", "--rate", "1e9", "--duration", "300ms", "--json"] + fixture.runtimeArguments)
        XCTAssertEqual(child.wait(timeout: 60), 0, child.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(child.stdout.utf8)) as? [String: Any])
        let offered = try XCTUnwrap(report["offered"] as? Int), behind = try XCTUnwrap(report["behindSchedule"] as? Int)
        XCTAssertGreaterThan(behind, 0)
        XCTAssertEqual(offered + behind, 300_000_000, "0.3 s at 1e9 frames/s")
        XCTAssertEqual(report["unexplained"] as? Int, 0)
        XCTAssertEqual(
            child.stderr,
            "hid-source: the sender fell behind --rate: \(behind) frame(s) due before the end of --duration were not sent\n")
    }

    /// ^C (or SIGTERM) ends a run as a run ends (its report, the policy it switched put back) with the status a
    /// shell gives a command that signal ended, so a script can tell.
    /// While `sbctl monitor` watches, a frame with an event room is not forwarded in place (the monitor reads its bytes
    /// after it is handled) but copied behind a new header: the app gets its HID message, not the room in front of it.
    /// (The copy once took the whole frame, room and all, and the app refused every event.)
    func testAWatchedLoadDeliversEveryFrameIntact() throws {
        try startWithBenchInFront()
        let monitor = try fixture.launch("sbctl", ["monitor", "--json"] + fixture.runtimeArguments)
        defer { monitor.signal(SIGTERM) }
        eventually("the monitor's subscription", timeout: 5) { monitor.stderr.hasPrefix("monitoring ipc://") }
        let report = try load(["--count", "200", "--rate", "2000", "--overload", "backpressure"])
        XCTAssertEqual(report["routed"] as? Int, 200)
        XCTAssertEqual(report["delivered"] as? Int, 200)
        XCTAssertEqual(report["dispatched"] as? Int, 200, "every event acknowledged by the app")
        XCTAssertEqual(report["unexplained"] as? Int, 0)
        XCTAssertEqual(report["drained"] as? Bool, true)
        // An event the app cannot read is still acknowledged, as not handled: `handled` tells them apart.
        let stats = try fixture.sbctl("stats", "--json")
        let reply = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])
        let apps = try XCTUnwrap((reply["stats"] as? [String: Any])?["apps"] as? [[String: Any]], stats.stdout)
        let row = try XCTUnwrap(apps.first { $0["bundleID"] as? String == bench })
        XCTAssertEqual(row["acked"] as? Int, 200)
        XCTAssertEqual(row["handled"] as? Int, 200)
    }

    func testAnInterruptedRunReportsAndExits128PlusTheSignal() throws {
        try startWithBenchInFront()
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, 143)] {
            let before = try XCTUnwrap(fixture.request(.stats()).stats?.hops["digitizerFrames"])
            let child = try fixture.launch(
                "hid-source",
                ["load", "--rate", "1000", "--duration", "60s", "--overload", "backpressure", "--json"]
                    + fixture.runtimeArguments)
            eventually("the run to send", timeout: 10) {
                ((try? self.fixture.request(.stats()))?.stats?.hops["digitizerFrames"] ?? 0) > before
            }
            child.signal(signal)
            XCTAssertEqual(child.wait(timeout: 30), status, child.stderr)
            let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(child.stdout.utf8)) as? [String: Any])
            XCTAssertEqual(report["interrupted"] as? Bool, true)
            XCTAssertEqual(report["unexplained"] as? Int, 0)
            XCTAssertEqual(try fixture.request(.overload(mode: nil)).overload, .shed, "the policy before the run")
        }
    }
}
