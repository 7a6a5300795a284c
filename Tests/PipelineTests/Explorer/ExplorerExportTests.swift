import Foundation
import TestSupport
import XCTest

/// `app-host run SCENE --input FILE --html OUT`: the run as one static page that needs no server. It is
/// self-contained (nothing fetched: no src, href, link or import, no address but the SVG namespace) and
/// carries the run itself, which its own scrubber plays.
final class ExplorerExportTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Taps E of abcdef.yaml once and exports the run; returns the page's text.
    private func export() throws -> (page: String, url: URL) {
        let script = directory.appendingPathComponent("tap-e.gesture")
        try "at 1.000 tap 115 495\n".write(to: script, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("run.html")
        let process = Process()
        process.executableURL = Executables.url("app-host")
        process.arguments = ["run", "deploy/scenes/abcdef.yaml", "--input", script.path, "--html", out.path]
        process.currentDirectoryURL = SharedPaths.packageRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return (try String(contentsOf: out, encoding: .utf8), out)
    }

    func testTheExportedPageIsSelfContainedAndCarriesTheRun() throws {
        let (page, _) = try export()
        // Nothing the browser would fetch: no external script, stylesheet, image, frame or font.
        for fetch in [" src=", " href=", "<link", "@import", "url(", "<iframe", "<img"] {
            XCTAssertFalse(page.contains(fetch), "the page contains \(fetch)")
        }
        let addresses = Set(
            page.matches(of: /https?:\/\/[A-Za-z0-9.\/]+/).map { String($0.output) })
        XCTAssertEqual(addresses, ["http://www.w3.org/2000/svg"])  // a namespace name, never fetched
        // The CSS and the JS are inline: their placeholders are gone.
        XCTAssertFalse(page.contains("/*EXPLORER_CSS*/"))
        XCTAssertFalse(page.contains("/*EXPLORER_JS*/"))

        // The run's data, as the page reads it.
        let start = try XCTUnwrap(page.range(of: "window.EXPLORER_STATIC = "))
        let end = try XCTUnwrap(page.range(of: ";</script>", range: start.upperBound..<page.endIndex))
        let data = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let hello = try XCTUnwrap(data["hello"] as? [String: Any])
        XCTAssertEqual(hello["mode"] as? String, "headless")
        let screens = try XCTUnwrap(hello["screens"] as? [[String: Any]])
        XCTAssertEqual(screens.map { $0["title"] as? String }, ["abcdef.yaml"])
        let run = try XCTUnwrap(data["run"] as? [String: Any])
        XCTAssertEqual(run["type"] as? String, "run")
        let steps = try XCTUnwrap((run["variants"] as? [[[String: Any]]])?.first)
        XCTAssertEqual(
            steps.map { $0["input"] as? String },
            ["finger 1000 down (115,495)", "finger 1000 up (115,495)", "the second after the last frame"])
        let traces = steps.map { step in ((step["trace"] as? [[String: Any]]) ?? []).compactMap { $0["explained"] as? String } }
        XCTAssertEqual(traces.map(\.count), [11, 11, 0])
        XCTAssertEqual(traces[0].last, "-[EView touchesBegan:withEvent:] touch#1 began (115,495) (calls super)")
        XCTAssertEqual(traces[1].last, "-[EView touchesEnded:withEvent:] touch#1 ended (115,495) (calls super)")
        let fingers = try XCTUnwrap(steps[0]["fingers"] as? [[String: Any]])
        XCTAssertEqual(fingers.first?["chosenLabel"] as? String, "EView #E")
    }

    /// Opened from the file in headless Chromium, with no server: it loads nothing else and plays the run.
    func testTheExportedPagePlaysInABrowserWithNoServer() throws {
        let browser = BrowserDriver(directory: directory)
        try browser.requireBrowser()
        let (_, url) = try export()
        let page = try browser.drive("static", url: url.absoluteString)
        XCTAssertEqual(page["resources"] as? [String], [])
        XCTAssertEqual(page["status"] as? String, "static export: step through the recorded run")
        XCTAssertEqual(page["steps"] as? [Int], [3])
        XCTAssertEqual(
            page["hitpath"] as? String,
            "finger 1000 at (115,495): UIWindow #window → AView #A → CView #C → FView #F (skipped, outside) → EView #E\n"
                + "chosen: EView #E")
        let trace = try XCTUnwrap(page["trace"] as? [String])
        XCTAssertEqual(trace.count, 22)
        XCTAssertEqual(trace.last, "-[EView touchesEnded:withEvent:] touch#1 ended (115,495) (calls super)")
    }
}
