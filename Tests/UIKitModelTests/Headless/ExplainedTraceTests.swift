import Foundation
import GestureScript
import HeadlessApp
import TestSupport
import UIKitModel
import XCTest

/// Explained traces (`app-host run --explain`, and every `--json` record): each call with its point or
/// touch, what it returned and why; a header per touch change; the hit-test passes labelled; recognizer
/// transitions with their causes.
final class ExplainedTraceTests: XCTestCase {
    private func explained(_ scene: String, _ script: String) throws -> [Trace.Line] {
        let scenes = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes")
        let runner = try HeadlessAppRunner(sceneURL: scenes.appendingPathComponent("\(scene).yaml"))
        runner.application.trace.explains = true
        let text = try String(contentsOf: scenes.appendingPathComponent("scripts/\(script).gesture"), encoding: .utf8)
        return runner.run(try GestureScript.parse(text))
    }

    func testABCDEFTapOnE() throws {
        let pass = [
            "-[AView hitTest:withEvent:] (115,495) → EView",
            "-[AView pointInside:withEvent:] (115,495) → YES",
            "-[CView hitTest:withEvent:] (95,95) → EView",
            "-[CView pointInside:withEvent:] (95,95) → YES",
            "-[FView hitTest:withEvent:] (-85,75) → nil (pointInside NO)",
            "-[FView pointInside:withEvent:] (-85,75) → NO (outside bounds)",
            "-[EView hitTest:withEvent:] (75,75) → EView",
            "-[EView pointInside:withEvent:] (75,75) → YES",
        ]
        let lines = try explained("abcdef", "tap-e")
        XCTAssertEqual(
            lines.map(\.explained),
            ["── t=1.000 event#1 touch#1 began (115,495) → EView", "   hit-test pass for touch#1 at began: chooses the view"]
                + pass + ["-[EView touchesBegan:withEvent:] touch#1 began (115,495) (calls super)"]
                + [
                    "── t=1.050 event#2 touch#1 ended (115,495) → EView",
                    "   hit-test pass again for touch#1 at ended: UIKit repeats it and discards the answer "
                        + "(the touch stays with EView)",
                ] + pass + ["-[EView touchesEnded:withEvent:] touch#1 ended (115,495) (calls super)"])
        // Without explaining, the very same calls: the default text is unchanged.
        XCTAssertEqual(
            lines.filter { $0.kind == .call }.map(\.text), try explainedOff("abcdef", "tap-e"))
        XCTAssertEqual(lines.map(\.sequence), Array(1...UInt64(lines.count)))
        XCTAssertEqual(Set(lines.compactMap(\.hidEvent)), [1, 2])
    }

    private func explainedOff(_ scene: String, _ script: String) throws -> [String] {
        let scenes = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes")
        let runner = try HeadlessAppRunner(sceneURL: scenes.appendingPathComponent("\(scene).yaml"))
        let text = try String(contentsOf: scenes.appendingPathComponent("scripts/\(script).gesture"), encoding: .utf8)
        return runner.run(try GestureScript.parse(text)).map(\.text)
    }

