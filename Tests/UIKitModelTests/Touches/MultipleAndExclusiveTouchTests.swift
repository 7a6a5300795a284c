import Foundation
import GestureScript
import HeadlessApp
import TestSupport
import UIKitModel
import XCTest

/// UIView's `isMultipleTouchEnabled` and `isExclusiveTouch` (event-delivery.md §4), from the scenes that show
/// them (deploy/scenes/multiple-touch.yaml, exclusive-touch.yaml).
///
/// Apple: isMultipleTouchEnabled, developer.apple.com/documentation/uikit/uiview/ismultipletouchenabled ("When
/// set to false, the view receives only the first touch event in a multi-touch sequence that start within
/// the view's bounds"); isExclusiveTouch, the "Event Handling Guide for iOS", Multitouch Events, "Specifying
/// Custom Touch Event Behavior" (developer.apple.com/library/archive/documentation/EventHandling/Conceptual/
/// EventHandlingiPhoneOS/multitouch_background/multitouch_background.html).
final class MultipleAndExclusiveTouchTests: XCTestCase {
    private func runner(_ scene: String, explains: Bool = false) throws -> HeadlessAppRunner {
        let scenes = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes")
        let runner = try HeadlessAppRunner(sceneURL: scenes.appendingPathComponent("\(scene).yaml"))
        runner.application.trace.explains = explains
        return runner
    }

    private func script(_ name: String) throws -> GestureScript {
        let url = SharedPaths.packageRoot.appendingPathComponent("deploy/scenes/scripts/\(name).gesture")
        return try GestureScript.parse(try String(contentsOf: url, encoding: .utf8))
    }

    /// A plain UIView subclass (false, UIKit's default) sees the first of two fingers only; a view that sets
    /// it true sees both, the second in a touchesBegan of its own.
    func testMultipleTouchEnabledFalseDeliversOnlyTheFirstFinger() throws {
        let runner = try runner("multiple-touch")
        let lines = runner.run(try script("multiple-touch"))
        XCTAssertEqual(
            lines.map(\.text),
            [
                "-[SketchView touchesBegan:withEvent:]",
                "-[SketchView touchesEnded:withEvent:]",
                "-[PinchCanvas touchesBegan:withEvent:]",
                "-[PinchCanvas touchesBegan:withEvent:]",
                "-[PinchCanvas touchesEnded:withEvent:]",
            ])
        XCTAssertEqual(lines.filter { $0.text.hasPrefix("-[SketchView") }.map(\.touch), [1, 1])
        XCTAssertEqual(runner.application.eventDispatcher.touchesNotDeliveredToViews, 1, "counted")
    }

    /// The refused finger is still hit-tested and its header says why it goes no further.
    func testExplainSaysWhyTheSecondFingerIsNotDelivered() throws {
        let lines = try runner("multiple-touch", explains: true).run(try script("multiple-touch")).map(\.explained)
        let refused = lines.filter { $0.contains("not delivered") }
        XCTAssertEqual(refused.count, 2, "its began and its end")
        XCTAssertTrue(
            refused[0].hasSuffix(
                "touch#2 began (250,250) → SketchView (not delivered: multipleTouchEnabled = NO, SketchView already has touch#1)"),
            refused[0])
        XCTAssertTrue(refused[0].hasPrefix("── t=1.016"), refused[0])
        XCTAssertTrue(refused[1].hasPrefix("── t=1.100"), refused[1])
        // The JSON record (protocols/trace-record.md) carries it as the event record's reason.
        let records = try runner("multiple-touch", explains: true).run(try script("multiple-touch"))
        XCTAssertEqual(
            records.first { $0.kind == .event && $0.touch == 2 }?.reason,
            "not delivered: multipleTouchEnabled = NO, SketchView already has touch#1")
        XCTAssertTrue(
            refused[1].hasSuffix(
                "touch#2 ended (250,250) → SketchView (not delivered: multipleTouchEnabled = NO, SketchView already has touch#1)"),
            refused[1])
    }

