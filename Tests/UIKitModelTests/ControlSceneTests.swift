import AppScene
import Foundation
import GestureScript
import HeadlessApp
import HIDEvent
import TestSupport
import UIKitModel
import XCTest

/// Controls, scroll views and table views from scene files (protocols/scene-format.md, "Controls"), run by
/// the headless runner.
final class ControlSceneTests: XCTestCase {
    private func runner(scene: String) throws -> HeadlessAppRunner {
        try HeadlessAppRunner(sceneURL: SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/\(scene).yaml"))
    }

    private let hitButton = ["-[UIButton hitTest:withEvent:]", "-[UIButton pointInside:withEvent:]"]

    /// deploy/scenes/scripts/blue-button-tap.gesture: a tap on the button, then one on the blue view beside it.
    private func blueButtonTaps() throws -> [TimedHIDPayload] {
        let url = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/scripts/blue-button-tap.gesture")
        return try GestureScript.parse(try String(contentsOf: url, encoding: .utf8)).frames()
    }

    func testBlueButtonWithATapOnItsParent() throws {
        let runner = try runner(scene: "blue-button-parent-tap")
        XCTAssertEqual(
            runner.run(try blueButtonTaps()).map(\.text),
            hitButton + [
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "-[UIButton touchesBegan:withEvent:]",
                "-[UIButton beginTrackingWithTouch:withEvent:]",
            ] + hitButton + [
                "-[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "-[UIButton touchesEnded:withEvent:]",
                "-[UIButton endTrackingWithTouch:withEvent:]",
                "-[ViewController buttonTapped:]",
                "Button Tapped",
                // Beside the button, on the blue view: the recognizer's tap (hit-testing still asks the button).
            ] + hitButton + [
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]"
            ] + hitButton + [
                "-[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "View Taped",
            ])
    }

    func testBlueButtonWithATapOnItsParentThatDoesNotCancelTouches() throws {
        let runner = try runner(scene: "blue-button-parent-tap")
        runner.scene.gestureRecognizer("tap")!.cancelsTouchesInView = false
        XCTAssertEqual(
            runner.run(GestureInputs.tap(195, 350, at: 1.0)).map(\.text).filter { !hitButton.contains($0) },
            [
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "-[UIButton touchesBegan:withEvent:]",
                "-[UIButton beginTrackingWithTouch:withEvent:]",
                "-[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "View Taped",
                "-[UIButton touchesEnded:withEvent:]",
                "-[UIButton endTrackingWithTouch:withEvent:]",
                "-[ViewController buttonTapped:]",
                "Button Tapped",
            ])
    }

    func testBlueButtonWithATapOnTheButtonItself() throws {
        let runner = try runner(scene: "blue-button-button-tap")
        XCTAssertEqual(
            runner.run(Array(try blueButtonTaps().prefix(2))).map(\.text),
            hitButton + [
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "-[UIButton touchesBegan:withEvent:]",
                "-[UIButton beginTrackingWithTouch:withEvent:]",
            ] + hitButton + [
                "-[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "Button's Tap Recognized",
                "-[UIButton touchesCancelled:withEvent:]",
                "-[UIButton cancelTrackingWithEvent:]",
                "-[ViewController buttonCancelled:]",
                "Button Touch Cancelled",
            ])
    }

    /// Every control kind with its keys, value templates, a nil-target action found through `implements:`, and
    /// one nobody implements.
    func testEveryControlKindFromAScene() throws {
        let runner = try HeadlessAppRunner(
            sceneYAML: """
                windows:
                  - rootViewController:
                      id: vc
                      class: ViewController
                      implements: [{action: "chainAction:", log: "chain reached the controller"}]
                      view:
                        subviews:
                          - {id: toggle, kind: switch, frame: [10, 10, 51, 31], on: true,
                             actions: [{events: valueChanged, target: vc, action: "toggled:", log: "isOn {value}"}]}
                          - {id: slider, kind: slider, frame: [10, 60, 231, 31], minimumValue: 0, maximumValue: 200, value: 100,
                             continuous: false,
                             actions: [{events: [valueChanged], target: vc, action: "slid:", log: "value {value}"}]}
                          - {id: segments, kind: segmentedControl, frame: [10, 110, 300, 32], segments: [A, B, C],
                             selectedSegmentIndex: 0,
                             actions: [{events: [valueChanged], target: vc, action: "picked:", log: "segment {value}"}]}
                          - {id: stepper, kind: stepper, frame: [10, 160, 94, 32], value: 5, stepValue: 5, autorepeat: false,
                             actions: [{events: [valueChanged], target: vc, action: "stepped:", log: "stepper {value}"}]}
                          - {id: pages, kind: pageControl, frame: [10, 210, 300, 30], numberOfPages: 4, currentPage: 1,
                             actions: [{events: [valueChanged], target: vc, action: "paged:", log: "page {value}"}]}
                          - {id: custom, kind: control, class: KnobControl, frame: [10, 260, 100, 100],
                             actions: [{events: [touchUpInside], target: nil, action: "chainAction:"},
                                       {events: [touchDown], action: "nobodyHasThis:"}]}
                          - {id: disabled, kind: button, frame: [200, 260, 100, 44], enabled: false,
                             actions: [{events: [touchUpInside], target: vc, action: "never:", log: "disabled button fired"}]}
                """)
        var inputs: [TimedHIDPayload] = []
        inputs += GestureInputs.tap(35, 25, at: 1)  // switch off
        inputs += GestureInputs.path([(124, 75), (144, 75), (164, 75)], at: 2, interval: 0.1)  // thumb +40 pt of 200
        inputs += GestureInputs.tap(260, 125, at: 3)  // segment C
        inputs += GestureInputs.tap(90, 175, at: 4)  // stepper +
        inputs += GestureInputs.tap(20, 225, at: 5)  // page control, left
        inputs += GestureInputs.tap(60, 310, at: 6)  // custom control
        inputs += GestureInputs.tap(250, 280, at: 7)  // disabled button
        XCTAssertEqual(
            runner.run(inputs).map(\.text),
            [
                "isOn false",
                "value 140",
                "segment 2",
                "stepper 10",
                "page 0",
                "nobodyHasThis: dropped: no responder in the chain implements it",
                "chain reached the controller",
            ])
    }

