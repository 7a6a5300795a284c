import AppScene
import Foundation
import GestureScript
import HeadlessApp
import TestSupport
import UIKitModel
import XCTest

/// A scripted delegate's conditional answers (protocols/scene-format.md, "Delegate answers"): the
/// `if touch.view?.isDescendant(of: table) == true { return false }; return true` fix on the table-and-keyboard
/// scene, class and control conditions, `shouldBegin` on direction and location, `shouldRecognizeSimultaneously`
/// by id and class, and the errors a mistyped rule gets.
final class GestureDelegateRuleTests: XCTestCase {
    private let scenes = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes")

    private func run(yaml: String, script: String, explain: Bool = true) throws -> [String] {
        let runner = try HeadlessAppRunner(sceneYAML: yaml)
        runner.application.trace.explains = explain
        let lines = runner.run(try GestureScript.parse(script))
        return explain
            ? lines.map(\.explained).filter { !$0.contains("hitTest") && !$0.contains("pointInside") } : lines.map(\.text)
    }

    private var keyboardScene: String {
        get throws { try String(contentsOf: scenes.appendingPathComponent("table-keyboard-fix.yaml"), encoding: .utf8) }
    }

    private func script(_ name: String) throws -> String {
        try String(contentsOf: scenes.appendingPathComponent("scripts/\(name).gesture"), encoding: .utf8)
    }

    /// Empty space: the rule does not match, `else: yes` lets the recognizer have the touch; it dismisses.
    func testTapInEmptySpaceDismissesTheKeyboard() throws {
        XCTAssertEqual(
            try run(yaml: try keyboardScene, script: try script("table-keyboard-empty-tap")),
            [
                "── t=1.000 event#1 touch#1 began (195,700) → UIView",
                "   hit-test pass for touch#1 at began: chooses the view",
                "-[ViewController gestureRecognizer:shouldReceiveTouch:] touch#1 began (195,700) → YES (else)",
                "── t=1.050 event#2 touch#1 ended (195,700) → UIView",
                "   hit-test pass again for touch#1 at ended: UIKit repeats it and discards the answer (the touch stays with UIView)",
                "-[ViewController gestureRecognizerShouldBegin:] → YES",
                "   UITapGestureRecognizer 'dismissTap' possible → ended (recognized)",
                "endEditing: keyboard dismissed",
                "   UITapGestureRecognizer 'dismissTap' ended → possible (reset: its touches are gone)",
            ])
    }

    /// A cell: NO, with the matched condition; only the table sees the touch and selects the row.
    func testTapOnACellSelectsTheRow() throws {
        XCTAssertEqual(
            try run(yaml: try keyboardScene, script: try script("table-puzzle-quick-tap")),
            [
                "── t=1.000 event#1 touch#1 began (195,210) → ContactCell",
                "   hit-test pass for touch#1 at began: chooses the view",
                "-[ViewController gestureRecognizer:shouldReceiveTouch:] touch#1 began (195,210) → NO "
                    + "(touch.view (ContactCell) isDescendant(of: table))",
                "── t=1.050 event#2 touch#1 ended (195,210) → ContactCell",
                "   hit-test pass again for touch#1 at ended: UIKit repeats it and discards the answer (the touch stays with ContactCell)",
                "   UIScrollViewPanGestureRecognizer possible → failed (set by the recognizer itself)",
                "   UIScrollViewPanGestureRecognizer failed → possible (reset: its touches are gone)",
                "   UIScrollViewDelayedTouchesBeganGestureRecognizer possible → failed at t=1.050 (set by the recognizer itself)",
                "-[ContactCell touchesBegan:withEvent:] touch#1 began (195,210) (calls super)",
                "-[ContactCell touchesEnded:withEvent:] touch#1 ended (195,210) (calls super)",
                "didSelectRowAt 2",
                "   UIScrollViewDelayedTouchesBeganGestureRecognizer failed → possible at t=1.050 (reset: its touches are gone)",
            ])
    }

    /// The two fixes that do not work: a constant NO keeps the table but the keyboard stays up; no delegate
    /// dismisses but the row is never selected.
    func testConstantAnswersBreakOneJobOrTheOther() throws {
        let constantNo = try keyboardScene.replacingOccurrences(
            of: "shouldReceive:\n                no: {inside: table}\n                else: yes", with: "shouldReceive: no")
        XCTAssertNotEqual(constantNo, try keyboardScene)
        XCTAssertEqual(
            try run(yaml: constantNo, script: try script("table-keyboard-empty-tap"), explain: false),
            ["-[ViewController gestureRecognizer:shouldReceiveTouch:]"], "the keyboard is never dismissed")
        let constantYes = constantNo.replacingOccurrences(of: "shouldReceive: no", with: "shouldReceive: yes")
        XCTAssertEqual(
            try run(yaml: constantYes, script: try script("table-puzzle-quick-tap"), explain: false).filter {
                !$0.contains("hitTest") && !$0.contains("pointInside")
            },
            [
                "-[ViewController gestureRecognizer:shouldReceiveTouch:]",
                "-[ViewController gestureRecognizerShouldBegin:]",
                "-[ViewController gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:]",
                "-[ViewController gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:]",
                "-[ViewController gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:]",
                "endEditing: keyboard dismissed",
            ], "the tap takes the cell's touch: no selection")
    }

