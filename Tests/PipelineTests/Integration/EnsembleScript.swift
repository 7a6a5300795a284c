import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// `deploy/ensemble` run as a user runs it, for the tests of the script itself (EnsembleLogsTests,
/// EnsembleDownTests).
extension PipelineTestCase {
    /// Runs `deploy/ensemble ARGUMENTS` with `runtime` as its TOUCHPIPELINE_RUNTIME_DIR; its output is kept in
    /// the fixture's directory.
    func runEnsembleScript(_ arguments: [String], runtime: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let stdout = fixture.directory.appendingPathComponent("ensemble.stdout")
        let stderr = fixture.directory.appendingPathComponent("ensemble.stderr")
        for file in [stdout, stderr] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        let process = Process()
        process.executableURL = SharedPaths.packageRoot.appendingPathComponent("deploy/ensemble")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TOUCHPIPELINE_RUNTIME_DIR"] = runtime
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Reaped here as well: Foundation's own wait was seen to miss the exit of a script that left a
        // setsid child behind (the zombie stayed, waitUntilExit never returned).
        var status: Int32 = -1
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if !process.isRunning {
                status = process.terminationStatus
                break
            }
            var raw: Int32 = 0
            if waitpid(process.processIdentifier, &raw, WNOHANG) == process.processIdentifier {
                status = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
                break
            }
            usleep(10_000)
        }
        return (
            status, (try? String(contentsOf: stdout, encoding: .utf8)) ?? "",
            (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
        )
    }
}
