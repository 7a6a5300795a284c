import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// One process a test started, its output captured in files of the test's directory.
final class ChildProcess {
    let name: String
    let process = Process()
    let stdoutURL: URL
    let stderrURL: URL

    /// `environment`: variables added to the test's own.
    init(name: String, executable: String, arguments: [String], directory: URL, environment: [String: String] = [:]) throws {
        self.name = name
        stdoutURL = directory.appendingPathComponent("\(name).stdout")
        stderrURL = directory.appendingPathComponent("\(name).stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = Executables.url(executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    func signal(_ number: Int32) {
        if process.isRunning { kill(process.processIdentifier, number) }
    }

    /// Waits for the process to exit, up to `timeout` seconds; returns its status, or nil if it still runs.
    @discardableResult
    func wait(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(2_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }
}
