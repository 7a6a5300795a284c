import Foundation
import RunLoopKit
import XCTest
@testable import UIKitModel

/// event-delivery.md section 7: content touches delayed 0.15 s, released at once when the finger lifts,
/// cancelled by a drag that scrolls; the tracking run-loop mode while dragging.
final class ScrollViewTests: XCTestCase {
    private var driver: TouchDriver!
    private var scrollView: UIScrollView!
    private var content: UIView!

    /// A 320 x 480 scroll view with 1000 points of content; a logging `ContentView` at y 100...200.
    override func setUp() {
        driver = TouchDriver(size: CGSize(width: 320, height: 480))
        let controller = driver.installViewController(logs: false)
        scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scrollView.contentSize = CGSize(width: 320, height: 1000)
        scrollView.logsCalls = true
        controller.view.addSubview(scrollView)
        content = UIView(frame: CGRect(x: 0, y: 100, width: 320, height: 100))
        content.traceClassNameOverride = "ContentView"
        content.logsCalls = true
        content.overrides.set(.consume, for: ResponderOverrides.touchMethods)
        scrollView.addSubview(content)
    }

    /// "seconds line" for each trace line but hit-testing's, so delays are pinned as exactly as the order.
    private var timedTrace: [String] {
        driver.recorder.lines.filter { !$0.text.contains("hitTest:") && !$0.text.contains("pointInside:") }
            .map { String(format: "%.3f ", Double($0.time) / 1e9) + $0.text }
    }

    func testQuickTapDeliversTheWithheldBeganAndTheEndAtOnceWhenTheFingerLifts() {
        driver.down(160, 150, at: 1.0)
        XCTAssertEqual(timedTrace, [], "withheld")
        driver.up(160, 150, at: 1.05)
        XCTAssertEqual(
            timedTrace,
            [
                "1.050 -[UIScrollView touchesShouldBegin:withEvent:inContentView:]",
                "1.050 -[ContentView touchesBegan:withEvent:]",
                "1.050 -[ContentView touchesEnded:withEvent:]",
            ])
    }

    func testAQuickTapTakenByATapRecognizerAboveNeverReachesTheContent() {
        scrollView.superview!.addGestureRecognizer(UITapGestureRecognizer(action: .log("Tapped")))
        driver.tap(160, 150, at: 1.0)
        XCTAssertEqual(timedTrace, ["1.050 Tapped"], "not even touchesShouldBegin is asked: the touch was taken")
    }

    func testAQuickTapUnderADoubleTapRecognizerGetsItsEndWhenTheDoubleTapGivesUp() {
        let doubleTap = UITapGestureRecognizer(action: .log("Double Tapped"))
        doubleTap.numberOfTapsRequired = 2
        scrollView.superview!.addGestureRecognizer(doubleTap)
        driver.tap(160, 150, at: 1.0)
        driver.advance(to: 2.0)
        XCTAssertEqual(
            timedTrace,
            [
                "1.050 -[UIScrollView touchesShouldBegin:withEvent:inContentView:]",
                "1.050 -[ContentView touchesBegan:withEvent:]",
                "1.200 -[ContentView touchesEnded:withEvent:]",
            ], "the end is held while the double tap waits, released after 0.15 s (delaysTouchesEnded)")
    }

    /// Documented rule (developer.apple.com/documentation/uikit/uiscrollview/delayscontenttouches): true (the default) "delays handling the
    /// touch-down gesture until it can determine if scrolling is the intent" (0.15 s, event-delivery.md §7).
    func testHeldTouchReachesTheContentAfterExactlyPointOneFiveSeconds() {
        XCTAssertTrue(scrollView.delaysContentTouches, "UIKit's default")
        driver.down(160, 150, at: 1.0)
        driver.advance(to: 1.149)
        XCTAssertEqual(timedTrace, [])
        driver.up(160, 150, at: 1.4)
        XCTAssertEqual(
            timedTrace,
            [
                "1.150 -[UIScrollView touchesShouldBegin:withEvent:inContentView:]",
                "1.150 -[ContentView touchesBegan:withEvent:]",
                "1.400 -[ContentView touchesEnded:withEvent:]",
            ])
    }

