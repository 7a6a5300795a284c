import Foundation
import GestureScript
import HeadlessApp
import HIDEvent
import TestSupport
import UIKitModel
import XCTest

/// deploy/scenes/table-puzzle.yaml: a view with a tap recognizer holding a table view and a button. Each input
/// is pinned by its exact trace (with the app-clock time of every line); protocols/puzzles.md says which
/// rule causes each outcome.
final class TablePuzzleTests: XCTestCase {
    /// Plays deploy/scenes/scripts/`name`.gesture, as `app-host run deploy/scenes/table-puzzle.yaml --input` does.
    private func run(script name: String) throws -> [String] {
        let url = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/scripts/\(name).gesture")
        let frames = try GestureScript.parse(try String(contentsOf: url, encoding: .utf8)).frames()
        return try run(frames)
    }

    private func run(_ inputs: [TimedHIDPayload]) throws -> [String] {
        let runner = try HeadlessAppRunner(
            sceneURL: SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/table-puzzle.yaml"))
        return runner.run(inputs).map { String(format: "%.2f ", Double($0.time) / 1e9) + $0.text }
    }

    private func hitRow2(at time: String) -> [String] {
        ["\(time) -[PuzzleCell hitTest:withEvent:]", "\(time) -[PuzzleCell pointInside:withEvent:]"]
    }

    func testQuickTapOnACellIsTheTapRecognizersAndTheCellNeverSeesIt() throws {
        let trace = try run(script: "table-puzzle-quick-tap")
        XCTAssertEqual(
            trace,
            hitRow2(at: "1.00") + [
                "1.00 -[LXFTapGestureRecognizer touchesBegan:withEvent:]"
            ] + hitRow2(at: "1.05") + [
                "1.05 -[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "1.05 View Taped",
            ])
    }

    func testShortPressOnACellHighlightsTheRowThenTheTapCancelsIt() throws {
        let trace = try run(script: "table-puzzle-short-press")
        XCTAssertEqual(
            trace,
            hitRow2(at: "1.00") + [
                "1.00 -[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "1.15 -[PuzzleCell touchesBegan:withEvent:]",
                "1.15 didHighlightRowAt 2",
            ] + hitRow2(at: "1.30") + [
                "1.30 -[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "1.30 View Taped",
                "1.30 -[PuzzleCell touchesCancelled:withEvent:]",
                "1.30 didUnhighlightRowAt 2",
            ])
    }

    func testLongPressOnACellOutlastsTheTapAndSelectsTheRow() throws {
        let trace = try run(script: "table-puzzle-long-press")
        XCTAssertEqual(
            trace,
            hitRow2(at: "1.00") + [
                "1.00 -[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "1.15 -[PuzzleCell touchesBegan:withEvent:]",
                "1.15 didHighlightRowAt 2",
            ] + hitRow2(at: "2.50") + [
                "2.50 -[PuzzleCell touchesEnded:withEvent:]",
                "2.50 didUnhighlightRowAt 2",
                "2.50 didSelectRowAt 2",
            ])
    }

    func testTapOnTheButtonIsTheButtonsDespiteTheTapRecognizer() throws {
        let hitButton = ["-[UIButton hitTest:withEvent:]", "-[UIButton pointInside:withEvent:]"]
        let trace = try run(script: "table-puzzle-button-tap")
        XCTAssertEqual(
            trace,
            hitButton.map { "1.00 " + $0 } + [
                "1.00 -[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "1.00 -[UIButton touchesBegan:withEvent:]",
                "1.00 -[UIButton beginTrackingWithTouch:withEvent:]",
            ] + hitButton.map { "1.05 " + $0 } + [
                "1.05 -[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "1.05 -[UIButton touchesEnded:withEvent:]",
                "1.05 -[UIButton endTrackingWithTouch:withEvent:]",
                "1.05 -[ViewController buttonTapped:]",
                "1.05 Button Tapped",
            ])
    }

    /// The edges of the rules: just under and just over the tap's 0.75 s press limit, and a press that lifts
    /// before the 0.15 s content delay runs out.
    func testThePressLengthsThatSeparateTheOutcomes() throws {
        XCTAssertEqual(UIScrollViewDelayedTouchesBeganGestureRecognizer.delay, 0.15)
        XCTAssertEqual(GestureConstants.tapMaximumPressDuration, 0.75)
        let justUnder = try run(GestureInputs.tap(195, 210, at: 1.0, duration: 0.74))
        XCTAssertEqual(justUnder.suffix(2), ["1.74 -[PuzzleCell touchesCancelled:withEvent:]", "1.74 didUnhighlightRowAt 2"])
        let justOver = try run(GestureInputs.tap(195, 210, at: 1.0, duration: 0.76))
        XCTAssertEqual(justOver.suffix(1), ["1.76 didSelectRowAt 2"])
        let beforeTheDelay = try run(GestureInputs.tap(195, 210, at: 1.0, duration: 0.14))
        XCTAssertEqual(beforeTheDelay.suffix(1), ["1.14 View Taped"])
        XCTAssertFalse(beforeTheDelay.contains { $0.contains("PuzzleCell touches") })
    }
}
