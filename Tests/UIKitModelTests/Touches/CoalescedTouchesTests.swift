import HIDEvent
import UIKitModel
import XCTest

/// `UIEvent.coalescedTouches(for:)`: the samples springboard folded into a frame reach the app as separate
/// touches, oldest first, ending with the main touch's state; touchesMoved sees only the newest position.
final class CoalescedTouchesTests: XCTestCase {
    /// Records, on each touchesMoved, the main touch's location and the coalesced touches' locations.
    private final class SamplingView: UIView {
        var moves: [(main: CGPoint, previous: CGPoint, samples: [CGPoint], timestamps: [TimeInterval])] = []

        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            guard let touch = touches.first, let event else { return }
            let samples = event.coalescedTouches(for: touch) ?? []
            moves.append(
                (
                    touch.location(in: nil), touch.previousLocation(in: nil), samples.map { $0.location(in: nil) },
                    samples.map(\.timestamp)
                ))
        }
    }

    func testSamplesArriveInOrderAndTheLastOneIsTheMainTouch() throws {
        let view = SamplingView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let app = DirectApp(root: view)
        app.send([HIDFrames.frame(at: 1.00, [HIDFrames.finger(1, 10, 10, .down)])])
        // One event at 1.04 carrying the moves of 1.01, 1.02 and 1.03.
        let samples = (1...3).map { i in
            HIDFrames.frame(at: 1.0 + Double(i) / 100, [HIDFrames.finger(1, 10 + Float(i), 10, .move)], sequence: UInt64(1 + i))
        }
        let newest = HIDFrames.frame(at: 1.04, [HIDFrames.finger(1, 14, 10, .move)], sequence: 5)
        app.application.eventFetcher.receive(newest, coalesced: samples)
        app.application.runLoop.runUntilIdle(mode: .default)
        app.send([HIDFrames.frame(at: 1.05, [HIDFrames.finger(1, 15, 10, .move)])])

        XCTAssertEqual(view.moves.count, 2, "one touchesMoved per event, not per sample")
        let first = try XCTUnwrap(view.moves.first)
        XCTAssertEqual(first.main, CGPoint(x: 14, y: 10))
        XCTAssertEqual(first.previous, CGPoint(x: 10, y: 10), "previous location: the last event's, as UIKit")
        XCTAssertEqual(
            first.samples, [CGPoint(x: 11, y: 10), CGPoint(x: 12, y: 10), CGPoint(x: 13, y: 10), CGPoint(x: 14, y: 10)])
        XCTAssertEqual(first.timestamps.map { ($0 * 100).rounded() }, [101, 102, 103, 104])
        XCTAssertEqual(view.moves[1].samples, [CGPoint(x: 15, y: 10)], "no coalescing: just the touch itself")
    }

    func testATouchOutsideTheEventHasNoCoalescedTouches() {
        let view = SamplingView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let app = DirectApp(root: view)
        app.send([
            HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, 10, 10, .down)]),
            HIDFrames.frame(at: 1.1, [HIDFrames.finger(1, 12, 10, .move)]),
        ])
        let otherEvent = UIEvent(type: .touches)
        let touch = app.application.eventDispatcher.touchesEvent?.allTouches?.first
        XCTAssertNotNil(touch)
        XCTAssertNil(otherEvent.coalescedTouches(for: touch!))
    }
}
