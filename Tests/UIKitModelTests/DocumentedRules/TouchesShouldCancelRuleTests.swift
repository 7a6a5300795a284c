import Foundation
import XCTest
@testable import UIKitModel

/// developer.apple.com/documentation/uikit/uiscrollview/touchesshouldcancel(in:): "The default returned value
/// is true if view is not a UIControl object; otherwise, it returns false." The scroll view asks when a drag
/// is about to begin while a content view already tracks the touch (the 0.15 s content delay has passed);
/// true cancels the view's touches and scrolls, false leaves the touch with the view and does not scroll.
/// canCancelContentTouches (uiscrollview/cancancelcontenttouches) is the switch in front of it: the
/// ScrollViewTests cited in docs/event-delivery.md cover it.
final class TouchesShouldCancelRuleTests: XCTestCase {
    private var driver: TouchDriver!
    private var scrollView: UIScrollView!

    /// A 320 x 480 scroll view with 1000 points of content, logging its own calls (and their answers).
    override func setUp() {
        driver = TouchDriver(size: CGSize(width: 320, height: 480))
        let controller = driver.installViewController(logs: false)
        scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scrollView.contentSize = CGSize(width: 320, height: 1000)
        scrollView.logGroups = [.scrolling]
        controller.view.addSubview(scrollView)
    }

    /// "seconds text [answer]" for every line.
    private var timedTrace: [String] {
        driver.recorder.lines.map {
            String(format: "%.3f ", Double($0.time) / 1e9) + $0.text + ($0.result.map { " → \($0)" } ?? "")
        }
    }

    /// Holds the finger past the content delay on (x, y), then drags 40 points up.
    private func holdThenDrag(_ x: CGFloat, _ y: CGFloat, at start: Double = 1.0) {
        driver.down(x, y, at: start)
        driver.move(x, y - 20, at: start + 0.2)
        driver.move(x, y - 40, at: start + 0.3)
        driver.up(x, y - 40, at: start + 0.4)
    }

    func testDefaultIsTrueForAPlainViewTheDragCancelsItsTouchAndScrolls() {
        let content = TouchLoggingView("ContentView", frame: CGRect(x: 0, y: 100, width: 320, height: 100))
        scrollView.addSubview(content)
        holdThenDrag(160, 150)
        XCTAssertEqual(
            timedTrace,
            [
                "1.150 -[UIScrollView touchesShouldBegin:withEvent:inContentView:] → YES",
                "1.150 -[ContentView touchesBegan:withEvent:]",
                "1.200 -[UIScrollView touchesShouldCancelInContentView:] → YES",
                "1.200 -[UIApplication _pushRunLoopMode:requester:] UITrackingRunLoopMode",
                "1.200 -[ContentView touchesCancelled:withEvent:]",
                "1.400 -[UIApplication _popRunLoopMode:requester:] UITrackingRunLoopMode",
            ])
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 40))
    }

    /// Every UIControl answers false, a standard one or a custom subclass: the control keeps the touch.
    func testDefaultIsFalseForEveryControlTheTouchStaysAndNothingScrolls() {
        let custom = UIControl(frame: CGRect(x: 0, y: 100, width: 320, height: 60))
        custom.traceClassNameOverride = "KnobControl"
        let button = UIButton(frame: CGRect(x: 0, y: 200, width: 320, height: 60), title: "B")
        let toggle = UISwitch(frame: CGRect(x: 20, y: 300, width: 0, height: 0))
        for control in [custom, button, toggle] {
            control.logGroups = [.tracking]
            scrollView.addSubview(control)
        }
        holdThenDrag(160, 150, at: 1)
        holdThenDrag(160, 250, at: 2)
        holdThenDrag(30, 315, at: 3)
        let answers = driver.recorder.lines.filter { $0.selector == "touchesShouldCancelInContentView:" }
        XCTAssertEqual(answers.map { $0.result ?? "" }, ["NO", "NO", "NO"])
        XCTAssertEqual(answers.map { $0.reason ?? "" }, Array(repeating: "a control keeps its touches", count: 3))
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertEqual(
            driver.recorder.lines.filter { $0.className == "KnobControl" }.map(\.text),
            [
                "-[KnobControl beginTrackingWithTouch:withEvent:]",
                "-[KnobControl continueTrackingWithTouch:withEvent:]",
                "-[KnobControl continueTrackingWithTouch:withEvent:]",
                "-[KnobControl endTrackingWithTouch:withEvent:]",
            ], "no cancelTrackingWithEvent: the control kept its touch")
    }

    /// A subclass overriding it to true: the drag takes the button's touch (the button is cancelled).
    func testASubclassAnsweringTrueLetsTheDragTakeAControlsTouch() {
        let scroller = CancellingScrollView(frame: scrollView.frame)
        scroller.contentSize = scrollView.contentSize
        scrollView.superview!.addSubview(scroller)
        let button = UIButton(frame: CGRect(x: 0, y: 200, width: 320, height: 60), title: "B")
        button.logGroups = [.tracking]
        scroller.addSubview(button)
        holdThenDrag(160, 250)
        XCTAssertEqual(
            driver.recorder.lines.filter { $0.className == "UIButton" }.map(\.text),
            [
                "-[UIButton beginTrackingWithTouch:withEvent:]",
                "-[UIButton cancelTrackingWithEvent:]",
            ])
        XCTAssertEqual(scroller.contentOffset, CGPoint(x: 0, y: 40))
    }
}

private final class CancellingScrollView: UIScrollView {
    override func touchesShouldCancel(in view: UIView) -> Bool { true }
}
