import ControlProtocol
import Foundation
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// springboard launches its apps (issue 12, "Apps are launched and known by springboard"): it knows their pids,
/// hands each launch a secret only that process can present, and relaunches a crashed app with back-off.
final class LauncherTests: PipelineTestCase {
    private let maps = PipelineFixture.maps

    private func parent(of pid: UInt32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return Int32(stat[stat.index(close, offsetBy: 2)...].split(separator: " ")[1])
    }

    func testSpringBoardLaunchesItsAppsRelaunchesACrashedOneAndRefusesOthersAsIt() throws {
        try fixture.startSpringBoard(extra: [
            "--launch", "\(maps)=\(PipelineFixture.scene("maps"))", "--app-argument", "--heartbeat-ms", "--app-argument", "100",
            "--app-argument", "--quiet",
        ])
        let springboard = try XCTUnwrap(fixture.springboard)
        eventually("the launched Maps to register", timeout: 5) { fixture.appInfo(maps)?.state == "background" }
        let first = try XCTUnwrap(fixture.appInfo(maps)?.pid)
        XCTAssertEqual(parent(of: first), springboard.pid, "springboard's own child")

        // Another process cannot register as Maps: it does not have this launch's secret.
        let impostor = try fixture.launch(
            "app-host", [PipelineFixture.scene("maps")] + fixture.runtimeArguments + ["--heartbeat-ms", "100", "--quiet"])
        eventually("the impostor to be refused") { impostor.stderr.contains("launchSecretMismatch") }
        XCTAssertEqual(fixture.appInfo(maps)?.pid, first)
        impostor.signal(SIGKILL)

        // Maps crashes: springboard sees its child exit and relaunches it (back-off 250 ms the first time).
        kill(Int32(first), SIGKILL)
        eventually("Maps to be relaunched", timeout: 5) {
            fixture.appInfo(maps).map { $0.pid != first && $0.pid != 0 && $0.state == "background" } ?? false
        }
        let second = try XCTUnwrap(fixture.appInfo(maps)?.pid)
        XCTAssertEqual(parent(of: second), springboard.pid)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: maps)).ok, true)
        let source = try TestTouchSource(fixture: fixture)
        try source.tap(200, 125)
        try source.flush()
        eventually("the relaunched Maps to acknowledge the tap") { (try? fixture.appStats(maps))?.acked == 2 }
        let stats = try fixture.stats()
        XCTAssertEqual([stats.hops["launches"], stats.hops["launchedExits"]], [2, 1])
        XCTAssertGreaterThanOrEqual(stats.hops["registrationsRefused"] ?? 0, 1)
        assertEveryCountAddsUp(stats)

        // springboard stops its children when it stops.
        springboard.signal(SIGTERM)
        XCTAssertEqual(springboard.wait(timeout: 5), 0)
        eventually("the launched Maps to be gone") { kill(Int32(second), 0) != 0 }
    }

    /// A process that has ended: gone, or a zombie its new parent has not reaped yet.
    private func hasEnded(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(close, offsetBy: 2)] == "Z"
    }

    /// Issue 24, defect 1: springboard is killed (SIGKILL: it cannot stop its children); the app it launched
    /// reads the end of its lifeline pipe, says why in its log and exits. An app-host started by hand (no
    /// lifeline) keeps running and waits for a springboard.
    func testALaunchedAppEndsWhenSpringBoardIsKilledAndOneStartedByHandDoesNot() throws {
        try fixture.startSpringBoard(extra: [
            "--launch", "\(maps)=\(PipelineFixture.scene("maps"))", "--app-argument", "--heartbeat-ms", "--app-argument", "100",
            "--app-argument", "--quiet",
        ])
        let springboard = try XCTUnwrap(fixture.springboard)
        eventually("the launched Maps to register", timeout: 5) { fixture.appInfo(maps)?.state == "background" }
        let launched = Int32(try XCTUnwrap(fixture.appInfo(maps)?.pid))
        let byHand = try fixture.startApp("settings", bundleID: PipelineFixture.settings)

        springboard.signal(SIGKILL)
        XCTAssertNotNil(springboard.wait(timeout: 5))
        eventually("the launched Maps (pid \(launched)) to end", timeout: 5) { hasEnded(launched) }
        let log = fixture.directory.appendingPathComponent("logs/\(maps).log")
        eventually("Maps' log to say why") {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains(
                "app-host[\(maps)] pid \(launched): the springboard that launched this app is gone (its lifeline pipe "
                    + "closed); exiting with status 69\n")
        }
        XCTAssertTrue(byHand.isRunning, "an app started by hand outlives springboard: \(byHand.stderr)")
    }

    /// The lifeline's end, as a launched app sees it, exits with the documented status 69 (here stdin is
    /// /dev/null, which ends at once).
    func testAnAppWhoseLifelineEndsExitsWithStatus69() throws {
        let app = try fixture.launch(
            "app-host", [PipelineFixture.scene("maps")] + fixture.runtimeArguments + ["--quiet"],
            environment: ["TOUCHPIPELINE_LAUNCHER_FD": "0"])
        XCTAssertEqual(app.wait(timeout: 10), 69, app.stderr)
        XCTAssertTrue(app.stderr.contains("the springboard that launched this app is gone"), app.stderr)
    }
}