    /// Documented rule (developer.apple.com/documentation/uikit/uiscrollview/cancancelcontenttouches): true (the default), a content view tracking
    /// the finger "receives a touchesCancelled(_:with:) message and the scroll view handles the touch as a
    /// scroll" (touchesShouldCancel(in:) answers YES for a plain view: TouchesShouldCancelRuleTests).
    func testDragThatScrollsCancelsTheContentsTouchesAndTracksInTheTrackingMode() {
        XCTAssertTrue(scrollView.canCancelContentTouches, "UIKit's default")
        var defaultTimer: [UInt64] = [], commonTimer: [UInt64] = []
        let loop = driver.app.runLoop, clock = driver.clock
        loop.add(RunLoopTimer(fireAt: TouchDriver.ns(1.4)) { _ in defaultTimer.append(clock.now) }, mode: .default)
        loop.add(RunLoopTimer(fireAt: TouchDriver.ns(1.4)) { _ in commonTimer.append(clock.now) }, mode: .common)

        driver.down(160, 150, at: 1.0)
        driver.move(160, 130, at: 1.2)  // after the delay: the content has the touch
        XCTAssertEqual(driver.app.currentRunLoopMode, .tracking)
        XCTAssertTrue(scrollView.isDragging)
        driver.move(160, 50, at: 1.5)
        XCTAssertEqual(defaultTimer, [], "a default-mode timer does not fire while the finger drags")
        XCTAssertEqual(commonTimer, [TouchDriver.ns(1.4)], "a common-modes timer does")
        driver.up(160, 50, at: 1.6)
        XCTAssertEqual(driver.app.currentRunLoopMode, .default)
        XCTAssertEqual(defaultTimer, [TouchDriver.ns(1.6)], "it fires, late, once the drag ends")
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 100))
        XCTAssertFalse(scrollView.isDragging)
        XCTAssertEqual(
            timedTrace,
            [
                "1.150 -[UIScrollView touchesShouldBegin:withEvent:inContentView:]",
                "1.150 -[ContentView touchesBegan:withEvent:]",
                "1.200 -[UIScrollView touchesShouldCancelInContentView:]",
                "1.200 -[UIApplication _pushRunLoopMode:requester:] UITrackingRunLoopMode",
                "1.200 -[ContentView touchesCancelled:withEvent:]",
                "1.600 -[UIApplication _popRunLoopMode:requester:] UITrackingRunLoopMode",
            ])
    }

    func testQuickDragScrollsWithoutTheContentEverSeeingTheTouch() {
        driver.drag(from: CGPoint(x: 160, y: 150), to: CGPoint(x: 160, y: 30), at: 1.0, duration: 0.1, steps: 4)
        XCTAssertEqual(
            timedTrace,
            [
                "1.025 -[UIApplication _pushRunLoopMode:requester:] UITrackingRunLoopMode",
                "1.100 -[UIApplication _popRunLoopMode:requester:] UITrackingRunLoopMode",
            ])
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 120))
    }

    func testScrolledContentIsHitTestedAndLocatedThroughTheContentOffset() {
        scrollView.contentOffset = CGPoint(x: 0, y: 80)
        var located: [CGPoint] = []
        let probe = LocatingView(frame: CGRect(x: 0, y: 300, width: 320, height: 50)) { located.append($0) }
        scrollView.addSubview(probe)
        driver.tap(160, 230, at: 1.0)  // screen y 230 = content y 310: the probe, 10 points down
        XCTAssertEqual(located, [CGPoint(x: 160, y: 10)])
    }

    /// Documented rule (developer.apple.com/documentation/uikit/uiscrollview/touchesshouldcancel(in:)): NO for a UIControl, so the button keeps
    /// the touch and the scroll view does not scroll.
    func testADragStartingOnAButtonThatAlreadyTracksDoesNotScroll() {
        let button = UIButton(frame: CGRect(x: 100, y: 300, width: 120, height: 44), title: "B")
        button.logsCalls = true
        scrollView.addSubview(button)
        driver.down(160, 320, at: 1.0)
        driver.move(160, 290, at: 1.2)
        driver.move(160, 200, at: 1.3)
        driver.up(160, 200, at: 1.4)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertEqual(
            timedTrace,
            [
                "1.150 -[UIScrollView touchesShouldBegin:withEvent:inContentView:]",
                "1.150 -[UIButton beginTrackingWithTouch:withEvent:]",
                "1.200 -[UIScrollView touchesShouldCancelInContentView:]",
                "1.200 -[UIButton continueTrackingWithTouch:withEvent:]",
                "1.300 -[UIButton continueTrackingWithTouch:withEvent:]",
                "1.400 -[UIButton endTrackingWithTouch:withEvent:]",
            ], "touchesShouldCancel(in:) is false for controls: the pan fails and the button keeps the touch")
    }

    /// Documented rule (developer.apple.com/documentation/uikit/uiscrollview/cancancelcontenttouches): false, "the scroll view doesn't scroll
    /// regardless of finger movement once the content view starts tracking".
    func testCanCancelContentTouchesFalseKeepsTheTouchWithTheContent() {
        scrollView.canCancelContentTouches = false
        driver.down(160, 150, at: 1.0)
        driver.move(160, 100, at: 1.2)
        driver.up(160, 100, at: 1.3)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertEqual(
            timedTrace,
            [
                "1.150 -[UIScrollView touchesShouldBegin:withEvent:inContentView:]",
                "1.150 -[ContentView touchesBegan:withEvent:]",
                "1.200 -[ContentView touchesMoved:withEvent:]",
                "1.300 -[ContentView touchesEnded:withEvent:]",
            ])
    }

    /// Documented rule (developer.apple.com/documentation/uikit/uiscrollview/delayscontenttouches): false, "the scroll view immediately calls
    /// touchesShouldBegin(_:with:in:)", and the content gets the touch in the same frame.
    func testWithoutDelaysContentTouchesTheContentGetsTheTouchAtOnce() {
        scrollView.delaysContentTouches = false
        driver.tap(160, 150, at: 1.0)
        XCTAssertEqual(
            timedTrace,
            [
                "1.000 -[UIScrollView touchesShouldBegin:withEvent:inContentView:]",
                "1.000 -[ContentView touchesBegan:withEvent:]",
                "1.050 -[ContentView touchesEnded:withEvent:]",
            ])
    }

    func testTouchesShouldBeginReturningFalseKeepsTheTouchFromTheContent() {
        let refusing = RefusingScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        refusing.contentSize = CGSize(width: 320, height: 1000)
        scrollView.superview!.addSubview(refusing)
        let other = UIView(frame: CGRect(x: 0, y: 100, width: 320, height: 100))
        other.traceClassNameOverride = "OtherContent"
        other.logsCalls = true
        other.overrides.set(.consume, for: ResponderOverrides.touchMethods)
        refusing.addSubview(other)
        driver.tap(160, 150, at: 1.0)
        driver.down(160, 150, at: 2.0)
        driver.up(160, 150, at: 2.5)
        XCTAssertEqual(timedTrace, [])
    }

    func testAScrollViewWithNothingToScrollDoesNotDragAlongThatAxis() {
        driver.drag(from: CGPoint(x: 100, y: 150), to: CGPoint(x: 250, y: 150), at: 1.0, duration: 0.3, steps: 3)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertEqual(driver.app.currentRunLoopMode, .default)
        XCTAssertEqual(timedTrace.last, "1.300 -[ContentView touchesEnded:withEvent:]")
    }
}

/// Reports where its touches begin, in its own coordinates.
private final class LocatingView: UIView {
    let report: (CGPoint) -> Void
    init(frame: CGRect, report: @escaping (CGPoint) -> Void) {
        self.report = report
        super.init(frame: frame)
    }
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches { report(touch.location(in: self)) }
    }
}

private final class RefusingScrollView: UIScrollView {
    override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { false }
}