    /// Every reason hit-testing skips a view, from the visibility scene's taps.
    func testVisibilityReasons() throws {
        let lines = try explained("visibility", "visibility-taps").map(\.explained)
        let lastTap = try XCTUnwrap(lines.firstIndex(of: "── t=7.000 event#13 touch#7 began (160,650) → RootView"))
        XCTAssertEqual(
            Array(lines[lastTap...].prefix(13)),
            [
                "── t=7.000 event#13 touch#7 began (160,650) → RootView",
                "   hit-test pass for touch#7 at began: chooses the view",
                "-[RootView hitTest:withEvent:] (160,650) → RootView",
                "-[RootView pointInside:withEvent:] (160,650) → YES",
                // The child sticking out of its parent is never asked: the parent's pointInside says NO.
                "-[SmallParent hitTest:withEvent:] (140,50) → nil (pointInside NO)",
                "-[SmallParent pointInside:withEvent:] (140,50) → NO (outside bounds)",
                "-[PhotoView hitTest:withEvent:] (-40,550) → nil (userInteractionEnabled = NO)",
                "-[DisabledParent hitTest:withEvent:] (140,190) → nil (userInteractionEnabled = NO)",
                "-[FaintView hitTest:withEvent:] (140,310) → nil (pointInside NO)",
                "-[FaintView pointInside:withEvent:] (140,310) → NO (outside bounds)",
                "-[FadedView hitTest:withEvent:] (140,430) → nil (alpha 0.01 <= 0.01)",
                "-[HiddenView hitTest:withEvent:] (140,550) → nil (hidden)",
                "-[RootView touchesBegan:withEvent:] touch#7 began (160,650) (consumes it: no super)",
            ])
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("──") && $0.contains("began") },
            [
                "── t=1.000 event#1 touch#1 began (70,150) → RootView",
                "── t=2.000 event#3 touch#2 began (70,270) → RootView",
                "── t=3.000 event#5 touch#3 began (70,390) → FaintView",
                "── t=4.000 event#7 touch#4 began (70,510) → RootView",
                "── t=5.000 event#9 touch#5 began (250,150) → RootView",
                "── t=6.000 event#11 touch#6 began (110,650) → OverhangingChild",
                "── t=7.000 event#13 touch#7 began (160,650) → RootView",
            ])
        XCTAssertTrue(lines.contains("-[FaintView hitTest:withEvent:] (50,50) → FaintView"), "alpha 0.02 is hit")
    }

    /// The table puzzle's button tap: the tap recognizer fails because the button says no.
    func testTablePuzzleRecognizerTransitions() throws {
        let button = try explained("table-puzzle", "table-puzzle-button-tap")
        XCTAssertEqual(
            button.filter { $0.kind == .transition || $0.group == "actions" }.map(\.explained),
            [
                "   LXFTapGestureRecognizer 'tap' possible → failed (UIButton gestureRecognizerShouldBegin: NO)",
                "   LXFTapGestureRecognizer 'tap' failed → possible (reset: its touches are gone)",
                "-[ViewController buttonTapped:]", "Button Tapped",
            ])
        let longPress = try explained("table-puzzle", "table-puzzle-long-press")
        XCTAssertEqual(
            longPress.filter { $0.kind == .transition && !$0.text.hasSuffix("→ possible") }.map(\.explained),
            [
                "   UIScrollViewDelayedTouchesBeganGestureRecognizer possible → failed at t=1.150 (set by the recognizer itself)",
                "   LXFTapGestureRecognizer 'tap' possible → failed at t=1.750 (set by the recognizer itself)",
                "   UIScrollViewPanGestureRecognizer possible → failed (set by the recognizer itself)",
            ])
        let quick = try explained("table-puzzle", "table-puzzle-quick-tap")
        XCTAssertEqual(
            quick.filter { $0.kind == .transition || $0.group == "actions" }.prefix(4).map(\.explained),
            [
                "   UIScrollViewPanGestureRecognizer possible → failed (set by the recognizer itself)",
                "   LXFTapGestureRecognizer 'tap' possible → ended (recognized)",
                "   UIScrollViewDelayedTouchesBeganGestureRecognizer possible → failed "
                    + "(LXFTapGestureRecognizer 'tap' recognized on the same touches)",
                "View Taped",
            ])
    }

    /// With the run-loop trace on, each UIKit call is seen inside its callout: the HID frame's source1, the
    /// source0 that makes and sends the event (gesture recognizers' updates and actions included, as in UIKit,
    /// whose stacks show them under `-[UIWindow sendEvent:]`), and timers for time limits.
    func testRunLoopCalloutsFrameTheCalls() throws {
        let scenes = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes")
        let runner = try HeadlessAppRunner(sceneURL: scenes.appendingPathComponent("table-puzzle.yaml"))
        runner.application.trace.explains = true
        runner.traceRunLoop()
        let text = try String(
            contentsOf: scenes.appendingPathComponent("scripts/table-puzzle-long-press.gesture"), encoding: .utf8)
        let lines = runner.run(try GestureScript.parse(text))
        XCTAssertEqual(
            lines.filter { [.callout, .event, .transition].contains($0.kind) || $0.group == "actions" }
                .filter { !$0.text.hasSuffix("→ possible") }.map(\.explained),
            [
                "↻ turn 2: source1 fired UIEventFetcher [kCFRunLoopDefaultMode]",
                "↻ turn 3: source0 fired __handleEventQueue [kCFRunLoopDefaultMode]",
                "── t=1.000 event#1 touch#1 began (195,210) → PuzzleCell",
                "↻ turn 5: timer fired UIScrollViewDelayedTouchesBeganGestureRecognizer after 0.15 s [kCFRunLoopDefaultMode]",
                "   UIScrollViewDelayedTouchesBeganGestureRecognizer possible → failed at t=1.150 (set by the recognizer itself)",
                "didHighlightRowAt 2",
                "↻ turn 6: timer fired LXFTapGestureRecognizer after 0.75 s [kCFRunLoopDefaultMode]",
                "   LXFTapGestureRecognizer 'tap' possible → failed at t=1.750 (set by the recognizer itself)",
                "↻ turn 8: source1 fired UIEventFetcher [kCFRunLoopDefaultMode]",
                "↻ turn 9: source0 fired __handleEventQueue [kCFRunLoopDefaultMode]",
                "── t=2.500 event#2 touch#1 ended (195,210) → PuzzleCell",
                "   UIScrollViewPanGestureRecognizer possible → failed (set by the recognizer itself)",
                "didUnhighlightRowAt 2",
                "didSelectRowAt 2",
            ])
    }
}
