import AppInspection
import AppScene
import Foundation
import GestureScript
import HeadlessApp
import TestSupport
import UIKitModel
import XCTest

/// deploy/scenes/screen-edge-pan.yaml (`kind: screenEdgePan`, edges [left, bottom]) played headless, and the
/// scene key's errors.
final class ScreenEdgePanSceneTests: XCTestCase {
    private let sceneURL = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/screen-edge-pan.yaml")

    private func run(_ script: String) throws -> [String] {
        let runner = try HeadlessAppRunner(sceneURL: sceneURL)
        return runner.run(try GestureScript.parse(script).frames()).map {
            String(format: "%.2f ", Double($0.time) / 1e9) + $0.text
        }
    }

    private let hit = ["-[PageView hitTest:withEvent:]", "-[PageView pointInside:withEvent:]"]

    /// deploy/scenes/scripts/screen-edge-pan-left.gesture: in from the left edge, 20 points a step.
    func testTheLeftEdgeScriptBeginsAtTheFirstMoveAndCancelsThePage() throws {
        let url = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/scripts/screen-edge-pan-left.gesture")
        let trace = try run(try String(contentsOf: url, encoding: .utf8))
        XCTAssertEqual(
            trace,
            hit.map { "1.00 " + $0 } + [
                "1.00 -[UIScreenEdgePanGestureRecognizer touchesBegan:withEvent:]",
                "1.00 -[PageView touchesBegan:withEvent:]",
                "1.02 -[UIScreenEdgePanGestureRecognizer touchesMoved:withEvent:]",
                "1.02 Edge panned began translation=(20, 0) velocity=(1000, 0)",
                "1.02 -[PageView touchesCancelled:withEvent:]",
                "1.04 -[UIScreenEdgePanGestureRecognizer touchesMoved:withEvent:]",
                "1.04 Edge panned changed translation=(40, 0) velocity=(1000, 0)",
                "1.06 -[UIScreenEdgePanGestureRecognizer touchesMoved:withEvent:]",
                "1.06 Edge panned changed translation=(60, 0) velocity=(1000, 0)",
                "1.08 -[UIScreenEdgePanGestureRecognizer touchesMoved:withEvent:]",
                "1.08 Edge panned changed translation=(80, 0) velocity=(1000, 0)",
            ] + hit.map { "1.10 " + $0 } + [
                "1.10 -[UIScreenEdgePanGestureRecognizer touchesEnded:withEvent:]",
                "1.10 Edge panned ended translation=(100, 0) velocity=(1000, 0)",
            ])
    }

    /// The right edge is not in `edges`: the same drag mirrored fails the recognizer at touch-down.
    func testTheRightEdgeIsNotInEdgesAndThePageKeepsTheTouch() throws {
        let trace = try run("at 1.000 drag 385 400 -> 285 400 duration 0.1 steps 5")
        XCTAssertEqual(
            trace.filter { !$0.contains("hitTest") && !$0.contains("pointInside") },
            [
                "1.00 -[UIScreenEdgePanGestureRecognizer touchesBegan:withEvent:]",
                "1.00 -[PageView touchesBegan:withEvent:]",
                "1.02 -[PageView touchesMoved:withEvent:]",
                "1.04 -[PageView touchesMoved:withEvent:]",
                "1.06 -[PageView touchesMoved:withEvent:]",
                "1.08 -[PageView touchesMoved:withEvent:]",
                "1.10 -[PageView touchesEnded:withEvent:]",
            ])
    }

    /// Headless there is no springboard: a swipe up from the bottom edge is the app's pan to the end (under
    /// springboard it is cancelled at 100 points: ScreenEdgePanSystemGestureTests).
    func testAPanUpFromTheBottomEdgeBegins() throws {
        let trace = try run("at 1.000 drag 200 840 -> 200 740 duration 0.1 steps 5")
        XCTAssertEqual(
            trace.filter { $0.contains("Edge panned") },
            [
                "1.02 Edge panned began translation=(0, -20) velocity=(0, -1000)",
                "1.04 Edge panned changed translation=(0, -40) velocity=(0, -1000)",
                "1.06 Edge panned changed translation=(0, -60) velocity=(0, -1000)",
                "1.08 Edge panned changed translation=(0, -80) velocity=(0, -1000)",
                "1.10 Edge panned ended translation=(0, -100) velocity=(0, -1000)",
            ])
    }

    func testEdgesIsRequiredAndNamesTheEdges() {
        func error(_ recognizer: String) -> String? {
            let yaml = "windows:\n  - subviews:\n      - gestureRecognizers:\n          - \(recognizer)\n"
            do {
                _ = try SceneLoader().load(yaml: yaml)
                return nil
            } catch {
                return "\(error)"
            }
        }
        let at = "windows[0].subviews[0].gestureRecognizers[0]"
        XCTAssertEqual(error("{kind: screenEdgePan}"), "\(at): missing required key 'edges'")
        XCTAssertEqual(
            error("{kind: screenEdgePan, edges: [left, middle]}"),
            #"\#(at).edges[1]: expected one of top, left, bottom, right, all, found "middle""#)
        XCTAssertEqual(error("{kind: screenEdgePan, edges: []}"), "\(at).edges: expected at least one edge, found a list")
        XCTAssertNil(error("{kind: screenEdgePan, edges: all}"))
        XCTAssertNil(error("{kind: screenEdgePan, edges: [top, right]}"))
    }

    func testTheTreeShowsTheEdges() throws {
        let scene = try SceneLoader().load(contentsOf: sceneURL)
        let edgePan = try XCTUnwrap(scene.gestureRecognizer("edgePan") as? UIScreenEdgePanGestureRecognizer)
        XCTAssertEqual(edgePan.edges, [.left, .bottom])
        XCTAssertEqual(
            SceneTree.describe(scene).split(separator: "\n").last,
            "   · recognizer UIScreenEdgePanGestureRecognizer #edgePan edges=[left,bottom]")
    }
}
