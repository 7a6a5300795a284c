import AppScene
import Foundation
import HeadlessApp
import TestSupport
import UIKitModel
import XCTest

/// The deploy/scenes gesture examples, run by the headless runner (in-process port, manual clock).
final class GestureSceneTests: XCTestCase {
    private func runner(_ scene: String) throws -> HeadlessAppRunner {
        try HeadlessAppRunner(sceneURL: SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/\(scene).yaml"))
    }

    private func isHitTesting(_ line: String) -> Bool {
        line.hasSuffix(" hitTest:withEvent:]") || line.hasSuffix(" pointInside:withEvent:]")
    }

    private func timed(_ lines: [Trace.Line]) -> [String] {
        lines.map { "\(Double($0.time) / 1e9) \($0.text)" }
    }

    func testTapOverYellow() throws {
        let lines = try runner("tap-over-yellow").run(GestureInputs.tap(195, 400, at: 1)).map(\.text)
        let hitTest = ["-[YellowView hitTest:withEvent:]", "-[YellowView pointInside:withEvent:]"]
        XCTAssertEqual(
            lines,
            hitTest + [
                "-[LXFTapGestureRecognizer touchesBegan:withEvent:]",
                "-[YellowView touchesBegan:withEvent:]",
            ] + hitTest + [
                "-[LXFTapGestureRecognizer touchesEnded:withEvent:]",
                "View Taped",
                "-[YellowView touchesCancelled:withEvent:]",
            ])
        XCTAssertEqual(lines.filter { !isHitTesting($0) }.count, 5)
    }

    private let panPath: [(Float, Float)] = [(100, 400), (104, 400), (108, 400), (112, 400), (120, 400), (124, 400)]

    func testPanParentDefaults() throws {
        let lines = try runner("pan-parent").run(GestureInputs.path(panPath, at: 1, interval: 0.02))
        XCTAssertEqual(
            timed(lines).filter { !isHitTesting(String($0.split(separator: " ", maxSplits: 1)[1])) },
            [
                "1.0 -[UIPanGestureRecognizer touchesBegan:withEvent:]",
                "1.0 -[ChildView touchesBegan:withEvent:]",
                "1.02 -[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "1.02 -[ChildView touchesMoved:withEvent:]",
                "1.04 -[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "1.04 -[ChildView touchesMoved:withEvent:]",
                "1.06 -[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "1.06 Panned began translation=(12, 0) velocity=(200, 0)",
                "1.06 -[ChildView touchesCancelled:withEvent:]",
                "1.08 -[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "1.08 Panned changed translation=(20, 0) velocity=(400, 0)",
                "1.1 -[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "1.1 Panned changed translation=(24, 0) velocity=(200, 0)",
                "1.1 -[UIPanGestureRecognizer touchesEnded:withEvent:]",
                "1.1 Panned ended translation=(24, 0) velocity=(200, 0)",
            ])
    }

    func testPanParentWithCancelsTouchesInViewFalse() throws {
        let runner = try runner("pan-parent")
        runner.scene.gestureRecognizer("pan")!.cancelsTouchesInView = false
        let lines = runner.run(GestureInputs.path(panPath, at: 1, interval: 0.02)).map(\.text).filter { !isHitTesting($0) }
        XCTAssertEqual(
            lines,
            [
                "-[UIPanGestureRecognizer touchesBegan:withEvent:]",
                "-[ChildView touchesBegan:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "-[ChildView touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "-[ChildView touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "Panned began translation=(12, 0) velocity=(200, 0)",
                "-[ChildView touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "Panned changed translation=(20, 0) velocity=(400, 0)",
                "-[ChildView touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "Panned changed translation=(24, 0) velocity=(200, 0)",
                "-[ChildView touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesEnded:withEvent:]",
                "Panned ended translation=(24, 0) velocity=(200, 0)",
                "-[ChildView touchesEnded:withEvent:]",
            ])
    }

    func testPanParentWithDelaysTouchesBegan() throws {
        let runner = try runner("pan-parent")
        runner.scene.gestureRecognizer("pan")!.delaysTouchesBegan = true
        let lines = runner.run(GestureInputs.path(panPath, at: 1, interval: 0.02)).map(\.text).filter { !isHitTesting($0) }
        XCTAssertEqual(
            lines,
            [
                "-[UIPanGestureRecognizer touchesBegan:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "Panned began translation=(12, 0) velocity=(200, 0)",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "Panned changed translation=(20, 0) velocity=(400, 0)",
                "-[UIPanGestureRecognizer touchesMoved:withEvent:]",
                "Panned changed translation=(24, 0) velocity=(200, 0)",
                "-[UIPanGestureRecognizer touchesEnded:withEvent:]",
                "Panned ended translation=(24, 0) velocity=(200, 0)",
            ])
    }

    func testTapChainOneTwoThreeTaps() throws {
        let one = try runner("tap-chain").run(GestureInputs.tap(195, 400, at: 1))
        XCTAssertEqual(timed(one), ["1.4 single tap"])
        let two = try runner("tap-chain").run(GestureInputs.tap(195, 400, at: 1) + GestureInputs.tap(195, 400, at: 1.2))
        XCTAssertEqual(timed(two), ["1.6 double tap"])
        let three = try runner("tap-chain").run(
            GestureInputs.tap(195, 400, at: 1) + GestureInputs.tap(195, 400, at: 1.2) + GestureInputs.tap(195, 400, at: 1.4))
        XCTAssertEqual(timed(three), ["1.45 triple tap"])
    }

    func testDoubleTapDelaysTouchesEnded() throws {
        let twoTaps = GestureInputs.tap(195, 400, at: 1) + GestureInputs.tap(195, 400, at: 1.3)
        let held = try runner("double-tap-delays-ended").run(twoTaps).filter { !isHitTesting($0.text) }
        XCTAssertEqual(
            timed(held),
            [
                "1.0 -[TapView touchesBegan:withEvent:]",
                "1.2 -[TapView touchesEnded:withEvent:]",
                "1.3 -[TapView touchesBegan:withEvent:]",
                "1.35 Double Tapped",
                "1.35 -[TapView touchesCancelled:withEvent:]",
            ])
        let runner = try runner("double-tap-delays-ended")
        runner.scene.gestureRecognizer("doubleTap")!.delaysTouchesEnded = false
        let immediate = runner.run(twoTaps).filter { !isHitTesting($0.text) }
        XCTAssertEqual(
            timed(immediate),
            [
                "1.0 -[TapView touchesBegan:withEvent:]",
                "1.05 -[TapView touchesEnded:withEvent:]",
                "1.3 -[TapView touchesBegan:withEvent:]",
                "1.35 Double Tapped",
                "1.35 -[TapView touchesCancelled:withEvent:]",
            ])
    }

    func testPinchAndRotateTogether() throws {
        let lines = try runner("pinch-rotate").run(
            GestureInputs.twoFingers(
                [
                    ((145, 400), (245, 400)),  // 100 apart, horizontal
                    ((195, 325), (195, 475)),  // 150 apart, vertical: both begin
                    ((195, 300), (195, 500)),  // 200 apart
                ], at: 1, interval: 0.1))
        XCTAssertEqual(
            lines.map(\.text),
            [
                "Pinched began scale=1.500 velocity=5.000",
                "Rotated began rotation=1.5708 velocity=15.708",
                "Pinched changed scale=2.000 velocity=5.000",
                "Rotated changed rotation=1.5708 velocity=0.000",
                "Pinched ended scale=2.000 velocity=5.000",
                "Rotated ended rotation=1.5708 velocity=0.000",
            ])
    }

    func testLongPressAndSwipe() throws {
        let press = try runner("long-press-swipe").run([
            GestureInputs.frame(at: 1, [HIDFrames.finger(1, 195, 400, .down)]),
            GestureInputs.frame(at: 2, [HIDFrames.finger(1, 195, 400, .up)]),
        ]).filter { !isHitTesting($0.text) }
        XCTAssertEqual(
            timed(press),
            [
                "1.0 -[CardView touchesBegan:withEvent:]",
                "1.5 Long press began",
                "1.5 -[CardView touchesCancelled:withEvent:]",
                "2.0 Long press ended",
            ])
        let swipe = try runner("long-press-swipe").run(
            GestureInputs.path([(300, 400), (280, 400), (250, 400), (220, 400)], at: 1, interval: 0.02)
        ).filter { !isHitTesting($0.text) }
        XCTAssertEqual(
            timed(swipe),
            [
                "1.0 -[CardView touchesBegan:withEvent:]",
                "1.02 -[CardView touchesMoved:withEvent:]",
                "1.04 Swiped location=(250, 400) touches=1",
                "1.04 -[CardView touchesCancelled:withEvent:]",
            ])
    }

    func testSceneErrorsNameThePath() throws {
        let yaml = """
            windows:
              - subviews:
                  - id: v
                    gestureRecognizers:
                      - {kind: tap, numberOfTapsRequired: 0}
            """
        XCTAssertThrowsError(try HeadlessAppRunner(sceneYAML: yaml)) { error in
            XCTAssertEqual(
                "\(error)",
                "windows[0].subviews[0].gestureRecognizers[0].numberOfTapsRequired: expected an integer of at least 1, found \"0\""
            )
        }
        let unknown = yaml.replacingOccurrences(of: "numberOfTapsRequired: 0", with: "requireToFail: nope")
        XCTAssertThrowsError(try HeadlessAppRunner(sceneYAML: unknown)) { error in
            XCTAssertEqual(
                "\(error)",
                "windows[0].subviews[0].gestureRecognizers[0].requireToFail: no gesture recognizer with id 'nope' (no recognizer has an id)"
            )
        }
        let badKind = yaml.replacingOccurrences(of: "kind: tap", with: "kind: fling")
        XCTAssertThrowsError(try HeadlessAppRunner(sceneYAML: badKind)) { error in
            XCTAssertTrue(
                "\(error)".hasPrefix("windows[0].subviews[0].gestureRecognizers[0].kind: expected one of tap, longPress"))
        }
        let twoTaps = """
            windows:
              - subviews:
                  - id: v
                    gestureRecognizers:
                      - {id: one, kind: tap, delegate: {simultaneousWith: [two, three]}}
                      - {id: two, kind: tap}
            """
        XCTAssertThrowsError(try HeadlessAppRunner(sceneYAML: twoTaps)) { error in
            XCTAssertEqual(
                "\(error)",
                "windows[0].subviews[0].gestureRecognizers[0].delegate.simultaneousWith[1]: no gesture recognizer with id 'three' (recognizer ids: one, two)"
            )
        }
        let duplicate = twoTaps.replacingOccurrences(of: "id: two", with: "id: v")
        XCTAssertThrowsError(try HeadlessAppRunner(sceneYAML: duplicate)) { error in
            XCTAssertEqual("\(error)", "windows[0].subviews[0].gestureRecognizers[1].id: duplicate id 'v'")
        }
        let badKey = yaml.replacingOccurrences(of: "numberOfTapsRequired: 0", with: "minimumPressDuration: 1")
        XCTAssertThrowsError(try HeadlessAppRunner(sceneYAML: badKey)) { error in
            XCTAssertTrue("\(error)".hasPrefix("windows[0].subviews[0].gestureRecognizers[0].minimumPressDuration: unknown key"))
        }
    }
}
