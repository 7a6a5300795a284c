import Foundation
import TestSupport
import XCTest

/// Headless Chromium (selenium with Debian's chromium-driver; .ci/run installs them) running one scenario of
/// `explorer_browser.py` against an explorer's URL; the scenario's last line is what the page shows, as JSON,
/// and its screenshots go to `directory`. Shared by the headless explorer's tests and `sbctl explore`'s.
struct BrowserDriver {
    let directory: URL

    static let script = SharedPaths.packageRoot.appendingPathComponent("Tests/PipelineTests/Explorer/explorer_browser.py")

    /// Skips the test, saying why, where Chromium, chromedriver or selenium is absent.
    func requireBrowser() throws {
        for path in ["/usr/bin/chromium", "/usr/bin/chromedriver"] where !FileManager.default.isExecutableFile(atPath: path) {
            throw XCTSkip("\(path) is absent: apt-get install -y chromium chromium-driver (.ci/run does)")
        }
        try requireModule("selenium")
    }

    func requireModule(_ name: String) throws {
        let (status, _) = try run(["/usr/bin/env", "python3", "-c", "import \(name)"], timeout: 20)
        if status != 0 { throw XCTSkip("python3 has no \(name): pip install selenium (.ci/run does)") }
    }

    func run(_ arguments: [String], timeout: TimeInterval) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        let output = directory.appendingPathComponent("driver-\(UUID().uuidString).out")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = process.standardOutput
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    /// Runs one scenario of the driver; its last line is the page's texts as JSON.
    func drive(_ scenario: String, url: String, timeout: TimeInterval = 60) throws -> [String: Any] {
        let (status, output) = try run(
            ["/usr/bin/env", "python3", Self.script.path, scenario, url, directory.path], timeout: timeout)
        XCTAssertEqual(status, 0, output)
        let last = output.split(separator: "\n").last.map(String.init) ?? ""
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], output)
    }
}
