import AppScene
import Foundation
import GestureScript
import HeadlessApp
import UIKitModel
import XCTest

/// `log:` groups: a scene can say exactly what a subclass logs (protocols/scene-format.md, "What is logged").
final class SceneLogGroupTests: XCTestCase {
    /// The articles' usual subclass: overrides only the four touch methods, NSLogs `__func__` and calls super,
    /// on a parent and a child. Written as a scene (`log: [touches]`, `touches: super`).
    static let touchesOnlyScene = """
        windows:
          - id: window
            subviews:
              - id: parent
                class: ParentView
                frame: [0, 0, 390, 400]
                log: [touches]
                touches: super
                subviews:
                  - {id: child, class: ChildView, frame: [50, 50, 100, 100], log: [touches], touches: super}
        """

    private static let script = "at 1 down 1 100 100; at 1.016 move 1 110 100; at 1.05 up 1"

    func testLogGroupsReproduceATouchMethodsOnlySubclassLineForLine() throws {
        let runner = try HeadlessAppRunner(sceneYAML: Self.touchesOnlyScene)
        let scene = runner.run(try GestureScript.parse(Self.script)).map(\.text)

        // The same hierarchy built from the subclass itself (TouchLoggingView: four overrides, log, super).
        let reference = try HeadlessAppRunner(sceneYAML: "windows:\n  - {id: window}\n")
        let window = reference.scene.responder("window") as! UIWindow
        let parent = TouchLoggingView("ParentView", frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        parent.addSubview(TouchLoggingView("ChildView", frame: CGRect(x: 50, y: 50, width: 100, height: 100)))
        window.addSubview(parent)
        let subclass = reference.run(try GestureScript.parse(Self.script)).map(\.text)

        XCTAssertEqual(
            scene,
            [
                "-[ChildView touchesBegan:withEvent:]", "-[ParentView touchesBegan:withEvent:]",
                "-[ChildView touchesMoved:withEvent:]", "-[ParentView touchesMoved:withEvent:]",
                "-[ChildView touchesEnded:withEvent:]", "-[ParentView touchesEnded:withEvent:]",
            ])
        XCTAssertEqual(scene, subclass)
    }

    /// `touches: super` without `log:` logs (the scene format's "overridden, logs, calls super"); `log: false`
    /// is the override that does not log; `log: [hitTest]` prints hit-testing only.
    func testOverriddenMethodsLogWithoutLogTrueAndGroupsSelectTheCalls() throws {
        let yaml = """
            windows:
              - id: window
                subviews:
                  - id: a
                    class: AView
                    frame: [0, 0, 390, 400]
                    log: [hitTest]
                    touches: super
                    subviews:
                      - {id: b, class: BView, frame: [0, 0, 200, 200], touches: super}
                      - {id: c, class: CView, frame: [200, 0, 100, 100], touches: super, log: false}
            """
        let runner = try HeadlessAppRunner(sceneYAML: yaml)
        XCTAssertEqual(
            runner.run(try GestureScript.parse("at 1 tap 10 10")).map(\.text),
            [
                "-[AView hitTest:withEvent:]", "-[AView pointInside:withEvent:]",
                "-[BView touchesBegan:withEvent:]",
                "-[AView hitTest:withEvent:]", "-[AView pointInside:withEvent:]",
                "-[BView touchesEnded:withEvent:]",
            ])
    }

    func testRecognizersGroupMakesAViewsRecognizersLogTheirTouches() throws {
        let yaml = """
            windows:
              - id: window
                subviews:
                  - id: v
                    class: TapView
                    frame: [0, 0, 390, 400]
                    log: [recognizers]
                    gestureRecognizers: [{kind: tap, class: MyTap, action: {log: "Tapped"}}]
            """
        let runner = try HeadlessAppRunner(sceneYAML: yaml)
        XCTAssertEqual(
            runner.run(try GestureScript.parse("at 1 tap 10 10")).map(\.text),
            ["-[MyTap touchesBegan:withEvent:]", "-[MyTap touchesEnded:withEvent:]", "Tapped"])
        XCTAssertEqual(runner.scene.warnings, [])
    }

    func testDeadDeclarationsAndSilentScenesAreWarnedAbout() throws {
        let yaml = """
            windows:
              - id: window
                rootViewController:
                  id: vc
                  implements: [{action: "neverSent:", log: "never"}]
                  view:
                    id: v
                    log: [tracking, touches, scrolling, recognizers]
            """
        let scene = try SceneLoader().load(yaml: yaml)
        XCTAssertEqual(
            scene.warnings.map(\.description),
            [
                "windows[0].rootViewController.view.log: log group 'touches': UIView does not override the touches methods (say `touches: super`), so nothing is printed",
                "windows[0].rootViewController.view.log: log group 'tracking': only controls have tracking calls",
                "windows[0].rootViewController.view.log: log group 'scrolling': only scroll views have touchesShouldBegin/Cancel calls",
                "windows[0].rootViewController.view.log: log group 'recognizers': no gesture recognizer is attached to this view",
                "windows[0].rootViewController.implements[0]: nothing sends neverSent:: no control's actions, `sendAction` override or `onLoad` step names it",
            ])
        XCTAssertEqual(scene.warnings.first?.line, 8)

        let silent = try SceneLoader().load(yaml: "windows:\n  - id: window\n    subviews: [{id: v, touches: inherit}]\n")
        XCTAssertEqual(
            silent.warnings.map(\.description),
            ["nothing in this scene logs: add `log:` to the objects whose calls you want to see"])
    }

    func testAnUnknownLogGroupIsAnErrorNamingTheGroups() {
        XCTAssertThrowsError(try SceneLoader().load(yaml: "windows:\n  - {id: w, log: [touchs]}\n")) { error in
            XCTAssertEqual(
                "\(error)",
                "windows[0].log[0]: expected true, false or log groups (touches, hitTest, tracking, actions, scrolling, "
                    + "motion, presses, delegate, recognizers), found \"touchs\"")
        }
    }
}