    func testAScrollViewSceneDragsInTheTrackingMode() throws {
        let runner = try HeadlessAppRunner(
            sceneYAML: """
                windows:
                  - subviews:
                      - id: scroll
                        kind: scrollView
                        frame: [0, 0, 390, 844]
                        contentSize: [390, 2000]
                        contentOffset: [0, 100]
                        subviews:
                          - {id: content, class: ContentView, frame: [0, 0, 390, 2000], log: true, touches: consume}
                """)
        let scroll = try XCTUnwrap(runner.scene.view("scroll") as? UIScrollView)
        XCTAssertEqual(scroll.contentOffset, CGPoint(x: 0, y: 100))
        let lines = runner.run(GestureInputs.path([(200, 500), (200, 480), (200, 400)], at: 1, interval: 0.2))
        XCTAssertEqual(
            lines.map(\.text).filter { !$0.contains("hitTest") && !$0.contains("pointInside") },
            [
                "-[ContentView touchesBegan:withEvent:]",
                "-[UIApplication _pushRunLoopMode:requester:] UITrackingRunLoopMode",
                "-[ContentView touchesCancelled:withEvent:]",
                "-[UIApplication _popRunLoopMode:requester:] UITrackingRunLoopMode",
            ])
        XCTAssertEqual(scroll.contentOffset, CGPoint(x: 0, y: 200))
    }

    func testControlSceneErrorsNameThePath() {
        func error(_ yaml: String) -> String? {
            do { _ = try SceneLoader().load(yaml: yaml); return nil } catch { return "\(error)" }
        }
        XCTAssertEqual(
            error("windows:\n  - subviews:\n      - {kind: button, actions: [{events: [touchUp], action: \"a:\"}]}\n"),
            "windows[0].subviews[0].actions[0].events[0]: expected a control event (touchDown, touchDownRepeat, "
                + "touchDragInside, touchDragOutside, touchDragEnter, touchDragExit, touchUpInside, touchUpOutside, "
                + "touchCancel, valueChanged, primaryActionTriggered, menuActionTriggered, editingDidBegin, "
                + "editingChanged, editingDidEnd, editingDidEndOnExit, allTouchEvents, allEditingEvents, "
                + "applicationReserved, systemReserved, allEvents), found \"touchUp\"")
        XCTAssertEqual(
            error("windows:\n  - subviews:\n      - {kind: button, actions: [{events: touchDown, action: \"a:\", log: x}]}\n"),
            "windows[0].subviews[0].actions[0]: a nil-target action goes to whichever responder implements "
                + "it: give `log` in that responder's `implements:`, not here")
        XCTAssertEqual(
            error(
                "windows:\n  - subviews:\n      - {kind: switch, actions: [{events: valueChanged, target: ghost, action: \"a:\"}]}\n"
            )?
            .hasPrefix("windows[0].subviews[0].actions[0].target: no object with id 'ghost'"), true)
        XCTAssertEqual(
            error("windows:\n  - subviews:\n      - {kind: segmentedControl, segments: [A], selectedSegmentIndex: 3}\n"),
            "windows[0].subviews[0].selectedSegmentIndex: no segment 3 (segments: 1; -1 is none)")
        XCTAssertEqual(
            error("windows:\n  - subviews:\n      - {kind: tableView, rows: 2, didSelectRow: {print: x}}\n"),
            "windows[0].subviews[0].didSelectRow.print: unknown key (expected one of: log)")
        XCTAssertEqual(error("windows:\n  - subviews:\n      - {kind: switch, title: x}\n")?.contains("title: unknown key"), true)
    }
}
