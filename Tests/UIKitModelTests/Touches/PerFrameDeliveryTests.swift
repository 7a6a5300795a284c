import HIDEvent
import RunLoopKit
import UIKitModel
import XCTest

/// The display (FrameClock): events held between vsyncs and delivered at the start of the next frame, moves
/// coalesced into one touchesMoved per frame, predicted touches, missed frames and touch-to-present latency, all
/// on the manual clock. Sources: WWDC15 session 233 ("iOS will still deliver new touch events at the beginning of
/// a new frame"), developer.apple.com/documentation/uikit/getting-high-fidelity-input-with-coalesced-touches,
/// developer.apple.com/documentation/uikit/uiupdateactionphase (event dispatch, display link, commit).
final class PerFrameDeliveryTests: XCTestCase {
    /// Every touch call: the phase, the clock at the call, the touch's x, its coalesced samples' x, the predicted x.
    private final class FrameView: UIView {
        struct Call: Equatable {
            var phase: String
            var time: UInt64
            var x: CGFloat
            var samples: [CGFloat]
            var predicted: [CGFloat]
        }
        var calls: [Call] = []
        /// The first touchesMoved takes this long (the manual clock moves on inside the handler).
        var firstMoveCost: UInt64 = 0
        var clock: ManualClock?
        var lastPredicted: [UITouch] = []
        var predictionsReplaced = 0

