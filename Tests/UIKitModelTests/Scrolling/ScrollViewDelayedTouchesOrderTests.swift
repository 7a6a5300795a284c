import Foundation
import GestureScript
import HeadlessApp
import TestSupport
import XCTest
@testable import UIKitModel

/// The scroll view is asked `touchesShouldBegin(_:with:in:)` before its content receives a touch, on every
/// path by which delayed (or undelayed) touches reach the content. Seed 000 hooked
/// `-[UIScrollViewDelayedTouchesBeganGestureRecognizer sendTouchesShouldBeginForDelayedTouches:]`; its log
/// shows the question before the content's `touchesBegan` (developer.apple.com/documentation/uikit/
/// uiscrollview/touchesshouldbegin(_:with:in:): "when a finger touches down in displayed content";
/// event-delivery.md section 9). One test per path; each names it.
final class ScrollViewDelayedTouchesOrderTests: XCTestCase {
    private var driver: TouchDriver!
    private var controller: UIViewController!
    private var scrollView: AskingScrollView!
    private var content: TouchLoggingView!

    /// A 320 x 480 scroll view (1000 points of content) holding a logging `ContentView` at y 100...200; the
    /// scroll view logs its own calls (the question), hit-testing aside.
    override func setUp() {
        driver = TouchDriver(size: CGSize(width: 320, height: 480))
        controller = driver.installViewController(logs: false)
        scrollView = AskingScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scrollView.contentSize = CGSize(width: 320, height: 1000)
        controller.view.addSubview(scrollView)
        content = TouchLoggingView("ContentView", frame: CGRect(x: 0, y: 100, width: 320, height: 100))
        content.isMultipleTouchEnabled = true
        scrollView.addSubview(content)
    }

    /// "seconds line" for every trace line.
    private var timedTrace: [String] {
        driver.recorder.lines.map { String(format: "%.3f ", Double($0.time) / 1e9) + $0.text }
    }

    // MARK: Paths the delayed-touches recognizer decides itself

    /// Path: the 0.15 s timer fires with the finger still down.
    func testTimerPathAsksBeforeTheContentsBegan() {
        driver.down(160, 150, at: 1.0)
        driver.up(160, 150, at: 1.3)
        XCTAssertEqual(
            timedTrace,
            [
                "1.150 touchesShouldBegin [ContentView] 1 touch",
                "1.150 -[ContentView touchesBegan:withEvent:]",
                "1.300 -[ContentView touchesEnded:withEvent:]",
            ])
    }

    /// Path: the finger lifts before the timer; began and end go together, after the question.
    func testEarlyLiftPathAsksBeforeTheContentsBeganAndEnd() {
        driver.tap(160, 150, at: 1.0)
        driver.advance(to: 2)
        XCTAssertEqual(
            timedTrace,
            [
                "1.050 touchesShouldBegin [ContentView] 1 touch",
                "1.050 -[ContentView touchesBegan:withEvent:]",
                "1.050 -[ContentView touchesEnded:withEvent:]",
            ])
    }

    // MARK: Paths decided by another recognizer

    /// Path: a tap recognizer above that does not cancel touches recognizes the quick tap; exclusivity fails
    /// the delayed-touches recognizer and the content gets the touch (the model before the fix delivered
    /// began and end first and never asked).
    func testAnotherRecognizerRecognizingWithoutCancellingAsksBeforeReleasing() {
        let tap = UITapGestureRecognizer(action: .log("Tapped"))
        tap.cancelsTouchesInView = false
        controller.view.addGestureRecognizer(tap)
        driver.tap(160, 150, at: 1.0)
        driver.advance(to: 2)
        XCTAssertEqual(
            timedTrace,
            [
                "1.050 Tapped",
                "1.050 touchesShouldBegin [ContentView] 1 touch",
                "1.050 -[ContentView touchesBegan:withEvent:]",
                "1.050 -[ContentView touchesEnded:withEvent:]",
            ])
    }

