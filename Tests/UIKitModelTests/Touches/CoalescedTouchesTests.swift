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

    /// Documented rule (developer.apple.com/documentation/uikit/uievent/coalescedtouches(for:)): "The order of the objects in the array matches
    /// the order in which the touches were reported to the system, with the last touch being a copy of the
    /// same touch you specified".
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

    /// Documented rule (developer.apple.com/documentation/uikit/uievent/coalescedtouches(for:)): "The return value is nil if the object in the
    /// touch parameter is not associated with the current event."
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

    /// Documented rule (developer.apple.com/documentation/uikit/uievent/coalescedtouches(for:)): the last
    /// touch is "a copy of the same touch you specified": another object, with the main touch's phase,
    /// location, previous location and timestamp.
    func testTheLastCoalescedTouchIsACopyOfTheMainTouch() throws {
        final class CopyCheckingView: UIView {
            var checks: [String] = []
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
                guard let touch = touches.first, let last = event?.coalescedTouches(for: touch)?.last else { return }
                checks.append(
                    [
                        last === touch ? "same object" : "a copy",
                        last.phase == touch.phase ? "phase" : "phase differs",
                        last.location(in: nil) == touch.location(in: nil) ? "location" : "location differs",
                        last.previousLocation(in: nil) == touch.previousLocation(in: nil) ? "previous" : "previous differs",
                        last.timestamp == touch.timestamp ? "timestamp" : "timestamp differs",
                    ].joined(separator: ", "))
            }
        }
        let view = CopyCheckingView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let app = DirectApp(root: view)
        app.send([HIDFrames.frame(at: 1.00, [HIDFrames.finger(1, 10, 10, .down)])])
        let samples = [HIDFrames.frame(at: 1.01, [HIDFrames.finger(1, 11, 10, .move)], sequence: 2)]
        app.application.eventFetcher.receive(
            HIDFrames.frame(at: 1.02, [HIDFrames.finger(1, 12, 10, .move)], sequence: 3), coalesced: samples)
        app.application.runLoop.runUntilIdle(mode: .default)
        XCTAssertEqual(view.checks, ["a copy, phase, location, previous, timestamp"])
    }

    // MARK: Moves queued in the app (UIKit's own coalescing)

    /// Records every touches call as `began x`, `moved x [samples]`, `ended x`.
    private final class PhaseView: UIView {
        var calls: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            calls.append("began \(Int(touches.first!.location(in: nil).x))")
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            let touch = touches.first!
            let samples = event?.coalescedTouches(for: touch)?.map { "\(Int($0.location(in: nil).x))" } ?? []
            calls.append("moved \(Int(touch.location(in: nil).x)) [\(samples.joined(separator: " "))]")
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            calls.append("ended \(Int(touches.first!.location(in: nil).x))")
        }
    }

    /// A handler that runs the loop (nested) while a frame arrives: the frame waits for the pass in progress,
    /// which sends it once the handler returns, once.
    func testAFrameReceivedInANestedRunIsSentAfterTheHandlerReturnsAndOnlyOnce() {
        final class NestingView: UIView {
            var calls: [String] = []
            var during: (() -> Void)?
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                calls.append("began")
                let nested = during
                during = nil
                nested?()
                calls.append("began returns")
            }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
                calls.append("moved \(Int(touches.first!.location(in: nil).x))")
            }
        }
        let view = NestingView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let app = DirectApp(root: view)
        view.during = {
            app.application.eventFetcher.receive(HIDFrames.frame(at: 1.01, [HIDFrames.finger(1, 120, 300, .move)]))
            app.application.runLoop.runUntilIdle(mode: .default)
        }
        app.send([HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, 100, 300, .down)])])
        XCTAssertEqual(view.calls, ["began", "began returns", "moved 120"])
    }

    /// Queues `frames` in the app before its event source0 runs once (the main thread fell behind).
    private func queueThenRun(_ app: DirectApp, _ frames: [HIDMessage]) -> [Int] {
        for (token, frame) in zip(1..., frames) { app.application.eventFetcher.receive(frame, delivery: UInt64(token)) }
        app.application.runLoop.runUntilIdle(mode: .default)
        var report: [UIEventDispatcher.Dispatched] = []
        app.application.eventDispatcher.takeDispatched(into: &report)
        XCTAssertEqual(report.map(\.delivery), (1...UInt64(frames.count)).map { $0 }, "every frame reported once, in order")
        // Each sent event: the received frames coalesced into it, and its own.
        var dispatches: [Int] = []
        var run = 0
        for dispatched in report {
            run += 1
            if !dispatched.coalesced {
                dispatches.append(run)
                run = 0
            }
        }
        return dispatches
    }

    private func drag(from x: Float, moves: Int, sequence: UInt64 = 1) -> [HIDMessage] {
        var frames = [HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, x, 10, .down)], sequence: sequence)]
        for i in 1...moves {
            frames.append(
                HIDFrames.frame(
                    at: 1.0 + Double(i) / 100, [HIDFrames.finger(1, x + Float(i), 10, .move)], sequence: sequence + UInt64(i)))
        }
        frames.append(
            HIDFrames.frame(
                at: 1.0 + Double(moves + 1) / 100, [HIDFrames.finger(1, x + Float(moves), 10, .up)],
                sequence: sequence + UInt64(moves + 1)))
        return frames
    }

    func testMovesQueuedBehindEachOtherBecomeOneTouchesMovedWithTheirSamples() {
        let view = PhaseView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let app = DirectApp(root: view)
        let dispatches = queueThenRun(app, drag(from: 10, moves: 4))

        // The down and the up are never folded; the four moves queued between them are one event.
        XCTAssertEqual(view.calls, ["began 10", "moved 14 [11 12 13 14]", "ended 14"])
        XCTAssertEqual(dispatches, [1, 4, 1], "each sent event and the received frames it stands for")
        XCTAssertEqual(app.application.eventDispatcher.framesCoalescedInQueue, 3)
    }

    func testMovesOfDifferentFingersOrSendersAreNotFolded() {
        let view = PhaseView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let app = DirectApp(root: view)
        app.send([HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, 10, 10, .down)], sequence: 1)])
        var other = HIDFrames.frame(at: 1.02, [HIDFrames.finger(1, 12, 10, .move)], sequence: 1)
        other.envelope.senderID += 1
        let dispatches = queueThenRun(
            app,
            [
                HIDFrames.frame(at: 1.01, [HIDFrames.finger(1, 11, 10, .move)], sequence: 2),
                other,
                // A second finger comes down: a began, never folded, and the frames around it keep their own events.
                HIDFrames.frame(at: 1.03, [HIDFrames.finger(1, 13, 10, .move), HIDFrames.finger(2, 50, 10, .down)], sequence: 3),
                HIDFrames.frame(at: 1.04, [HIDFrames.finger(1, 14, 10, .move), HIDFrames.finger(2, 51, 10, .move)], sequence: 4),
            ])
        XCTAssertEqual(dispatches, [1, 1, 1, 1])
        XCTAssertEqual(app.application.eventDispatcher.framesCoalescedInQueue, 0)
    }

    func testAFingerThatMovedOnlyInAnEarlierQueuedFrameIsStillMoved() {
        let view = PhaseView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let app = DirectApp(root: view)
        app.send([HIDFrames.frame(at: 1.0, [HIDFrames.finger(1, 10, 10, .down)], sequence: 1)])
        // The newest frame says the finger kept still; the queued one before it moved it: the event is a move.
        let dispatches = queueThenRun(
            app,
            [
                HIDFrames.frame(at: 1.01, [HIDFrames.finger(1, 11, 10, .move)], sequence: 2),
                HIDFrames.frame(at: 1.02, [HIDFrames.finger(1, 11, 10, .stationary)], sequence: 3),
            ])
        XCTAssertEqual(dispatches, [2])
        XCTAssertEqual(view.calls, ["began 10", "moved 11 [11 11]"])
    }

    func testWithCoalescingOffEveryQueuedFrameIsItsOwnEvent() {
        let view = PhaseView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let app = DirectApp(root: view)
        app.application.eventDispatcher.coalescesQueuedMoves = false
        let dispatches = queueThenRun(app, drag(from: 10, moves: 3))
        XCTAssertEqual(view.calls, ["began 10", "moved 11 [11]", "moved 12 [12]", "moved 13 [13]", "ended 13"])
        XCTAssertEqual(dispatches, [1, 1, 1, 1, 1])
        XCTAssertEqual(app.application.eventDispatcher.framesCoalescedInQueue, 0)
    }
}
