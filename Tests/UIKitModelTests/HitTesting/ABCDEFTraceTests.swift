import XCTest
import UIKitModel

/// The A..F hierarchy of event-delivery.md section 3 (deploy/scenes/abcdef.yaml).
final class ABCDEFTraceTests: XCTestCase {
    static let hitTestPassToE = [
        "-[AView hitTest:withEvent:]",
        "-[AView pointInside:withEvent:]",
        "-[CView hitTest:withEvent:]",
        "-[CView pointInside:withEvent:]",
        "-[FView hitTest:withEvent:]",
        "-[FView pointInside:withEvent:]",
        "-[EView hitTest:withEvent:]",
        "-[EView pointInside:withEvent:]",
    ]

    func testTapOnEPrintsTheHitTestPassTwice() throws {
        let app = try SceneFixture("abcdef")
        app.send(HIDFrames.tap(115, 495, at: 1))
        XCTAssertEqual(
            app.trace,
            Self.hitTestPassToE + ["-[EView touchesBegan:withEvent:]"]
                + Self.hitTestPassToE + ["-[EView touchesEnded:withEvent:]"])
    }

    func testBeganHalfAloneIsNineLines() throws {
        let app = try SceneFixture("abcdef")
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 115, 495, .down)])])
        XCTAssertEqual(app.trace, Self.hitTestPassToE + ["-[EView touchesBegan:withEvent:]"])
    }

    /// The rule: a hit-test pass for each finger whose phase is began or ended, none for moved frames.
    func testMovesAreNotHitTested() throws {
        let app = try SceneFixture("abcdef")
        app.view("E").overrides[.touchesMoved] = .callSuper
        app.send([
            HIDFrames.frame(at: 1.00, [HIDFrames.finger(1, 115, 495, .down)]),
            HIDFrames.frame(at: 1.02, [HIDFrames.finger(1, 118, 497, .move)]),
            HIDFrames.frame(at: 1.04, [HIDFrames.finger(1, 121, 499, .move)]),
            HIDFrames.frame(at: 1.06, [HIDFrames.finger(1, 121, 499, .up)]),
        ])
        XCTAssertEqual(
            app.trace,
            Self.hitTestPassToE + [
                "-[EView touchesBegan:withEvent:]",
                "-[EView touchesMoved:withEvent:]",
                "-[EView touchesMoved:withEvent:]",
            ] + Self.hitTestPassToE + ["-[EView touchesEnded:withEvent:]"])
    }

    /// The ended pass runs where the finger lifts, but delivery stays with the view chosen at began.
    func testEndedPassDoesNotMoveDeliveryToTheViewUnderTheFinger() throws {
        let app = try SceneFixture("abcdef")
        app.send([
            HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, 115, 495, .down)]),
            HIDFrames.frame(at: 1.1, [HIDFrames.finger(1, 275, 495, .move)]),
            HIDFrames.frame(at: 1.2, [HIDFrames.finger(1, 275, 495, .up)]),
        ])
        XCTAssertEqual(
            app.trace,
            Self.hitTestPassToE + ["-[EView touchesBegan:withEvent:]"] + [
                "-[AView hitTest:withEvent:]",
                "-[AView pointInside:withEvent:]",
                "-[CView hitTest:withEvent:]",
                "-[CView pointInside:withEvent:]",
                "-[FView hitTest:withEvent:]",
                "-[FView pointInside:withEvent:]",
                "-[EView touchesEnded:withEvent:]",
            ])
    }

    /// A cancelled touch is not hit-tested again.
    func testCancelIsNotHitTested() throws {
        let app = try SceneFixture("abcdef")
        app.view("E").overrides[.touchesCancelled] = .callSuper
        app.send([
            HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, 115, 495, .down)]),
            HIDFrames.frame(at: 1.1, [HIDFrames.finger(1, 115, 495, .cancel)]),
        ])
        XCTAssertEqual(
            app.trace,
            Self.hitTestPassToE + [
                "-[EView touchesBegan:withEvent:]",
                "-[EView touchesCancelled:withEvent:]",
            ])
    }

    func testTapOnDGoesThroughB() throws {
        let app = try SceneFixture("abcdef")
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 100, 180, .down)])])
        XCTAssertEqual(
            app.trace,
            [
                "-[AView hitTest:withEvent:]",
                "-[AView pointInside:withEvent:]",
                "-[CView hitTest:withEvent:]",
                "-[CView pointInside:withEvent:]",
                "-[BView hitTest:withEvent:]",
                "-[BView pointInside:withEvent:]",
                "-[DView hitTest:withEvent:]",
                "-[DView pointInside:withEvent:]",
            ])
        XCTAssertIdentical(app.application.eventDispatcher.touchesEvent?.allTouches?.first?.view, app.view("D"))
    }

    func testTraceLinesCarryTheClockTime() throws {
        let app = try SceneFixture("abcdef")
        app.clock.set(to: 5_000_000_000)
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 115, 495, .down)])])
        XCTAssertEqual(app.application.trace.lines.count, 9)
        XCTAssertTrue(app.application.trace.lines.allSatisfy { $0.time == 5_000_000_000 })
    }
}
