import Foundation
import GestureScript
import HeadlessApp
import HIDEvent
import TestSupport
import UIKitModel
import XCTest

/// A view's `touchesCancelled:withEvent:` record says why (protocols/trace-record.md): a recognizer that
/// recognized with cancelsTouchesInView, a scroll view that began panning, or the HID frame's sender
/// (springboard, the app itself, a source). Its phase is `cancelled` whatever the finger was doing.
final class CancelCauseTests: XCTestCase {
    private let scenes = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes")

    private func runner(_ scene: String) throws -> HeadlessAppRunner {
        let runner = try HeadlessAppRunner(sceneURL: scenes.appendingPathComponent("\(scene).yaml"))
        runner.application.trace.explains = true
        return runner
    }

    private func cancels(_ lines: [Trace.Line]) -> [Trace.Line] {
        lines.filter { $0.selector == "touchesCancelled:withEvent:" }
    }

    /// The table puzzle's short press: the tap recognizes at the lift and takes the cell's touch.
    func testRecognizerCancelNamesItAndItsProperty() throws {
        let script = try String(
            contentsOf: scenes.appendingPathComponent("scripts/table-puzzle-short-press.gesture"), encoding: .utf8)
        let lines = cancels(try runner("table-puzzle").run(try GestureScript.parse(script)))
        XCTAssertEqual(
            lines.map(\.explained),
            [
                "-[PuzzleCell touchesCancelled:withEvent:] touch#1 cancelled (195,210) "
                    + "(tap recognized; cancelsTouchesInView = YES; calls super)"
            ])
        let record = try XCTUnwrap(lines.first)
        XCTAssertEqual(record.phase, "cancelled", "the finger was lifting, but the call is a cancel")
        XCTAssertEqual(record.reason, "tap recognized; cancelsTouchesInView = YES; calls super")
        XCTAssertTrue(record.jsonLine.contains(#""phase":"cancelled","point""#), record.jsonLine)
        // Plain text is unchanged: iOS prints only the call.
        XCTAssertEqual(record.text, "-[PuzzleCell touchesCancelled:withEvent:]")
    }

    /// Continuous recognizers take the touches when they begin, discrete ones when they recognize.
    func testContinuousRecognizersBeginDiscreteOnesRecognize() throws {
        func cancels(_ scene: String, _ script: String) throws -> [String] {
            let text = try String(contentsOf: scenes.appendingPathComponent("scripts/\(script).gesture"), encoding: .utf8)
            return self.cancels(try runner(scene).run(try GestureScript.parse(text))).map(\.explained)
        }
        XCTAssertEqual(
            try cancels("pan-parent", "pan-right"),
            [
                "-[ChildView touchesCancelled:withEvent:] touch#1 cancelled (112,400) "
                    + "(pan began; cancelsTouchesInView = YES; calls super)"
            ])
        XCTAssertEqual(
            try cancels("long-press-swipe", "swipe-then-press"),
            [
                "-[CardView touchesCancelled:withEvent:] touch#1 cancelled (240,400) "
                    + "(swipe recognized; cancelsTouchesInView = YES; calls super)",
                "-[CardView touchesCancelled:withEvent:] touch#2 cancelled (195,400) "
                    + "(press began; cancelsTouchesInView = YES; calls super)",
            ])
    }

    /// A drag on a highlighted cell: the table's pan begins and takes the touch (canCancelContentTouches).
    func testScrollViewPanCancelSaysTheScrollViewTookIt() throws {
        let script = """
            at 1.000 down 1 195 210
            at 1.300 move 1 195 180
            at 1.320 move 1 195 150
            at 1.400 up 1
            """
        let lines = cancels(try runner("table-puzzle").run(try GestureScript.parse(script)))
        XCTAssertEqual(
            lines.map(\.explained),
            [
                "-[PuzzleCell touchesCancelled:withEvent:] touch#1 cancelled (195,180) "
                    + "(UITableView began panning; canCancelContentTouches = YES; calls super)"
            ])
    }

    /// A finger cancelled by its HID frame: the cause is who sent the frame.
    func testHIDCancelNamesItsSender() throws {
        let expectations: [(UInt64, String)] = [
            (0x5342_0000_0000_1234, "springboard cancelled the gesture (its target changed or its source stopped)"),
            (0x4150_0000_0000_0000, "the app cancelled it: the channel to springboard was lost"),
            (0x0000_0042_0000_0007, "its HID frame cancelled it (sender 0x4200000007)"),
        ]
        for (sender, cause) in expectations {
            // A cell of the table (it gets its began after the table's 0.15 s content delay).
            let runner = try runner("table-keyboard-fix")
            runner.feed(
                .digitizer(HIDDigitizerFrame(fingers: [HIDDigitizerEvent(finger: 1, .down, x: 195, y: 210)])), at: 1_000_000_000)
            runner.application.advanceMainLoop(to: 1_300_000_000)
            let cancel = HIDMessage(
                envelope: HIDEnvelope(
                    kind: .digitizer, sequence: 9, senderID: sender, timestamps: HIDHopTimestamps(hardware: 1_300_000_000)),
                payload: .digitizer(HIDDigitizerFrame(fingers: [HIDDigitizerEvent(finger: 1, .cancel, x: 195, y: 210)])))
            runner.application.eventFetcher.receive(cancel)
            runner.application.runMainLoopUntilIdle()
            XCTAssertEqual(
                cancels(runner.application.trace.lines).map(\.explained),
                ["-[ContactCell touchesCancelled:withEvent:] touch#1 cancelled (195,210) (\(cause); calls super)"])
        }
    }
}