    private static let controls = """
        windows:
          - frame: [0, 0, 390, 844]
            subviews:
              - id: root
                frame: [0, 0, 390, 844]
                gestureRecognizers:
                  - id: tap
                    kind: tap
                    action: {log: "Tapped"}
                    delegate:
                      log: [delegate]
                      shouldReceive:
                        no: [{kindOf: UIControl}, {insideKindOf: Card}]
                        yes: {view: root}
                        else: no
                subviews:
                  - {id: button, kind: button, class: RoundButton, frame: [0, 0, 100, 100]}
                  - id: card
                    class: Card
                    frame: [0, 200, 200, 200]
                    subviews:
                      - {id: label, class: UILabel, frame: [0, 0, 100, 50]}
                  - {id: plain, frame: [0, 500, 100, 100]}
        """

    /// `touch.view is UIControl` (a declared class inherits UIKit's), inside an instance of a class, the view
    /// itself, and else; a list under one answer is any of its conditions.
    func testClassAndControlConditions() throws {
        let lines = try run(
            yaml: Self.controls, script: "at 1 tap 50 50\nat 2 tap 50 220\nat 3 tap 300 800\nat 4 tap 50 550\n"
        ).filter { $0.hasPrefix("-[") || $0 == "Tapped" }
        XCTAssertEqual(
            lines,
            [
                "-[ViewController gestureRecognizer:shouldReceiveTouch:] touch#1 began (50,50) → NO (touch.view (RoundButton) is UIControl)",
                "-[ViewController gestureRecognizer:shouldReceiveTouch:] touch#2 began (50,220) → NO (touch.view (UILabel) is inside a Card)",
                "-[ViewController gestureRecognizer:shouldReceiveTouch:] touch#3 began (300,800) → YES (touch.view (UIView) === root)",
                "-[ViewController gestureRecognizerShouldBegin:] → YES",
                "Tapped",
                "-[ViewController gestureRecognizer:shouldReceiveTouch:] touch#4 began (50,550) → NO (else)",
            ])
    }

    /// `shouldBegin`: a horizontal pan only (`abs(velocity.x) > abs(velocity.y)`), and only where it starts
    /// inside a view (`location(in:)`).
    func testShouldBeginOnDirectionAndLocation() throws {
        let yaml = """
            windows:
              - frame: [0, 0, 390, 844]
                subviews:
                  - id: root
                    frame: [0, 0, 390, 844]
                    gestureRecognizers:
                      - id: pan
                        kind: pan
                        action: {log: "Panned", state: true}
                        delegate:
                          log: [delegate]
                          shouldBegin:
                            no: {locationIn: strip}
                            yes: {direction: horizontal, touches: 1}
                            else: no
                    subviews:
                      - {id: strip, frame: [0, 0, 390, 100]}
            """
        let lines = try run(
            yaml: yaml,
            script: """
                at 1 drag 100 400 -> 160 400 duration 0.1 steps 5
                at 2 drag 100 400 -> 100 460 duration 0.1 steps 5
                at 3 drag 100 40 -> 160 40 duration 0.1 steps 5
                """
        ).filter { $0.hasPrefix("-[") || $0 == "Panned began" }
        XCTAssertEqual(
            lines,
            [
                "-[ViewController gestureRecognizer:shouldReceiveTouch:] touch#1 began (100,400) → YES",
                "-[ViewController gestureRecognizerShouldBegin:] → YES (velocity (600,0) is horizontal && numberOfTouches == 1)",
                "Panned began",
                "-[ViewController gestureRecognizer:shouldReceiveTouch:] touch#2 began (100,400) → YES",
                "-[ViewController gestureRecognizerShouldBegin:] → NO (else)",
                "-[ViewController gestureRecognizer:shouldReceiveTouch:] touch#3 began (100,40) → YES",
                "-[ViewController gestureRecognizerShouldBegin:] → NO (location(in: strip) (112,40) is inside strip)",
            ])
    }