        private func note(_ phase: String, _ touches: Set<UITouch>, _ event: UIEvent?) {
            guard let touch = touches.first, let event else { return }
            let predicted = event.predictedTouches(for: touch) ?? []
            if !lastPredicted.isEmpty, !predicted.contains(where: { p in lastPredicted.contains { $0 === p } }) {
                predictionsReplaced += 1
            }
            lastPredicted = predicted
            calls.append(
                Call(
                    phase: phase, time: clock?.now ?? 0, x: touch.location(in: nil).x,
                    samples: (event.coalescedTouches(for: touch) ?? []).map { $0.location(in: nil).x },
                    predicted: predicted.map { $0.location(in: nil).x }))
        }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches, event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            note("moved", touches, event)
            if firstMoveCost > 0, let clock {
                clock.set(to: clock.now + firstMoveCost)
                firstMoveCost = 0
            }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches, event) }
    }

    private let vsync60: [UInt64] = (0...12).map { UInt64($0) * 1_000_000_000 / 60 }

    private func makeApp(hz: UInt32) -> (DirectApp, FrameView, FrameClock) {
        let view = FrameView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let app = DirectApp(root: view)
        view.clock = app.clock
        let display = FrameClock(application: app.application, refreshHz: hz)
        display.keepsFrames = true
        return (app, view, display)
    }

    /// Feeds each message at its hardware time (vsyncs due before it fire first), then runs on to `end`.
    private func feed(_ app: DirectApp, _ messages: [HIDMessage], end: UInt64) {
        for message in messages {
            app.application.runLoop.advance(to: message.envelope.timestamps.hardware, mode: .default)
            app.application.eventFetcher.receive(message)
            app.application.runLoop.runUntilIdle(mode: .default)
        }
        app.application.runLoop.advance(to: end, mode: .default)
    }

    /// A one-finger drag: down at 1 ms at x 96, then 16 moves at 240 Hz from 17 ms (x 100, 104, ...), up at 85 ms.
    private func drag240() -> [HIDMessage] {
        var messages = [HIDFrames.frame(at: 0.001, [HIDFrames.finger(1, 96, 200, .down)], sequence: 1)]
        for i in 0..<16 {
            messages.append(
                HIDFrames.frame(
                    at: 0.017 + Double(i) / 240, [HIDFrames.finger(1, 100 + 4 * Float(i), 200, .move)], sequence: UInt64(2 + i)))
        }
        messages.append(HIDFrames.frame(at: 0.085, [HIDFrames.finger(1, 160, 200, .up)], sequence: 18))
        return messages
    }

    func test240HzDragOn60HzDisplayGivesOneMovePerFrameWithFourSamples() {
        let (app, view, display) = makeApp(hz: 60)
        feed(app, drag240(), end: 200_000_000)
        XCTAssertEqual(view.calls.map(\.phase), ["began", "moved", "moved", "moved", "moved", "ended"])
        // Each at the start of a frame: the vsyncs at 16.67, 33.33, 50, 66.67, 83.33 and 100 ms.
        XCTAssertEqual(view.calls.map(\.time), Array(vsync60[1...6]))
        let moves = view.calls.filter { $0.phase == "moved" }
        XCTAssertEqual(
            moves.map(\.samples), [[100, 104, 108, 112], [116, 120, 124, 128], [132, 136, 140, 144], [148, 152, 156, 160]])
        XCTAssertEqual(moves.map(\.x), moves.map { $0.samples.last! }, "the last sample is the touch")
        XCTAssertEqual(app.application.eventDispatcher.samplesDelivered, 6)
        XCTAssertEqual(app.application.eventDispatcher.samplesCoalesced, 12)
        XCTAssertEqual(display.framesPresented, 6)
        XCTAssertEqual(display.framesMissed, 0)
    }

    func test120HzDragOn120HzDisplayGivesOneSamplePerFrame() {
        let (app, view, display) = makeApp(hz: 120)
        var messages = [HIDFrames.frame(at: 0.001, [HIDFrames.finger(1, 100, 200, .down)], sequence: 1)]
        for i in 0..<8 {
            messages.append(
                HIDFrames.frame(
                    at: 0.009 + Double(i) / 120, [HIDFrames.finger(1, 110 + 10 * Float(i), 200, .move)], sequence: UInt64(2 + i)))
        }
        feed(app, messages, end: 200_000_000)
        let moves = view.calls.filter { $0.phase == "moved" }
        XCTAssertEqual(moves.count, 8)
        XCTAssertEqual(moves.map(\.samples), (0..<8).map { [110 + 10 * CGFloat($0)] })
        XCTAssertEqual(moves.map(\.time), (2...9).map { UInt64($0) * 1_000_000_000 / 120 })
        XCTAssertEqual(app.application.eventDispatcher.samplesCoalesced, 0)
        XCTAssertEqual(display.framesMissed, 0)
    }

    /// A down 1 ms after a vsync waits for the next vsync and gets an event of its own; a move in the same frame
    /// follows it in that frame's dispatch, never merged with it (WWDC15 233: touches are delivered at the
    /// beginning of a frame; only Pencil's low-latency phase group dispatches mid-frame, UIUpdateLink's
    /// wantsLowLatencyEventDispatch).
    func testADownOneMillisecondAfterAVsyncIsDispatchedAtTheNextVsyncInItsOwnEvent() {
        let (app, view, _) = makeApp(hz: 60)
        let down = Double(vsync60[1]) / 1e9 + 0.001
        feed(
            app,
            [
                HIDFrames.frame(at: down, [HIDFrames.finger(1, 100, 200, .down)], sequence: 1),
                HIDFrames.frame(at: down + 0.005, [HIDFrames.finger(1, 104, 200, .move)], sequence: 2),
            ], end: 100_000_000)
        XCTAssertEqual(view.calls.map(\.phase), ["began", "moved"])
        XCTAssertEqual(view.calls.map(\.time), [vsync60[2], vsync60[2]])
        XCTAssertEqual(view.calls.map(\.samples), [[100], [104]])
    }

    func testPredictedTouchesExistDuringADragAndAreReplacedAtTheNextEvent() {
        let (app, view, _) = makeApp(hz: 60)
        feed(app, drag240(), end: 200_000_000)
        let moves = view.calls.filter { $0.phase == "moved" }
        // 4 pt every 1/240 s = 960 pt/s; one frame (1/60 s) ahead is 16 pt past the touch.
        for move in moves {
            XCTAssertEqual(move.predicted.count, 1)
            XCTAssertEqual(move.predicted[0], move.x + 16, accuracy: 0.01)
        }
        XCTAssertEqual(view.calls.first?.predicted, [], "a touch that has not moved has no prediction")
        XCTAssertEqual(view.calls.last?.predicted, [], "an ended touch has none")
        XCTAssertEqual(view.predictionsReplaced, 4, "each event's predictions are new objects; the old ones are gone")
    }

    /// The first move's handler takes 1.5 frames (25 ms): the vsync at 50 ms finds the app busy (missed, counted);
    /// the moves that came meanwhile are coalesced into the next frame's one touchesMoved.
    func testAHandlerTakingOneAndAHalfFramesMissesAFrame() {
        let (app, view, display) = makeApp(hz: 60)
        view.firstMoveCost = 25_000_000
        feed(app, drag240(), end: 200_000_000)
        XCTAssertEqual(view.calls.map(\.phase), ["began", "moved", "moved", "moved", "ended"])
        XCTAssertEqual(view.calls.map(\.time), [vsync60[1], vsync60[2], vsync60[4], vsync60[5], vsync60[6]])
        XCTAssertEqual(
            view.calls.map(\.samples),
            [[96], [100, 104, 108, 112], [116, 120, 124, 128, 132, 136, 140, 144], [148, 152, 156, 160], [160]])
        XCTAssertEqual(display.framesMissed, 1)
        XCTAssertEqual(display.presentedFrames.map(\.number), [1, 2, 4, 5, 6])
        XCTAssertEqual(display.presentedFrames.map(\.missed), [0, 1, 0, 0, 0])
        // Frame 2 committed at 58.33 ms: the first vsync after it is 66.67 ms, on screen one frame later.
        XCTAssertEqual(display.presentedFrames[1].committed, vsync60[2] + 25_000_000)
        XCTAssertEqual(display.presentedFrames[1].presented, vsync60[5])
    }

    /// Touch-to-present: hardware time to the present of the first frame that shows the event. A down at 1 ms is
    /// dispatched at 16.67 ms, committed then, and on screen at the vsync after next (render delay 1): 50 ms.
    func testTouchToPresentIsTheFramesExpectedExactly() {
        let (app, _, display) = makeApp(hz: 60)
        feed(app, drag240(), end: 200_000_000)
        let latency = display.touchToPresent()
        XCTAssertEqual(latency[.down], [vsync60[3] - 1_000_000])
        XCTAssertEqual(latency[.up], [vsync60[8] - 85_000_000])
        let moveTimes = (0..<16).map { UInt64(((0.017 + Double($0) / 240) * 1e9).rounded()) }
        let presents = (0..<16).map { vsync60[4 + $0 / 4] }
        XCTAssertEqual(latency[.move], zip(presents, moveTimes).map { $0 - $1 })
        XCTAssertEqual(display.presentedFrames.map(\.presented), Array(vsync60[3...8]))
    }

    /// Without a display (immediate dispatch) every frame is its own touchesMoved, as before.
    func testImmediateDispatchDeliversEveryMove() {
        let view = FrameView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let app = DirectApp(root: view)
        feed(app, drag240(), end: 200_000_000)
        XCTAssertEqual(view.calls.filter { $0.phase == "moved" }.count, 16)
        XCTAssertNil(app.application.display)
    }
}
