import ControlProtocol
import Foundation
import XCTest

/// The real processes: springboard, the app's app-host, and `hid-source play` for the script (in real time,
/// its end marker confirmed). The trace is the app's JSON-lines trace file; it is read once the app has
/// acknowledged every event and the file has stopped growing (the app's own timers, such as a table's
/// 0.15 s content delay, may still add lines after the last ack).
final class LiveDriver: ScenarioDriver {
    let name = "live"
    private let fixture: PipelineFixture
    private let springboardArguments: [String]
    private var bundleID: String?

    init(springboardArguments: [String] = []) throws {
        fixture = try PipelineFixture()
        self.springboardArguments = springboardArguments
    }

    func launch(_ app: String) throws { try launch(scene: app, bundleID: "com.example.\(app)") }

    /// Launches `scene` (a demo app's name or a scene file's path) as the foreground app.
    func launch(scene: String, bundleID: String) throws {
        try fixture.startSpringBoard(extra: springboardArguments)
        try fixture.startApp(scene, bundleID: bundleID)
        XCTAssertEqual(try fixture.request(.foreground(bundleID: bundleID)).ok, true)
        self.bundleID = bundleID
    }

    func play(_ script: String) throws -> [String] {
        guard bundleID != nil else { throw ScenarioError.notLaunched }
        let file = fixture.directory.appendingPathComponent("scenario.gesture")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let result = try fixture.hidSource("play", file.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try settledTrace()
    }

    /// `hid-source replay FILE` (an evemu recording, in real time) and the app's trace once it is idle.
    func replay(_ file: String) throws -> [String] {
        let result = try fixture.hidSource("replay", file)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try settledTrace()
    }

    /// `hid-source replay FILE` through `hid-source record OUT` (the recorder between it and springboard),
    /// and the app's trace once it is idle.
    func replay(_ file: String, recordingTo out: String) throws -> [String] {
        let endpoint = "ipc://\(fixture.directory.path)/record"
        let recorder = try fixture.launch(
            "hid-source", ["record", out, "--listen", endpoint, "--until-end"] + fixture.runtimeArguments)
        let socket = fixture.directory.appendingPathComponent("record").path
        eventually("the recorder to listen", timeout: 5) { FileManager.default.fileExists(atPath: socket) }
        let result = try fixture.hidSource("replay", file, "--events", endpoint)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(recorder.wait(timeout: 5), 0, recorder.stderr)
        return try settledTrace()
    }

    private func settledTrace() throws -> [String] {
        guard let bundleID else { throw ScenarioError.notLaunched }
        eventually("\(bundleID) to acknowledge every event", timeout: 5) {
            guard let app = try? self.fixture.appStats(bundleID) else { return false }
            return app.sent > 0 && app.acked == app.sent && app.queued == 0
        }
        var trace = fixture.trace(bundleID)
        var stableSince = Date()
        while Date().timeIntervalSince(stableSince) < 0.6 {
            usleep(50_000)
            let now = fixture.trace(bundleID)
            if now != trace {
                trace = now
                stableSince = Date()
            }
        }
        return trace
    }

    func tearDown() { fixture.tearDown() }
}
