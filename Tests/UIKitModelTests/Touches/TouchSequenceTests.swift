import XCTest
import Foundation
@testable import UIKitModel

final class TouchSequenceTests: XCTestCase {
    private func makeApp() -> (DirectApp, RecordingView) {
        let view = RecordingView()
        // These tests follow every finger of a sequence through one view, so the view asks for them all
        // (UIKit's default, false, would give it only the first; MultipleAndExclusiveTouchTests).
        view.isMultipleTouchEnabled = true
        return (DirectApp(root: view), view)
    }

    func testTwoFingersInOneFrameArriveInOneTouchesBegan() {
        let (app, view) = makeApp()
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 100, 100, .down), HIDFrames.finger(2, 200, 100, .down)])])
        XCTAssertEqual(view.summary, ["began 2"])
        XCTAssertEqual(view.calls[0].allTouchesCount, 2)
    }

    func testTwoFingersInTwoFramesArriveInTwoCallsOfOneEvent() throws {
        let (app, view) = makeApp()
        app.send([
            HIDFrames.frame(at: 1.000, [HIDFrames.finger(1, 100, 100, .down)]),
            HIDFrames.frame(at: 1.016, [HIDFrames.finger(1, 100, 100, .stationary), HIDFrames.finger(2, 200, 100, .down)]),
            HIDFrames.frame(at: 1.032, [HIDFrames.finger(1, 110, 100, .move), HIDFrames.finger(2, 200, 100, .stationary)]),
            HIDFrames.frame(at: 1.048, [HIDFrames.finger(1, 110, 100, .up), HIDFrames.finger(2, 200, 100, .up)]),
        ])
        XCTAssertEqual(view.summary, ["began 1", "began 1", "moved 1", "ended 2"])
        let event = try XCTUnwrap(view.calls[0].event)
        XCTAssertTrue(view.calls.allSatisfy { $0.event === event }, "one UIEvent for the whole sequence")
        XCTAssertEqual(view.calls.map(\.allTouchesCount), [1, 2, 2, 2])
        XCTAssertEqual(view.calls[2].touches.first?.transducerIndex, 1, "the stationary finger is not delivered")
        XCTAssertNil(app.application.eventDispatcher.touchesEvent, "the event ends with its last touch")
    }

    func testANewSequenceGetsANewEvent() {
        let (app, view) = makeApp()
        app.send(HIDFrames.tap(100, 100, at: 1))
        app.send(HIDFrames.tap(300, 600, at: 2))
        XCTAssertEqual(view.summary, ["began 1", "ended 1", "began 1", "ended 1"])
        XCTAssertFalse(view.calls[0].event === view.calls[2].event)
    }

    func testTouchStateLocationsAndTimestamps() throws {
        let inner = RecordingView(frame: CGRect(x: 50, y: 60, width: 200, height: 200))
        let (app, root) = makeApp()
        root.addSubview(inner)
        app.send([
            HIDFrames.frame(at: 2.0, [HIDFrames.finger(7, 100, 100, .down)]),
            HIDFrames.frame(at: 2.5, [HIDFrames.finger(7, 120, 130, .move)]),
        ])
        XCTAssertTrue(root.calls.isEmpty)
        let touch = try XCTUnwrap(inner.calls.last?.touches.first)
        XCTAssertEqual(touch.phase, .moved)
        XCTAssertEqual(touch.transducerIndex, 7)
        XCTAssertEqual(touch.timestamp, 2.5, accuracy: 1e-9)
        XCTAssertEqual(touch.location(in: nil), CGPoint(x: 120, y: 130))
        XCTAssertEqual(touch.location(in: inner), CGPoint(x: 70, y: 70))
        XCTAssertEqual(touch.previousLocation(in: inner), CGPoint(x: 50, y: 40))
        XCTAssertIdentical(touch.view, inner)
        XCTAssertIdentical(touch.window, app.window)
        let event = try XCTUnwrap(inner.calls.last?.event)
        XCTAssertEqual(event.touches(for: inner)?.count, 1)
        XCTAssertEqual(event.touches(for: root)?.count, 0)
        XCTAssertEqual(event.touches(for: app.window)?.count, 1)
        XCTAssertEqual(event.timestamp, 2.5, accuracy: 1e-9)
    }

    func testQuickSecondTapAtTheSamePlaceHasTapCountTwo() {
        let (app, view) = makeApp()
        app.send(HIDFrames.tap(100, 100, at: 1.0))  // ends at 1.05
        app.send(HIDFrames.tap(104, 98, at: 1.3))  // 0.25 s later, 4.5 points away
        app.send(HIDFrames.tap(100, 100, at: 1.6))
        XCTAssertEqual(view.calls.filter { $0.phase == .began }.map { $0.touches.first!.tapCount }, [1, 2, 3])
    }

    func testFarAwayOrLateSecondTapStartsAgain() {
        let (app, view) = makeApp()
        app.send(HIDFrames.tap(100, 100, at: 1.0))
        app.send(HIDFrames.tap(200, 100, at: 1.2))  // quick but 100 points away
        app.send(HIDFrames.tap(200, 100, at: 1.65))  // same place as the last, 0.4 s after its end
        app.send(HIDFrames.tap(200, 140, at: 1.8))  // 40 points away, 0.1 s: continues
        XCTAssertEqual(view.calls.filter { $0.phase == .began }.map { $0.touches.first!.tapCount }, [1, 1, 1, 2])
    }

    func testCancelledTouchDoesNotContinueATapCount() {
        let (app, view) = makeApp()
        app.send([
            HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, 100, 100, .down)]),
            HIDFrames.frame(at: 1.05, [HIDFrames.finger(1, 100, 100, .cancel)]),
        ])
        app.send(HIDFrames.tap(100, 100, at: 1.1))
        XCTAssertEqual(view.summary, ["began 1", "cancelled 1", "began 1", "ended 1"])
        XCTAssertEqual(view.calls[2].touches.first?.tapCount, 1)
    }

    /// The stream-verifier rule: moves and ends for a finger that never went down are dropped.
    func testFingersWithoutADownAreIgnored() {
        let (app, view) = makeApp()
        app.send([
            HIDFrames.frame(at: 1, [HIDFrames.finger(3, 100, 100, .move)]),
            HIDFrames.frame(at: 1.1, [HIDFrames.finger(3, 100, 100, .up)]),
        ])
        XCTAssertTrue(view.calls.isEmpty)
        XCTAssertNil(app.application.eventDispatcher.touchesEvent)
    }

    func testDeliveryStateIsRecordedPerTouch() throws {
        let (app, view) = makeApp()
        app.send([HIDFrames.frame(at: 1, [HIDFrames.finger(1, 100, 100, .down)])])
        let touch = try XCTUnwrap(view.calls.first?.touches.first)
        XCTAssertTrue(touch.viewReceivedBegan)
        XCTAssertEqual(touch.phaseDeliveredToView, .began)
        app.send([HIDFrames.frame(at: 1.1, [HIDFrames.finger(1, 100, 100, .up)])])
        XCTAssertEqual(touch.phaseDeliveredToView, .ended)
        XCTAssertTrue(touch.viewIsDone)
    }
}