    /// Path: a recognizer on the content ends its gesture while the finger is still down and before the
    /// 0.15 s (a swipe that does not cancel touches): the withheld began goes then, after the question.
    func testAnotherRecognizerEndingMidTouchAsksBeforeReleasing() {
        let swipe = UISwipeGestureRecognizer(action: .log("Swiped"))
        swipe.direction = .right
        swipe.cancelsTouchesInView = false
        content.addGestureRecognizer(swipe)
        scrollView.contentSize = CGSize(width: 320, height: 480)  // nothing to scroll: the pan stays out of it
        driver.down(40, 150, at: 1.00)
        driver.move(70, 151, at: 1.03)
        driver.move(110, 151, at: 1.06)
        driver.up(110, 151, at: 1.30)
        let lines = timedTrace
        XCTAssertEqual(
            lines,
            [
                "1.060 Swiped",
                "1.060 touchesShouldBegin [ContentView] 1 touch",
                "1.060 -[ContentView touchesBegan:withEvent:]",
                "1.060 -[ContentView touchesMoved:withEvent:]",
                "1.060 -[ContentView touchesMoved:withEvent:]",
                "1.300 -[ContentView touchesEnded:withEvent:]",
            ])
    }

    /// Path: the scroll view's own pan takes the touch (it cancels touches in its view): nothing is asked and
    /// the content never sees the touch.
    func testThePanTakingTheTouchAsksNothing() {
        driver.drag(from: CGPoint(x: 160, y: 150), to: CGPoint(x: 160, y: 30), at: 1.0, duration: 0.1, steps: 4)
        XCTAssertEqual(
            timedTrace,
            [
                "1.025 -[UIApplication _pushRunLoopMode:requester:] UITrackingRunLoopMode",
                "1.100 -[UIApplication _popRunLoopMode:requester:] UITrackingRunLoopMode",
            ])
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 120))
    }

    /// Path: the scroll view's pan fails (a sideways drag, nothing to scroll that way): that alone releases
    /// nothing — the delayed-touches recognizer is still possible — so the withheld frames go at 0.15 s, after
    /// the question, each replayed with its own data.
    func testThePanFailingReleasesNothingTheTimerStillAsksFirst() {
        driver.down(100, 150, at: 1.00)
        driver.move(130, 150, at: 1.05)
        driver.move(160, 150, at: 1.10)
        driver.up(160, 150, at: 1.20)
        XCTAssertEqual(
            timedTrace,
            [
                "1.150 touchesShouldBegin [ContentView] 1 touch",
                "1.150 -[ContentView touchesBegan:withEvent:]",
                "1.150 -[ContentView touchesMoved:withEvent:]",
                "1.150 -[ContentView touchesMoved:withEvent:]",
                "1.200 -[ContentView touchesEnded:withEvent:]",
            ])
        XCTAssertEqual(scrollView.contentOffset, .zero)
    }

    /// Path: the system cancels the touch during the delay; the withheld began is still delivered (the
    /// delaying recognizer failed), then the cancel — after the question.
    func testCancelPathAsksBeforeTheBeganAndTheCancel() {
        driver.down(160, 150, at: 1.0)
        driver.cancel(160, 150, at: 1.05)
        driver.advance(to: 2)
        XCTAssertEqual(
            timedTrace,
            [
                "1.050 touchesShouldBegin [ContentView] 1 touch",
                "1.050 -[ContentView touchesBegan:withEvent:]",
                "1.050 -[ContentView touchesCancelled:withEvent:]",
            ])
    }

    // MARK: Second finger

    /// Path: a second finger lands during the delay and the first lifts: both withheld fingers go to the
    /// content, and the question covers both (the model before the fix asked only about the lifted one).
    /// The first finger's end then waits 0.15 s: the scroll view's pan, still possible on the second
    /// finger, holds it (`delaysTouchesEnded`, default true).
    func testSecondFingerDuringTheDelayIsAskedAboutWhenTheFirstLifts() {
        driver.down(100, 150, at: 1.00)
        driver.down(200, 150, at: 1.02, finger: 2)
        driver.up(100, 150, at: 1.05)
        driver.up(200, 150, at: 1.40, finger: 2)
        XCTAssertEqual(
            timedTrace,
            [
                "1.050 touchesShouldBegin [ContentView] 2 touches",
                "1.050 -[ContentView touchesBegan:withEvent:]",
                "1.050 -[ContentView touchesBegan:withEvent:]",
                "1.200 -[ContentView touchesEnded:withEvent:]",
                "1.400 -[ContentView touchesEnded:withEvent:]",
            ])
    }

    /// Path: a second finger lands after the delay has run out (the delayed-touches recognizer failed and
    /// takes no new touch until it resets): it is not delayed, but the question still comes first. Its end
    /// is held while the scroll view's pan is possible (`delaysTouchesEnded`) and goes when the pan fails at
    /// the other finger's lift.
    func testSecondFingerAfterTheDelayIsAskedAboutAtOnce() {
        driver.down(100, 150, at: 1.00)
        driver.down(200, 150, at: 1.30, finger: 2)
        driver.up(200, 150, at: 1.35, finger: 2)
        driver.up(100, 150, at: 1.40)
        XCTAssertEqual(
            timedTrace,
            [
                "1.150 touchesShouldBegin [ContentView] 1 touch",
                "1.150 -[ContentView touchesBegan:withEvent:]",
                "1.300 touchesShouldBegin [ContentView] 1 touch",
                "1.300 -[ContentView touchesBegan:withEvent:]",
                "1.400 -[ContentView touchesEnded:withEvent:]",
                "1.400 -[ContentView touchesEnded:withEvent:]",
            ])
    }

    // MARK: delaysContentTouches = false

    /// Path: without the delay, the question comes at once, before the began, for each finger (the second
    /// finger's end waits for the pan to fail, as above).
    func testWithoutTheDelayEachFingerIsAskedAboutAtOnce() {
        scrollView.delaysContentTouches = false
        driver.down(100, 150, at: 1.00)
        driver.down(200, 150, at: 1.10, finger: 2)
        driver.up(200, 150, at: 1.20, finger: 2)
        driver.up(100, 150, at: 1.30)
        XCTAssertEqual(
            timedTrace,
            [
                "1.000 touchesShouldBegin [ContentView] 1 touch",
                "1.000 -[ContentView touchesBegan:withEvent:]",
                "1.100 touchesShouldBegin [ContentView] 1 touch",
                "1.100 -[ContentView touchesBegan:withEvent:]",
                "1.300 -[ContentView touchesEnded:withEvent:]",
                "1.300 -[ContentView touchesEnded:withEvent:]",
            ])
    }

    // MARK: A refusal holds on every path

    /// `touchesShouldBegin` false on the path where another recognizer releases the touches: the content
    /// gets nothing.
    func testARefusalOnTheReleasePathKeepsTheTouchFromTheContent() {
        scrollView.answer = false
        let tap = UITapGestureRecognizer(action: .log("Tapped"))
        tap.cancelsTouchesInView = false
        controller.view.addGestureRecognizer(tap)
        driver.tap(160, 150, at: 1.0)
        driver.down(200, 150, at: 2.0)
        driver.down(100, 150, at: 2.3, finger: 2)
        driver.frame(at: 2.4, [HIDFrames.finger(1, 200, 150, .up), HIDFrames.finger(2, 100, 150, .up)])
        XCTAssertEqual(
            timedTrace,
            [
                "1.050 Tapped",
                "1.050 touchesShouldBegin [ContentView] 1 touch",
                "2.150 touchesShouldBegin [ContentView] 1 touch",
                "2.300 touchesShouldBegin [ContentView] 1 touch",
            ], "refused on the release path, the timer path and the late-finger path")
    }
}

