import ControlProtocol
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// `deploy/ensemble` itself, on this build (`up --debug --no-build`) in a private runtime directory: each `up`
/// starts the logs and traces fresh and keeps the previous ensemble's as `.1`, and `down` counts every process
/// it stopped (issue 26, items 3 and 10).
final class EnsembleLogsTests: PipelineTestCase {
    private var runtime = ""
    private var config = ""

    private func ensemble(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runEnsembleScript(arguments, runtime: runtime)
    }

    private func up() throws {
        let result = try ensemble(["up", "--debug", "--no-build", "--config", config])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func mapsPid() throws -> UInt32 {
        let reply = try ControlClient(endpoint: "ipc://\(runtime)/control", timeoutMilliseconds: 2000).request(.apps)
        return try XCTUnwrap(reply.apps?.first { $0.bundleID == PipelineFixture.maps }?.pid)
    }

    private func contents(_ name: String) throws -> String {
        try String(contentsOfFile: "\(runtime)/logs/\(name)", encoding: .utf8)
    }

    func testEachUpStartsFreshLogsKeepsThePreviousOnesAndDownCountsTheApps() throws {
        runtime = fixture.directory.appendingPathComponent("ens").path
        XCTAssertEqual(mkdir(runtime, 0o700), 0)
        config = fixture.directory.appendingPathComponent("ensemble.yaml").path
        try """
        runtime_dir:
        ack_timeout_ms: 5000
        heartbeat_ms: 500
        app_quiet: false
        apps:
          - scene: deploy/apps/maps/maps.yaml
        """.write(toFile: config, atomically: true, encoding: .utf8)
        addTeardownBlock { [self] in _ = try? ensemble(["down"]) }

        try up()
        let firstPid = try mapsPid()
        var down = try ensemble(["down"])
        XCTAssertEqual(down.stdout, "ensemble down (2 process(es) stopped: 1 app-host, 1 springboard)\n", "springboard and Maps")
        // What the first ensemble left, and a line only it has (an app writes its trace on a touch only).
        let mapsLog = "com.example.maps.log", trace = "com.example.maps.trace.jsonl"
        for name in [mapsLog, trace] {
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: "\(runtime)/logs/\(name)"))
            handle.seekToEndOfFile()
            handle.write(Data("first ensemble\n".utf8))
            handle.closeFile()
        }
        let firstLog = try contents(mapsLog), firstTrace = try contents(trace)
        let firstSpringBoardLog = try contents("springboard.log")
        XCTAssertTrue(firstSpringBoardLog.contains("launched com.example.maps (start): pid \(firstPid)"), firstSpringBoardLog)

        try up()
        let secondPid = try mapsPid()
        XCTAssertNotEqual(secondPid, firstPid)
        XCTAssertEqual(try contents(mapsLog + ".1"), firstLog)
        XCTAssertEqual(try contents(trace + ".1"), firstTrace)
        XCTAssertEqual(try contents("springboard.log.1"), firstSpringBoardLog)
        XCTAssertFalse(try contents(mapsLog).contains("first ensemble"))
        XCTAssertEqual(try contents(trace), "", "this ensemble's trace only: nothing touched yet")
        XCTAssertTrue(try contents("springboard.log").contains("launched com.example.maps (start): pid \(secondPid)"))
        let logs = try ensemble(["logs", PipelineFixture.maps])
        XCTAssertFalse(logs.stdout.contains("first ensemble"), logs.stdout)

        // A third up drops the first ensemble's files: one previous set is kept.
        down = try ensemble(["down"])
        XCTAssertEqual(down.stdout, "ensemble down (2 process(es) stopped: 1 app-host, 1 springboard)\n")
        try up()
        XCTAssertFalse(try contents(mapsLog + ".1").contains("first ensemble"))
        XCTAssertEqual(try contents(trace + ".1"), "")
        XCTAssertTrue(try contents("springboard.log.1").contains("launched com.example.maps (start): pid \(secondPid)"))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: "\(runtime)/logs").sorted(),
            [mapsLog, mapsLog + ".1", trace, trace + ".1", "springboard.log", "springboard.log.1"])
    }
}