    /// `shouldRecognizeSimultaneously` by class of the other recognizer: pinch and rotation both run; a rule
    /// that does not match (`else`: UIKit's NO) lets only the first to begin run.
    func testSimultaneousByClass() throws {
        let original = try String(contentsOf: scenes.appendingPathComponent("pinch-rotate.yaml"), encoding: .utf8)
        func scene(_ kind: String) -> String {
            original.replacingOccurrences(
                of: "delegate: {class: PhotoViewController, simultaneousWith: [rotate]}",
                with:
                    "delegate: {class: PhotoViewController, log: [delegate], shouldRecognizeSimultaneously: {yes: {otherKindOf: \(kind)}}}"
            )
        }
        // Two fingers spreading and turning together.
        var script = "at 1.000 down 1 145 400\nat 1.000 down 2 245 400\n"
        for (time, a, b) in [("1.050", "135 390", "255 410"), ("1.100", "120 380", "270 420"), ("1.150", "100 360", "290 440")] {
            script += "at \(time) move 1 \(a)\nat \(time) move 2 \(b)\n"
        }
        script += "at 1.200 up 1\nat 1.200 up 2\n"
        let together = try run(yaml: scene("UIRotationGestureRecognizer"), script: script)
        XCTAssertEqual(
            together.filter { $0.contains("Simultaneously") || $0.hasSuffix("→ began") },
            [
                "-[PhotoViewController gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:] → YES "
                    + "(with UIRotationGestureRecognizer 'rotate': otherGestureRecognizer (UIRotationGestureRecognizer) is UIRotationGestureRecognizer)",
                "   UIPinchGestureRecognizer 'pinch' possible → began",
                "-[PhotoViewController gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:] → YES "
                    + "(with UIRotationGestureRecognizer 'rotate': otherGestureRecognizer (UIRotationGestureRecognizer) is UIRotationGestureRecognizer)",
                "-[PhotoViewController gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:] → YES "
                    + "(with UIRotationGestureRecognizer 'rotate': otherGestureRecognizer (UIRotationGestureRecognizer) is UIRotationGestureRecognizer)",
                "   UIRotationGestureRecognizer 'rotate' possible → began",
            ])
        let alone = try run(yaml: scene("UIPanGestureRecognizer"), script: script)
        XCTAssertTrue(
            alone.contains(
                "-[PhotoViewController gestureRecognizer:shouldRecognizeSimultaneouslyWithGestureRecognizer:] → NO "
                    + "(with UIRotationGestureRecognizer 'rotate': else)"), alone.joined(separator: "\n"))
        XCTAssertFalse(alone.contains("   UIRotationGestureRecognizer 'rotate' possible → began"), alone.joined(separator: "\n"))
    }

    /// Mistakes are errors naming the key's path and line.
    func testMistakesNameTheirLine() throws {
        func error(_ rule: String) -> String {
            let yaml = """
                windows:
                  - subviews:
                      - id: table
                        gestureRecognizers:
                          - id: tap
                            kind: tap
                            delegate:
                              \(rule)
                """
            do {
                _ = try HeadlessAppRunner(sceneYAML: yaml)
                return "loaded"
            } catch let error as SceneError {
                return "\(error.line ?? 0): \(error)"
            } catch {
                return "\(error)"
            }
        }
        let path = "windows[0].subviews[0].gestureRecognizers[0].delegate"
        XCTAssertEqual(
            error("shouldReceive: {no: {insid: table}}"),
            "8: \(path).shouldReceive.no.insid: unknown key; did you mean 'inside'? "
                + "(expected one of: inside, insideKindOf, kindOf, view)")
        XCTAssertEqual(
            error("shouldReceive: {no: {inside: tabel}}"),
            "8: \(path).shouldReceive.no.inside: no object with id 'tabel'; did you mean 'table'? (ids: appDelegate, application, table)"
        )
        XCTAssertEqual(
            error("shouldReceive: {no: {locationIn: table}}"),
            "8: \(path).shouldReceive.no.locationIn: unknown key (expected one of: inside, insideKindOf, kindOf, view)")
        XCTAssertEqual(
            error("shouldReceive: {maybe: {inside: table}}"),
            "8: \(path).shouldReceive.maybe: unknown key 'maybe' (a rule is yes: or no: with its conditions; else: answers the rest)"
        )
        XCTAssertEqual(
            error("shouldReceive: {no: {inside: table}, else: perhaps}"),
            "8: \(path).shouldReceive.else: expected yes or no, found \"perhaps\"")
        XCTAssertEqual(
            error("shouldReceive: {else: no}"),
            "8: \(path).shouldReceive: no rule: give yes: or no: with conditions, or a plain yes or no")
        XCTAssertEqual(
            error("shouldReceive: {no: {}}"),
            "8: \(path).shouldReceive.no: a condition is needed (one of: inside, insideKindOf, kindOf, view)")
        XCTAssertEqual(
            error("shouldBegin: {no: {direction: sideways}}"),
            "8: \(path).shouldBegin.no.direction: expected horizontal or vertical, found \"sideways\"")
        XCTAssertEqual(
            error("shouldRecognizeSimultaneously: {yes: {other: nope}}"),
            "8: \(path).shouldRecognizeSimultaneously.yes.other: no gesture recognizer with id 'nope' (recognizer ids: tap)")
        XCTAssertEqual(
            error("{simultaneousWith: all, shouldRecognizeSimultaneously: no}"),
            "8: \(path).simultaneousWith: say it once: simultaneousWith (ids) or shouldRecognizeSimultaneously (rules), not both")
    }
}
