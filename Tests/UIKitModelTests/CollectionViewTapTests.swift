import Foundation
import GestureScript
import HeadlessApp
import HIDEvent
import TestSupport
import UIKitModel
import XCTest

/// Seed 002's case: a collection-view cell under a tap recognizer on an ancestor
/// (deploy/scenes/collection-view-tap-cancels.yaml and -passes.yaml, item 4 centred at (195, 290)).
/// `cancelsTouchesInView = true` (developer.apple.com/documentation/uikit/uigesturerecognizer/cancelstouchesinview):
/// only the recognizer's action; `false`: the recognizer's action, then the cell's selection. The collection
/// view is a scroll view, so its cells' touchesBegan is withheld for 0.15 s (`delaysContentTouches`,
/// developer.apple.com/documentation/uikit/uiscrollview/delayscontenttouches) exactly as for the table puzzle
/// (TablePuzzleTests); each trace carries the app-clock time of every line.
final class CollectionViewTapTests: XCTestCase {
    private func run(_ scene: String, _ inputs: [TimedHIDPayload]) throws -> [String] {
        let runner = try HeadlessAppRunner(
            sceneURL: SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/collection-view-tap-\(scene).yaml"))
        return runner.run(inputs).map { String(format: "%.2f ", Double($0.time) / 1e9) + $0.text }
    }

    /// deploy/scenes/scripts/collection-view-tap.gesture (a 0.05 s tap on item 4).
    private func runScript(_ scene: String) throws -> [String] {
        let url = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/scripts/collection-view-tap.gesture")
        return try run(scene, try GestureScript.parse(try String(contentsOf: url, encoding: .utf8)).frames())
    }

    private func press(_ scene: String, _ duration: Double) throws -> [String] {
        try run(scene, GestureInputs.tap(195, 290, at: 1.0, duration: duration))
    }

    func testCancelsTouchesInViewTrueAQuickTapIsOnlyTheRecognizers() throws {
        XCTAssertEqual(
            try runScript("cancels"),
            [
                "1.00 -[UITapGestureRecognizer touchesBegan:withEvent:]",
                "1.05 -[UITapGestureRecognizer touchesEnded:withEvent:]",
                "1.05 View Tapped",
            ])
    }

    func testCancelsTouchesInViewFalseAQuickTapIsTheRecognizersActionThenTheSelection() throws {
        XCTAssertEqual(
            try runScript("passes"),
            [
                "1.00 -[UITapGestureRecognizer touchesBegan:withEvent:]",
                "1.05 -[UITapGestureRecognizer touchesEnded:withEvent:]",
                "1.05 View Tapped",
                "1.05 -[PhotoCell touchesBegan:withEvent:]",
                "1.05 shouldHighlightItemAt 4",
                "1.05 didHighlightItemAt 4",
                "1.05 -[PhotoCell touchesEnded:withEvent:]",
                "1.05 didUnhighlightItemAt 4",
                "1.05 shouldSelectItemAt 4",
                "1.05 didSelectItemAt 4",
            ])
    }

    /// A 0.3 s press: the item highlights when the content delay ends; the tap (shorter than its 0.75 s limit)
    /// recognizes at the lift and cancels the cell's touch: the highlight goes, nothing is selected.
    func testCancelsTouchesInViewTrueAShortPressHighlightsThenTheTapCancelsIt() throws {
        XCTAssertEqual(
            try press("cancels", 0.3),
            [
                "1.00 -[UITapGestureRecognizer touchesBegan:withEvent:]",
                "1.15 -[PhotoCell touchesBegan:withEvent:]",
                "1.15 shouldHighlightItemAt 4",
                "1.15 didHighlightItemAt 4",
                "1.30 -[UITapGestureRecognizer touchesEnded:withEvent:]",
                "1.30 View Tapped",
                "1.30 -[PhotoCell touchesCancelled:withEvent:]",
                "1.30 didUnhighlightItemAt 4",
            ])
    }

    /// Without cancelling, the same press ends in the selection after the action (the held touchesEnded is
    /// released when the tap recognizes: `delaysTouchesEnded`).
    func testCancelsTouchesInViewFalseAShortPressSelectsAfterTheAction() throws {
        XCTAssertEqual(
            try press("passes", 0.3),
            [
                "1.00 -[UITapGestureRecognizer touchesBegan:withEvent:]",
                "1.15 -[PhotoCell touchesBegan:withEvent:]",
                "1.15 shouldHighlightItemAt 4",
                "1.15 didHighlightItemAt 4",
                "1.30 -[UITapGestureRecognizer touchesEnded:withEvent:]",
                "1.30 View Tapped",
                "1.30 -[PhotoCell touchesEnded:withEvent:]",
                "1.30 didUnhighlightItemAt 4",
                "1.30 shouldSelectItemAt 4",
                "1.30 didSelectItemAt 4",
            ])
    }

    /// A press longer than the tap's 0.75 s fails the tap: both scenes select the item and print no action.
    func testALongPressOutlastsTheTapAndSelectsInBothScenes() throws {
        for scene in ["cancels", "passes"] {
            XCTAssertEqual(
                try press(scene, 1.0),
                [
                    "1.00 -[UITapGestureRecognizer touchesBegan:withEvent:]",
                    "1.15 -[PhotoCell touchesBegan:withEvent:]",
                    "1.15 shouldHighlightItemAt 4",
                    "1.15 didHighlightItemAt 4",
                    "2.00 -[PhotoCell touchesEnded:withEvent:]",
                    "2.00 didUnhighlightItemAt 4",
                    "2.00 shouldSelectItemAt 4",
                    "2.00 didSelectItemAt 4",
                ], scene)
        }
    }

    /// Two quick taps on different items with cancelsTouchesInView false: the second deselects the first
    /// (single selection) before selecting itself.
    func testASecondItemDeselectsTheFirst() throws {
        let trace = try run(
            "passes", GestureInputs.tap(195, 290, at: 1.0) + GestureInputs.tap(65, 160, at: 2.0))
        XCTAssertEqual(
            trace.filter { $0.hasPrefix("2.") && !$0.contains("Recognizer") },
            [
                "2.05 View Tapped",
                "2.05 -[PhotoCell touchesBegan:withEvent:]",
                "2.05 shouldHighlightItemAt 0",
                "2.05 didHighlightItemAt 0",
                "2.05 -[PhotoCell touchesEnded:withEvent:]",
                "2.05 didUnhighlightItemAt 0",
                "2.05 shouldSelectItemAt 0",
                "2.05 didDeselectItemAt 4",
                "2.05 didSelectItemAt 0",
            ])
    }
}
