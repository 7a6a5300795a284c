import CommandLineSupport
import ControlProtocol
import Foundation
import TestSupport
import UIKitModel
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// A springboard, its apps and hid-source runs, as real processes over ipc sockets in a private directory.
/// `tearDown()` kills every child still running (SIGKILL) and removes the directory, whatever happened.
final class PipelineFixture {
    static let maps = "com.example.maps"
    static let settings = "com.example.settings"

    let directory: URL
    private(set) var children: [ChildProcess] = []
    private(set) var springboard: ChildProcess?
    private(set) var apps: [String: ChildProcess] = [:]
    private var counter = 0

    init() throws {
        // Short, private, unique: ipc paths must stay within 107 bytes.
        directory = try TemporaryDirectory(prefix: "tpt").url
    }

    func tearDown() {
        for child in children where child.isRunning { child.signal(SIGKILL) }
        for child in children { child.wait(timeout: 2) }
        try? FileManager.default.removeItem(at: directory)
    }

    var runtimeArguments: [String] { ["--runtime-dir", directory.path] }
    var endpoints: DefaultEndpoints { DefaultEndpoints(runtimeDirectory: directory.path) }

    /// A demo app's scene (`deploy/apps/NAME/NAME.yaml`); a path ending in `.yaml` is used as it is.
    static func scene(_ name: String) -> String {
        if name.hasSuffix(".yaml") { return name }
        return SharedPaths.packageRoot.appendingPathComponent("deploy/apps/\(name)/\(name).yaml").path
    }

    func traceFile(_ bundleID: String) -> URL { directory.appendingPathComponent("\(bundleID).trace.jsonl") }

    // MARK: Processes

    @discardableResult
    func launch(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        counter += 1
        let child = try ChildProcess(
            name: "\(counter)-\(executable)", executable: executable, arguments: arguments, directory: directory,
            environment: environment)
        children.append(child)
        return child
    }

    /// Starts springboard and waits until its control socket answers. The source timeout is long by default:
    /// `TestTouchSource` holds fingers down while a test waits, and sends no keep-alives.
    func startSpringBoard(
        ackTimeoutMilliseconds: Int = 5000, sourceTimeoutMilliseconds: Int = 60_000, extra: [String] = []
    ) throws {
        springboard = try launch(
            "springboard",
            runtimeArguments + [
                "--ack-timeout-ms", "\(ackTimeoutMilliseconds)", "--source-timeout-ms", "\(sourceTimeoutMilliseconds)",
                "--verbose",
            ] + extra)
        eventually("springboard's control socket", timeout: 5) { (try? request(.status, timeout: 100))?.ok == true }
    }

    /// Starts an app-host for a demo scene and waits until springboard lists it as registered. Without
    /// `coalescing` the app sends every frame as its own event (`--no-coalescing`): traces and counts then do
    /// not depend on how fast a loaded test machine let the app keep up.
    @discardableResult
    func startApp(_ scene: String, bundleID: String, coalescing: Bool = false, extra: [String] = []) throws -> ChildProcess {
        let app = try launch(
            "app-host",
            [PipelineFixture.scene(scene)] + runtimeArguments + [
                "--heartbeat-ms", "100", "--trace-file", traceFile(bundleID).path, "--quiet", "--verbose",
            ] + (coalescing ? [] : ["--no-coalescing"]) + extra)
        apps[bundleID] = app
        let pid = app.pid
        // Process start-up (a debug build loading its scene) can be slow on a loaded machine: 5 s.
        eventually("\(bundleID) (pid \(pid)) to register", timeout: 5) {
            guard let info = appInfo(bundleID) else { return false }
            return info.pid == UInt32(pid) && (info.state == "background" || info.state == "foreground")
        }
        return app
    }

    /// Runs a command-line tool to completion (15 s at most) and returns its status and output. 15 s, not 5: a debug
    /// build's argument parser validates the whole command tree before it reports a usage error (swift-argument-
    /// parser's DEBUG-only validators: `hid-source tap nan 10` spends 2.0-2.9 s of CPU there on a quiet machine), and
    /// the full suite on a loaded 2-core machine once took it past 5 s.
    func runTool(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try launch(executable, arguments)
        guard let status = child.wait(timeout: 15) else {
            child.signal(SIGKILL)
            XCTFail("\(executable) \(arguments.joined(separator: " ")) did not finish")
            return (-1, child.stdout, child.stderr)
        }
        return (status, child.stdout, child.stderr)
    }

    func sbctl(_ arguments: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        try runTool("sbctl", arguments + runtimeArguments)
    }

    func hidSource(_ arguments: String...) throws -> (status: Int32, stdout: String, stderr: String) {
        try runTool("hid-source", arguments + runtimeArguments)
    }

    /// Writes a gesture script into the test directory and plays it in the background.
    func playInBackground(_ script: String) throws -> ChildProcess {
        counter += 1
        let file = directory.appendingPathComponent("script-\(counter).txt")
        try script.write(to: file, atomically: true, encoding: .utf8)
        return try launch("hid-source", ["play", file.path] + runtimeArguments)
    }

    // MARK: Control socket

    func request(_ command: ControlCommand, timeout: Int = 1000) throws -> ControlReply {
        try ControlClient(endpoint: endpoints.control, timeoutMilliseconds: timeout).request(command)
    }

    func appInfo(_ bundleID: String) -> AppInfo? {
        (try? request(.apps))?.apps?.first { $0.bundleID == bundleID }
    }

    var foreground: String?? { (try? request(.status))?.status.map { $0.foreground } }

    /// Bundle ids in springboard's order (first registration first), comma-separated.
    func registeredOrder() -> String {
        ((try? request(.apps))?.apps ?? []).map(\.bundleID).joined(separator: ", ")
    }

    func stats() throws -> StatsInfo {
        guard let stats = try request(.stats()).stats else { throw NSError(domain: "PipelineFixture", code: 1) }
        return stats
    }

    func appStats(_ bundleID: String) throws -> AppStats? { try stats().apps.first { $0.bundleID == bundleID } }

    // MARK: Traces

    /// The `text` of every JSON line the app wrote to its trace file so far.
    func trace(_ bundleID: String) -> [String] {
        guard let data = try? String(contentsOf: traceFile(bundleID), encoding: .utf8) else { return [] }
        return data.split(separator: "\n").compactMap { line in (try? Trace.Line(jsonLine: String(line)))?.text }
    }

    func waitForTrace(
        _ bundleID: String, _ line: String, after offset: Int = 0, file: StaticString = #filePath, lineNumber: UInt = #line
    ) {
        eventually("\(bundleID)'s trace to show \(line)", file: file, line: lineNumber) {
            trace(bundleID).dropFirst(offset).contains(line)
        }
    }
}
