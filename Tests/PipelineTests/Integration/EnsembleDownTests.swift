import ControlProtocol
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// Nothing of an old ensemble survives (issue 24, item 1): every process of an ensemble carries its runtime
/// directory in TOUCHPIPELINE_ENSEMBLE, so `down`, and an `up` after a springboard that was SIGKILLed, stop what it
/// left (an app whose springboard is gone, an app started by hand into it) and count them by kind.
final class EnsembleDownTests: PipelineTestCase {
    private var runtime = ""
    private var config = ""

    private func ensemble(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runEnsembleScript(arguments, runtime: runtime)
    }

    private func alive(_ pid: Int32) -> Bool { kill(pid, 0) == 0 }

    private func waitUntilDead(_ pid: Int32) {
        for _ in 0..<200 where alive(pid) { usleep(10_000) }
    }

    func testUpAndDownStopWhatAKilledSpringBoardLeft() throws {
        runtime = fixture.directory.appendingPathComponent("ens").path
        XCTAssertEqual(mkdir(runtime, 0o700), 0)
        config = fixture.directory.appendingPathComponent("ensemble.yaml").path
        try "heartbeat_ms: 500\napps:\n  - scene: deploy/apps/maps/maps.yaml\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        addTeardownBlock { [self] in _ = try? ensemble(["down"]) }

        var result = try ensemble(["up", "--debug", "--no-build", "--config", config])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("left by an earlier ensemble"), result.stdout)
        // An app started by hand into the ensemble (it is marked as the ensemble's processes are).
        let extra = Process()
        extra.executableURL = Executables.url("app-host")
        extra.arguments = [
            SharedPaths.packageRoot.appendingPathComponent("deploy/apps/settings/settings.yaml").path, "--runtime-dir", runtime,
            "--quiet",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["TOUCHPIPELINE_ENSEMBLE"] = runtime
        extra.environment = environment
        extra.standardOutput = FileHandle.nullDevice
        extra.standardError = FileHandle.nullDevice
        try extra.run()
        let pids = try String(contentsOfFile: "\(runtime)/ensemble.pids", encoding: .utf8)
        let springboard = try XCTUnwrap(pids.split(separator: " ").dropFirst().first.flatMap { Int32($0) })
        XCTAssertEqual(kill(springboard, SIGKILL), 0)
        waitUntilDead(springboard)
        XCTAssertTrue(alive(extra.processIdentifier))

        // A new up stops what is left first, and says so.
        result = try ensemble(["up", "--debug", "--no-build", "--config", config])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("ensemble: stopped "), result.stdout)
        XCTAssertTrue(result.stdout.contains("process(es) left by an earlier ensemble ("), result.stdout)
        extra.waitUntilExit()
        XCTAssertFalse(alive(extra.processIdentifier))

        // down: springboard and Maps, counted by kind; nothing marked runs after it.
        result = try ensemble(["down"])
        XCTAssertEqual(result.stdout, "ensemble down (2 process(es) stopped: 1 app-host, 1 springboard)\n", result.stderr)
        result = try ensemble(["down"])
        XCTAssertEqual(result.stdout, "ensemble: not up (\(runtime))\n")
    }
}