// MARK: - The table view (its selection is what the content's touches lead to)

/// The same ordering seen through a table view: the row highlights and selects only after the question.
final class TableViewDelayedTouchesOrderTests: XCTestCase {
    private var driver: TouchDriver!
    private var controller: UIViewController!
    private var table: UITableView!
    private var model: TracingTableModel!

    override func setUp() {
        driver = TouchDriver(size: CGSize(width: 320, height: 480))
        controller = driver.installViewController(logs: false)
        table = UITableView(frame: CGRect(x: 0, y: 40, width: 320, height: 440))
        table.logGroups = [.scrolling]
        model = TracingTableModel(recorder: driver.recorder)
        table.delegate = model
        table.dataSource = model
        controller.view.addSubview(table)
    }

    private var timedTrace: [String] {
        driver.recorder.lines.map { String(format: "%.3f ", Double($0.time) / 1e9) + $0.text }
    }

    /// Path: early lift on a row.
    func testEarlyLiftSelectsTheRowAfterTheQuestion() {
        driver.tap(100, 62, at: 1.0)
        XCTAssertEqual(
            timedTrace,
            [
                "1.050 -[UITableView touchesShouldBegin:withEvent:inContentView:]",
                "1.050 highlight 0", "1.050 unhighlight 0", "1.050 willSelect 0", "1.050 select 0",
            ])
    }

