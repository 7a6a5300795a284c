import AppScene
import Foundation
import GestureScript
import HeadlessApp
import UIKitModel
import XCTest

/// A control's `sendAction(_:to:for:)` override, `onLoad` steps and the scripted `sendActions` step
/// (event-delivery.md §6: a button that redirects every action to its own handler; `sendActions(for:)` from
/// `viewDidLoad`, with no touch).
final class SceneSendActionTests: XCTestCase {
    static let yaml = """
        windows:
          - id: window
            rootViewController:
              id: vc
              class: ViewController
              log: [actions]
              implements: [{action: "audit:", log: "Audited"}]
              view:
                id: root
                subviews:
                  - id: button
                    kind: button
                    class: RedirectButton
                    frame: [100, 100, 120, 44]
                    log: [actions]
                    sendAction: {target: vc, action: "audit:"}
                    actions:
                      - {events: touchUpInside, target: vc, action: "buttonTapped:", log: "Button Tapped"}
        onLoad:
          - {sendActions: button, events: touchUpInside}
        """

    private func lines(_ runner: HeadlessAppRunner) -> [String] { runner.application.trace.texts }

    func testTheOverrideRedirectsATapAndATouchlessSendActions() throws {
        let runner = try HeadlessAppRunner(sceneYAML: Self.yaml)
        // onLoad: sendActions(for: .touchUpInside) with no touch goes through the override too.
        let redirected = ["-[RedirectButton sendAction:to:forEvent:]", "-[ViewController audit:]", "Audited"]
        XCTAssertEqual(lines(runner), redirected)
        XCTAssertEqual(runner.application.trace.lines[0].reason, "buttonTapped: redirected to ViewController")
        XCTAssertEqual(runner.application.trace.lines[0].hidEvent, nil, "no HID event: sent from onLoad")

        // A tap: touchUpInside (and primaryActionTriggered, sent with it once) is redirected; buttonTapped: never runs.
        runner.run(try GestureScript.parse("at 1 tap 150 120; at 2 sendActions button touchUpInside"))
        XCTAssertEqual(lines(runner), redirected + redirected + redirected)
        XCTAssertEqual(runner.application.trace.lines[3].hidEvent, 2, "the tap's up (HID event 2)")
        XCTAssertEqual(runner.application.trace.lines[6].time, 2_000_000_000, "the script's sendActions at 2 s")
        XCTAssertEqual(runner.scene.warnings, [])
    }

    func testWithoutTheOverrideTheActionReachesItsTarget() throws {
        let runner = try HeadlessAppRunner(
            sceneYAML: Self.yaml.replacingOccurrences(of: "sendAction: {target: vc, action: \"audit:\"}", with: "tag: 1"))
        XCTAssertEqual(lines(runner), ["-[ViewController buttonTapped:]", "Button Tapped"])
        XCTAssertEqual(
            runner.scene.warnings.map(\.description),
            [
                "windows[0].rootViewController.implements[0]: nothing sends audit:: no control's actions, `sendAction` override or `onLoad` step names it"
            ])
    }

    func testScriptStepsNamingNoControlAreReported() throws {
        let runner = try HeadlessAppRunner(sceneYAML: Self.yaml)
        let script = try GestureScript.parse("at 1 sendActions root touchUpInside; at 2 sendActions button touchUp")
        XCTAssertEqual(
            runner.problems(in: script),
            [
                "sendActions root: no control with that id in the scene",
                "sendActions button: unknown control events touchUp",
            ])
    }
}
