import Foundation
import TestSupport
import XCTest

/// The explorer in a real browser: `app-host explore` serves the page, headless Chromium (selenium with
/// Debian's chromium-driver; .ci/run installs them) touches it through Chrome's own input pipeline, and
/// `explorer_browser.py` reports what the page shows. Skipped, saying why, where Chromium or selenium is absent.
final class ExplorerBrowserTests: XCTestCase {
    private var server: Process?
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("explorer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let server, server.isRunning {
            server.terminate()
            server.waitUntilExit()
        }
    }

    private var browser: BrowserDriver { BrowserDriver(directory: directory) }

    private func requireBrowser() throws { try browser.requireBrowser() }

    private func requireModule(_ name: String) throws { try browser.requireModule(name) }

    /// Starts `app-host explore ARGS --port 0` and returns the URL it prints.
    private func serve(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = Executables.url("app-host")
        process.arguments = ["explore"] + arguments + ["--port", "0"]
        process.currentDirectoryURL = SharedPaths.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        server = process
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("explorer: ") }) {
                return String(line.dropFirst("explorer: ".count))
            }
        }
        XCTFail("app-host explore printed no URL: \(text)")
        throw XCTSkip("no server")
    }

    private func drive(_ scenario: String, url: String) throws -> [String: Any] {
        try browser.drive(scenario, url: url)
    }

    func testClickOnEShowsTheHitTestPathTheTouchesAndTheResponderChain() throws {
        try requireBrowser()
        let page = try drive("abcdef", url: try serve(["deploy/scenes/abcdef.yaml"]))
        XCTAssertEqual(
            page["hitpath"] as? String,
            "finger 1 at (115,495): UIWindow #window → AView #A → CView #C → FView #F (skipped, outside) → EView #E\n"
                + "chosen: EView #E")
        XCTAssertEqual(
            page["chain"] as? String, "EView → CView → AView → UIViewController → UIWindow → UIApplication → AppDelegate")
        let trace = try XCTUnwrap(page["trace"] as? [String])
        XCTAssertEqual(
            trace.filter { $0.contains("EView touches") },
            [
                "-[EView touchesBegan:withEvent:] touch#1 began (115,495) (calls super)",
                "-[EView touchesEnded:withEvent:] touch#1 ended (115,495) (calls super)",
            ])
        XCTAssertEqual(trace.filter { $0.contains("hitTest:withEvent:") }.count, 8)  // A, C, F, E in each of the two passes
        // The path is drawn: blue for views that answered, orange dashed for F, red for E (indices of the screen).
        XCTAssertEqual(
            page["highlighted"] as? [String], ["hl path 0", "hl path 1", "hl path 4", "hl skip 6", "hl path 5", "hl chosen 5"])
        XCTAssertEqual(
            page["refusalShown"] as? String,
            "refused (badPointer): phase 'hover' is not down, move, up or cancel — refused so far: badPointer 1")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("explorer-abcdef.png").path))
    }

    func testTwoFingerPinchShowsThePinchLane() throws {
        try requireBrowser()
        let page = try drive("pinch", url: try serve(["deploy/scenes/pinch-rotate.yaml"]))
        let lanes = (page["lanes"] as? String ?? "").split(separator: "\n").joined(separator: " ")
        XCTAssertTrue(
            lanes.contains(
                "UIPinchGestureRecognizer 'pinch' possible → began → changed → ended → possible"),
            lanes)
        XCTAssertEqual(page["steps"] as? [Int], [14])  // 2 downs, 5 moves of each finger, 2 lifts
        XCTAssertTrue(
            (page["hitpath"] as? String ?? "").hasPrefix(
                "finger 2 at (245,400): UIWindow #window → UIView #root → PhotoView #photo\nchosen: PhotoView #photo"))
    }

    func testTablePuzzleSideBySideShowsTheVariantsDiffer() throws {
        try requireBrowser()
        let page = try drive(
            "sidebyside",
            url: try serve(["deploy/scenes/table-puzzle.yaml", "--compare", "deploy/scenes/table-tap-no-cancel.yaml"]))
        XCTAssertEqual(page["differences"] as? String, "the variants differ at steps 0, 1 (marked red in the trace)")
        let trace = try XCTUnwrap(page["trace"] as? [String])
        XCTAssertTrue(trace.contains("[table-puzzle.yaml] View Taped"))
        XCTAssertFalse(trace.contains("[table-puzzle.yaml] didSelectRowAt 2"))
        XCTAssertTrue(trace.contains("[table-tap-no-cancel.yaml] didSelectRowAt 2"))
    }

    func testMalformedHugeAndForeignOriginMessagesAreRefusedAndCounted() throws {
        try requireModule("websocket")
        let out = try drive("safety", url: try serve(["deploy/scenes/abcdef.yaml"]))
        let malformed = try XCTUnwrap(out["malformed"] as? [String: Any])
        XCTAssertEqual(malformed["refusal"] as? String, "not a JSON object")
        let huge = try XCTUnwrap(out["huge"] as? [String: Any])
        XCTAssertEqual(huge["code"] as? String, "tooLarge")
        XCTAssertEqual(huge["refusal"] as? String, "message of 400044 bytes; at most 262144 are read")
        XCTAssertEqual(out["afterRefusals"] as? String, "steps")  // the connection and the server go on
        XCTAssertEqual(out["foreignOrigin"] as? String, "refused 400")
        XCTAssertEqual(
            out["stats"] as? [String: Int],
            [
                "messages": 1, "refused.malformed": 1, "refused.tooLarge": 1, "refused.origin": 1, "refused.badPointer": 0,
                "refused.badInput": 0, "refused.token": 0, "refused.unavailable": 0,
            ])
    }
}
