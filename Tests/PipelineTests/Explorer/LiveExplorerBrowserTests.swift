import ControlProtocol
import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// `sbctl explore` against a running ensemble, in a real browser: springboard launches Maps and Settings, the page
/// is the touchscreen. A click on the Settings icon is a tap springboard's home screen sees, so Settings comes
/// forward and the page follows with its scene; a click on the Wi-Fi row reaches the app, whose trace records
/// (read from its trace file) show under the steps of the frames that caused them.
final class LiveExplorerBrowserTests: PipelineTestCase {
    func testClickOnTheSettingsIconThenOnTheWiFiRowShowsSettingsAndTheRowsTrace() throws {
        // Screenshots outlive the fixture's directory (README's picture is taken from them).
        let shots = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let browser = BrowserDriver(directory: shots)
        try browser.requireBrowser()
        try fixture.startSpringBoard(extra: [
            "--launch", "\(PipelineFixture.maps)=\(PipelineFixture.scene("maps"))",
            "--launch", "\(PipelineFixture.settings)=\(PipelineFixture.scene("settings"))",
            "--app-argument", "--heartbeat-ms", "--app-argument", "100", "--app-argument", "--quiet",
        ])
        eventually("the launched apps to register", timeout: 10) {
            [PipelineFixture.maps, PipelineFixture.settings].allSatisfy { fixture.appInfo($0)?.state == "background" }
        }
        XCTAssertEqual(try fixture.sbctl("scene").stdout, "home screen, page 1 of 1: Maps, Settings\n")
        let explorer = try fixture.launch(
            "sbctl", ["explore", "--port", "0", "--sender-id", "0x5445"] + fixture.runtimeArguments)
        var url = ""
        eventually("sbctl explore to print its URL", timeout: 10) {
            guard let line = explorer.stdout.split(separator: "\n").first(where: { $0.hasPrefix("explorer: ") }) else {
                return false
            }
            url = String(line.dropFirst("explorer: ".count))
            return true
        }
        XCTAssertTrue(url.hasPrefix("http://127.0.0.1:"), url)  // loopback by default

        let page = try browser.drive("live", url: url, timeout: 30)
        XCTAssertEqual(page["mode"] as? String, "— live")
        XCTAssertEqual(page["homeNote"] as? String, "springboard's home screen (page 1 of 1): tap an icon to launch its app")
        XCTAssertEqual(
            page["homeViews"] as? [String],
            ["SBHomeScreenWindow", "SBIconView #com.example.maps", "SBIconView #com.example.settings"])
        // Settings came forward (the icon's tap went through springboard's home screen) and the page drew its scene.
        XCTAssertEqual(try fixture.request(.status).status?.foreground, PipelineFixture.settings)
        XCTAssertEqual(page["title"] as? String, "Settings")
        XCTAssertEqual(
            page["note"] as? String,
            "Settings (com.example.settings) is in front: \(PipelineFixture.scene("settings")); its trace: "
                + "\(fixture.directory.path)/logs/com.example.settings.trace.jsonl")
        XCTAssertEqual(
            try fixture.sbctl("scene").stdout,
            "Settings (com.example.settings): scene \(PipelineFixture.scene("settings")); trace "
                + "\(fixture.directory.path)/logs/com.example.settings.trace.jsonl\n")
        // The row's trace, as the app wrote it, under the step of the frame that caused each record.
        let steps = try XCTUnwrap(page["stepTraces"] as? [[Any]])
        XCTAssertEqual(steps.map { $0[0] as? String }, ["finger 1 down (195,128)", "finger 1 up (195,128)"])
        let down = try XCTUnwrap(steps[0][1] as? [String])
        let up = try XCTUnwrap(steps[1][1] as? [String])
        XCTAssertEqual(
            down.filter { $0.contains("WiFiRow") },
            ["-[WiFiRow hitTest:withEvent:]", "-[WiFiRow pointInside:withEvent:]", "-[WiFiRow touchesBegan:withEvent:]"])
        XCTAssertEqual(
            up.filter { $0.contains("WiFiRow") },
            ["-[WiFiRow hitTest:withEvent:]", "-[WiFiRow pointInside:withEvent:]", "-[WiFiRow touchesEnded:withEvent:]"])
        let trace = try XCTUnwrap(page["trace"] as? [String])
        XCTAssertEqual(
            trace.filter { $0.contains("WiFiRow touches") },
            [
                "-[WiFiRow touchesBegan:withEvent:] touch#1 began (195,128) (consumes it: no super)",
                "-[WiFiRow touchesEnded:withEvent:] touch#1 ended (195,128) (consumes it: no super)",
            ])
        XCTAssertEqual(
            page["stepNotes"] as? [String],
            ["frame #3 from sender 21573 → Settings", "frame #4 from sender 21573 → Settings"])
        // The path a finger takes through the scene as its file describes it, beside what the app did.
        XCTAssertEqual(
            page["hitpath"] as? String,
            "frame #4 from sender 21573 → Settings\n"
                + "hit-tested on the scene file as loaded; what the app itself did is its trace, below\n"
                + "finger 1 at (195,128): UIWindow #window → SettingsListView #list → UITableView #settingsTable "
                + "(skipped, outside) → WiFiRow #wifi → UISwitch #wifiSwitch (skipped, outside)\nchosen: WiFiRow #wifi")

        // The browser was a hardware source of its own: four frames from its sender id, and its final end
        // marker when sbctl explore stops.
        explorer.signal(SIGINT)
        XCTAssertEqual(explorer.wait(timeout: 5), 0, explorer.stderr)
        let source = try XCTUnwrap(fixture.request(.source(senderID: 0x5445)).source)
        XCTAssertEqual([source.received, source.endCount], [4, 4])
        XCTAssertTrue(source.endReceived)
        XCTAssertTrue(FileManager.default.fileExists(atPath: shots.appendingPathComponent("explorer-live-settings.png").path))
    }
}
