import Foundation
import GestureScript
import HeadlessApp
import TestSupport
import UIKitModel
import XCTest

/// Scenes and gesture scripts from deploy/scenes, run as `app-host run` runs them.
final class ScriptedSceneTests: XCTestCase {
    private func run(_ scene: String, _ script: String) throws -> [Trace.Line] {
        let scenes = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes")
        let runner = try HeadlessAppRunner(sceneURL: scenes.appendingPathComponent("\(scene).yaml"))
        let text = try String(contentsOf: scenes.appendingPathComponent("scripts/\(script).gesture"), encoding: .utf8)
        return runner.run(try GestureScript.parse(text))
    }

    func testTapOnE() throws {
        let lines = try run("abcdef", "tap-e")
        let pass = ABCDEFTraceTests.hitTestPassToE
        XCTAssertEqual(
            lines.map(\.text), pass + ["-[EView touchesBegan:withEvent:]"] + pass + ["-[EView touchesEnded:withEvent:]"])
        XCTAssertEqual(Set(lines.map(\.time)), [1_000_000_000, 1_050_000_000])
    }

    func testRoundButtonOuterTap() throws {
        XCTAssertEqual(
            try run("tabbar-round-button", "tabbar-outer-tap").map(\.text).filter { $0.contains("touches") },
            ["-[ContentView touchesBegan:withEvent:]", "-[ContentView touchesEnded:withEvent:]"])
        XCTAssertEqual(
            try run("tabbar-round-button-pointinside", "tabbar-outer-tap").map(\.text).filter { $0.contains("touches") },
            ["-[CircleButton touchesBegan:withEvent:]", "-[CircleButton touchesEnded:withEvent:]"])
    }

    func testShakeWalksFromTheFirstResponder() throws {
        let lines = try run("responder-chain", "shake")
        XCTAssertEqual(
            lines.map(\.text),
            [
                "-[SearchField motionBegan:withEvent:]",
                "-[ModalViewController motionBegan:withEvent:]",
                "-[AppDelegate motionBegan:withEvent:]",
                "-[SearchField motionEnded:withEvent:]",
                "-[ModalViewController motionEnded:withEvent:]",
                "-[AppDelegate motionEnded:withEvent:]",
            ])
        XCTAssertEqual(lines.map(\.time), [1, 1, 1, 1.5, 1.5, 1.5].map { UInt64($0 * 1_000_000_000) })
    }

    /// Two fingers on EView, a plain UIView subclass, so `isMultipleTouchEnabled` is UIKit's default false: the
    /// view receives only the first touch of each multi-touch sequence (developer.apple.com/documentation/uikit/
    /// uiview/ismultipletouchenabled). Both fingers are hit-tested (a pass each at began and at ended), but
    /// EView gets exactly one touchesBegan: and one touchesEnded: per sequence, carrying the first finger;
    /// the finger landing 16 ms later gets no touchesBegan: of its own, as on iOS. (Before the property was
    /// modelled, every view behaved as if it were true: a second touchesBegan: for that finger.)
    func testTwoFingers() throws {
        let pass = ABCDEFTraceTests.hitTestPassToE
        let lines = try run("abcdef", "two-fingers")
        XCTAssertEqual(
            lines.map(\.text),
            pass + pass + ["-[EView touchesBegan:withEvent:]"]
                + pass + pass + ["-[EView touchesEnded:withEvent:]"]
                + pass + ["-[EView touchesBegan:withEvent:]"]
                + pass
                + pass + pass + ["-[EView touchesEnded:withEvent:]"])
        XCTAssertEqual(lines.filter { $0.text.hasPrefix("-[EView touches") }.map(\.touch), [1, 1, 3, 3])
    }

    /// The same script with EView's `isMultipleTouchEnabled` true: both fingers. In one frame: two hit-test
    /// passes, ONE touchesBegan (with both touches). In two frames: two touchesBegan.
    func testTwoFingersWithMultipleTouchEnabled() throws {
        let pass = ABCDEFTraceTests.hitTestPassToE
        let scenes = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes")
        let runner = try HeadlessAppRunner(sceneURL: scenes.appendingPathComponent("abcdef.yaml"))
        runner.scene.view("E")?.isMultipleTouchEnabled = true
        let text = try String(contentsOf: scenes.appendingPathComponent("scripts/two-fingers.gesture"), encoding: .utf8)
        XCTAssertEqual(
            runner.run(try GestureScript.parse(text)).map(\.text),
            pass + pass + ["-[EView touchesBegan:withEvent:]"]
                + pass + pass + ["-[EView touchesEnded:withEvent:]"]
                + pass + ["-[EView touchesBegan:withEvent:]"]
                + pass + ["-[EView touchesBegan:withEvent:]"]
                + pass + pass + ["-[EView touchesEnded:withEvent:]"])
    }

    func testTapCountFromAScript() throws {
        final class Probe: UIView {
            var tapCounts: [Int] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                tapCounts.append(contentsOf: touches.map(\.tapCount))
            }
        }
        let runner = try HeadlessAppRunner(sceneYAML: "windows:\n  - {id: w}\n")
        let probe = Probe(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        (runner.scene.responder("w") as! UIWindow).addSubview(probe)
        runner.run(
            try GestureScript.parse(
                """
                at 1.0 tap 100 100
                at 1.2 tap 102 101      # quick, same place: 2
                at 1.4 tap 101 100      # 3
                at 2.0 tap 100 100      # late: 1
                at 2.1 tap 300 300      # far: 1
                """))
        XCTAssertEqual(probe.tapCounts, [1, 2, 3, 1, 1])
    }
}
