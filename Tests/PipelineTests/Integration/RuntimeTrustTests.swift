import ControlProtocol
import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// One springboard per endpoint, and a runtime directory that is checked before anything touches it (issue
/// 12, findings 5 and 6).
final class RuntimeTrustTests: PipelineTestCase {

    private func privateDirectory(_ name: String) throws -> String {
        let path = fixture.directory.appendingPathComponent(name).path
        XCTAssertEqual(mkdir(path, 0o700), 0)
        return path
    }

    func testASecondSpringBoardWithItsOwnRuntimeDirectoryCannotTakeTheFirstsEndpoints() throws {
        try fixture.startSpringBoard()
        try fixture.startApp("maps", bundleID: PipelineFixture.maps)
        let first = try XCTUnwrap(fixture.springboard)
        let endpoints = fixture.endpoints
        let second = try fixture.runTool(
            "springboard",
            [
                "--runtime-dir", try privateDirectory("other"), "--events", endpoints.events, "--apps", endpoints.apps,
                "--control", endpoints.control,
            ])
        XCTAssertEqual(second.status, 69)
        XCTAssertEqual(
            second.stderr,
            "springboard: another springboard (pid \(first.pid)) holds the endpoint \(endpoints.events); refusing to take over its sockets\n"
        )
        // The first one still answers on every socket, and its socket files are still there.
        XCTAssertEqual(try fixture.request(.status).status?.pid, first.pid)
        for name in ["events", "apps", "control"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.directory.appendingPathComponent(name).path), name)
        }
        let source = try TestTouchSource(fixture: fixture)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: PipelineFixture.maps)).ok, true)
        try source.tap(200, 125)
        try source.flush()
        fixture.waitForTrace(PipelineFixture.maps, "-[SearchBarView touchesEnded:withEvent:]")
    }

    func testSpringBoardRefusesASymlinkedOrOpenRuntimeDirectory() throws {
        let target = try privateDirectory("target")
        let link = fixture.directory.appendingPathComponent("link").path
        XCTAssertEqual(symlink(target, link), 0)
        var result = try fixture.runTool("springboard", ["--runtime-dir", link])
        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.stderr, "springboard: runtime directory \(link) is not private: not a directory\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target), [], "nothing written through the link")

        let open = fixture.directory.appendingPathComponent("open").path
        XCTAssertEqual(mkdir(open, 0o755), 0)
        XCTAssertEqual(chmod(open, 0o755), 0)
        result = try fixture.runTool("springboard", ["--runtime-dir", open])
        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.stderr, "springboard: runtime directory \(open) is not private: mode 755, expected 700\n")
    }

    /// `deploy/ensemble up` checks the runtime directory before it creates, chmods or writes anything.
    private func ensembleUp(runtimeDirectory: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = SharedPaths.packageRoot.appendingPathComponent("deploy/ensemble")
        process.arguments = ["up"]
        var environment = ProcessInfo.processInfo.environment
        environment["TOUCHPIPELINE_RUNTIME_DIR"] = runtimeDirectory
        process.environment = environment
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    func testEnsembleRefusesAnOpenOrSymlinkedRuntimeDirectoryBeforeTouchingIt() throws {
        let open = fixture.directory.appendingPathComponent("open").path
        XCTAssertEqual(mkdir(open, 0o755), 0)
        XCTAssertEqual(chmod(open, 0o755), 0)
        var result = try ensembleUp(runtimeDirectory: open)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr, "ensemble: runtime directory \(open) has mode 755 (group or others may use it); expected 700\n")
        var info = stat()
        XCTAssertEqual(stat(open, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o755, "not chmodded")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: open), [], "nothing created")

        let target = try privateDirectory("target")
        let link = fixture.directory.appendingPathComponent("link").path
        XCTAssertEqual(symlink(target, link), 0)
        result = try ensembleUp(runtimeDirectory: link)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "ensemble: runtime directory \(link) is a symbolic link; refusing to follow it\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: target), [], "nothing written through the link")
    }
}