    /// A withheld began replayed later (delaysTouchesBegan: the one-finger tap fails when the second finger
    /// lands and releases both) still gives the view only its first touch.
    func testAReplayedBeganIsNotDeliveredEither() throws {
        let runner = try HeadlessAppRunner(
            sceneYAML: """
                windows:
                  - id: window
                    subviews:
                      - id: pad
                        class: PadView
                        frame: [0, 100, 390, 600]
                        log: [touches]
                        touches: consume
                        gestureRecognizers:
                          - {id: tap, kind: tap, delaysTouchesBegan: true, action: {log: "tapped"}}
                """)
        let lines = runner.run(
            try GestureScript.parse("at 1.000 down 1 100 300\nat 1.016 down 2 200 300\nat 1.100 up 1 ; at 1.100 up 2"))
        XCTAssertEqual(lines.map(\.text), ["-[PadView touchesBegan:withEvent:]", "-[PadView touchesEnded:withEvent:]"])
        XCTAssertEqual(lines.map(\.touch), [1, 1])
    }

    /// Two fingers landing in ONE frame on a view with false: one touchesBegan with the first finger only.
    func testTwoFingersInOneFrameGiveTheViewOnlyTheFirst() throws {
        let runner = try runner("multiple-touch")
        let lines = runner.run(try GestureScript.parse("at 1.000 tap 200 250 fingers 2"))
        XCTAssertEqual(lines.map(\.text), ["-[SketchView touchesBegan:withEvent:]", "-[SketchView touchesEnded:withEvent:]"])
        XCTAssertEqual(lines.map(\.touch), [1, 1])
    }

    /// The view's recognizers are not affected: a pinch on a plain view (multipleTouchEnabled false) gets
    /// both fingers and recognizes, while the view's own touch methods see only the first.
    func testRecognizersStillSeeTheFingerTheViewDoesNotGet() throws {
        let runner = try HeadlessAppRunner(
            sceneYAML: """
                windows:
                  - id: window
                    subviews:
                      - id: photo
                        class: PhotoView
                        frame: [0, 100, 390, 600]
                        log: [touches]
                        touches: consume
                        gestureRecognizers:
                          - {id: pinch, kind: pinch, cancelsTouchesInView: false, action: {log: "Pinched", state: true}}
                """)
        let lines = runner.run(try script("pinch-out")).map(\.text)
        XCTAssertEqual(lines.filter { $0.hasPrefix("-[PhotoView touchesBegan") }.count, 1)
        XCTAssertEqual(lines.filter { $0.hasPrefix("-[PhotoView touchesEnded") }.count, 1)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Pinched") && $0.contains("began") }, "\(lines)")
    }

    /// Both orders of landing, from the exclusive-touch scene: a finger holds Keypad, then one taps the
    /// exclusive RecordButton (not delivered: the button is not the only view tracking touches); then a finger
    /// holds RecordButton and one taps Keypad (not delivered: the button is tracking). Keypad's tap recognizer
    /// is not affected: it recognizes the second tap although Keypad never sees it.
    func testExclusiveTouchViewAndASiblingInBothOrders() throws {
        let runner = try runner("exclusive-touch")
        let lines = runner.run(try script("exclusive-touch"))
        XCTAssertEqual(
            lines.map(\.text),
            [
                "-[Keypad touchesBegan:withEvent:]",
                "keypad tapped",
                "-[Keypad touchesEnded:withEvent:]",
                "-[RecordButton touchesBegan:withEvent:]",
                "keypad tapped",
                "-[RecordButton touchesEnded:withEvent:]",
            ])
        XCTAssertEqual(runner.application.eventDispatcher.touchesNotDeliveredToViews, 2)
    }

    func testExplainSaysWhichViewHoldsExclusiveTouch() throws {
        let lines = try runner("exclusive-touch", explains: true).run(try script("exclusive-touch")).map(\.explained)
        XCTAssertEqual(
            lines.filter { $0.contains("not delivered") && $0.contains(" began ") }.map { line in
                line.range(of: "touch#").map { String(line[$0.upperBound...]) } ?? line
            },
            [
                "2 began (100,175) → RecordButton (not delivered: exclusiveTouch = YES, Keypad is tracking touch#1)",
                "4 began (300,175) → Keypad (not delivered: exclusiveTouch: RecordButton is tracking touch#3)",
            ])
    }

    /// With RecordButton's exclusiveTouch back to false, the same script gives both views every touch.
    func testWithoutExclusiveTouchBothViewsReceive() throws {
        let runner = try runner("exclusive-touch")
        runner.scene.view("record")?.isExclusiveTouch = false
        let lines = runner.run(try script("exclusive-touch")).map(\.text)
        XCTAssertEqual(lines.filter { $0.hasPrefix("-[RecordButton touchesBegan") }.count, 2)
        XCTAssertEqual(lines.filter { $0.hasPrefix("-[Keypad touchesBegan") }.count, 2)
    }
}
