import ControlProtocol
import Foundation
import TestSupport
import UIKitModel
import XCTest

/// Issue 28: an app-host of the user's own (Examples/: `example-app`, AppHostCommands with the example's Swift
/// classes registered) is launched by springboard like the built-in apps (`--launch-executable`), registers,
/// comes forward, and a tap 10 points outside its 24-point WideHitView lands on it, traced like any app.
///
/// The executable comes from the example package's build (Examples/.build/debug/example-app), which deploy/test
/// makes before this suite runs. Outside CI a missing build skips the test, saying how to make it; with
/// CI=true (CI's environment) a missing build is a failure.
final class ExampleAppTests: PipelineTestCase {
    private let bundleID = "com.example.custom"

    private func exampleApp() throws -> String {
        let path = SharedPaths.packageRoot.appendingPathComponent("Examples/.build/debug/example-app").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            let message = "\(path) is not built: run `swift build --package-path Examples` (deploy/test does it first)"
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                XCTFail(message)
                throw XCTSkip("failed above")
            }
            throw XCTSkip(message)
        }
        return path
    }

    func testSpringBoardLaunchesTheExamplesOwnAppHostAndATapLandsOnItsWidenedView() throws {
        let executable = try exampleApp()
        let scene = SharedPaths.packageRoot.appendingPathComponent("Examples/Scenes/custom-views.yaml").path
        try fixture.startSpringBoard(extra: [
            "--launch", scene, "--launch-executable", "\(scene)=\(executable)", "--app-argument", "--heartbeat-ms",
            "--app-argument", "100", "--app-argument", "--quiet",
        ])
        eventually("the example app to register", timeout: 10) { fixture.appInfo(bundleID)?.state == "background" }
        let pid = try XCTUnwrap(fixture.appInfo(bundleID)?.pid)
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"),
            URL(fileURLWithPath: executable).resolvingSymlinksInPath().path,
            "springboard started the example's own executable")

        XCTAssertEqual(try fixture.request(.foreground(bundleID: bundleID)).ok, true)
        let source = try TestTouchSource(fixture: fixture)
        try source.tap(102, 92)
        try source.flush()
        eventually("the example app to acknowledge the tap") { (try? fixture.appStats(bundleID))?.acked == 2 }

        let file = fixture.directory.appendingPathComponent("logs/\(bundleID).trace.jsonl")
        var lines: [String] = []
        eventually("the tap's last line in the trace file") {
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            lines = text.split(separator: "\n").compactMap { try? Trace.Line(jsonLine: String($0)) }
                .filter { $0.kind == .call || $0.kind == .line }.map(\.text)
            return lines.last == "WideHitView tapped (1)"
        }
        XCTAssertEqual(
            lines,
            [
                "-[WideHitView hitTest:withEvent:]", "-[KeyboardDismissController gestureRecognizer:shouldReceiveTouch:]",
                "-[WideHitView touchesBegan:withEvent:]", "-[WideHitView hitTest:withEvent:]",
                "-[WideHitView touchesEnded:withEvent:]", "WideHitView tapped (1)",
            ])
    }

    /// The ensemble file's `executable:` reaches deploy/ensemble as a parallel array (only when an app has one).
    func testAnEnsembleFileAppMayNameItsExecutable() throws {
        let file = SharedPaths.packageRoot.appendingPathComponent("Examples/ensemble.yaml").path
        let result = try fixture.runTool("springboard", ["--print-ensemble", file])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.hasSuffix(
                """
                ENSEMBLE_scenes=('deploy/apps/maps/maps.yaml' 'deploy/apps/settings/settings.yaml' \
                'Examples/Scenes/custom-views.yaml')
                ENSEMBLE_executables=('' '' 'Examples/.build/debug/example-app')

                """), result.stdout)
        let unknown = try fixture.runTool(
            "springboard", ["--launch", "com.x=a.yaml", "--launch-executable", "b.yaml=/bin/true", "--print-ensemble", file])
        XCTAssertEqual(unknown.status, 64, unknown.stderr)
        XCTAssertTrue(
            unknown.stderr.contains("--launch-executable b.yaml=...: no --launch names that scene"), unknown.stderr)
    }
}
