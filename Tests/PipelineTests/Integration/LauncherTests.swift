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
}