    /// Path: a tap recognizer above that does not cancel touches (seed 002's case, as a table): its action,
    /// then the question, then the row's selection.
    func testARecognizerThatDoesNotCancelRecognizesThenTheQuestionThenTheSelection() {
        let tap = UITapGestureRecognizer(action: .log("Tapped"))
        tap.cancelsTouchesInView = false
        controller.view.addGestureRecognizer(tap)
        driver.tap(100, 62, at: 1.0)
        driver.advance(to: 2)
        XCTAssertEqual(
            timedTrace,
            [
                "1.050 Tapped",
                "1.050 -[UITableView touchesShouldBegin:withEvent:inContentView:]",
                "1.050 highlight 0", "1.050 unhighlight 0", "1.050 willSelect 0", "1.050 select 0",
            ])
    }

    /// Path: the timer, then the lift.
    func testTimerPathHighlightsAfterTheQuestion() {
        driver.down(100, 62, at: 1.0)
        driver.up(100, 62, at: 1.5)
        XCTAssertEqual(
            timedTrace,
            [
                "1.150 -[UITableView touchesShouldBegin:withEvent:inContentView:]",
                "1.150 highlight 0",
                "1.500 unhighlight 0", "1.500 willSelect 0", "1.500 select 0",
            ])
    }
}

// MARK: - The scene

/// deploy/scenes/table-tap-no-cancel.yaml, run as app-host runs it: the trace its header comment shows, and
/// the delayed-touches recognizer leaving possible once (no stray decision after its reset).
final class TableTapNoCancelSceneTests: XCTestCase {
    func testTheSceneAsksBeforeTheCellAndTheSelection() throws {
        let scenes = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes")
        let runner = try HeadlessAppRunner(sceneURL: scenes.appendingPathComponent("table-tap-no-cancel.yaml"))
        runner.application.trace.explains = true
        let script = try GestureScript.parse(
            try String(
                contentsOf: scenes.appendingPathComponent("scripts/table-puzzle-quick-tap.gesture"), encoding: .utf8))
        let lines = runner.run(script)
        XCTAssertEqual(
            lines.filter { $0.kind == .call || $0.kind == .line }.map(\.text),
            [
                "View Taped",
                "-[UITableView touchesShouldBegin:withEvent:inContentView:]",
                "-[PlainCell touchesBegan:withEvent:]",
                "didHighlightRowAt 2",
                "-[PlainCell touchesEnded:withEvent:]",
                "didUnhighlightRowAt 2",
                "didSelectRowAt 2",
            ])
        XCTAssertEqual(
            lines.filter { $0.kind == .transition && $0.text.contains("DelayedTouches") }.map(\.text),
            [
                "UIScrollViewDelayedTouchesBeganGestureRecognizer possible → failed",
                "UIScrollViewDelayedTouchesBeganGestureRecognizer failed → possible",
            ])
    }
}

/// Answers `touchesShouldBegin` with `answer` and logs each question with the content views and touch count.
private final class AskingScrollView: UIScrollView {
    var answer = true

    override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
        let count = touches.count == 1 ? "1 touch" : "\(touches.count) touches"
        traceRecorder?.record("touchesShouldBegin [\(view.traceClassName)] \(count)")
        return answer
    }
}

/// A table's data source and delegate that writes its delegate calls into the trace, so they are ordered
/// against the table's own calls.
private final class TracingTableModel: UITableViewDataSource, UITableViewDelegate {
    let recorder: Trace.Recorder
    init(recorder: Trace.Recorder) { self.recorder = recorder }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(text: "Row \(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {
        recorder.record("highlight \(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {
        recorder.record("unhighlight \(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        recorder.record("willSelect \(indexPath.row)")
        return indexPath
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { recorder.record("select \(indexPath.row)") }
}
