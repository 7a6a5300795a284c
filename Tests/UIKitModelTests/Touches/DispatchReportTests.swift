import HIDEvent
import RunLoopKit
import UIKitModel
import XCTest

/// The dispatcher's side of an app host's ack handshake: every message received with a delivery token is
/// reported once it went through `sendEvent`, with its times and whether it was coalesced into a later event;
/// messages without one are dispatched and never reported.
final class DispatchReportTests: XCTestCase {
    /// Sends `messages` with the given tokens (nil: none), lets the event source0 run once, and takes the report.
    private func dispatch(_ app: DirectApp, _ messages: [(HIDMessage, UInt64?)]) -> [UIEventDispatcher.Dispatched] {
        for (message, token) in messages { app.application.eventFetcher.receive(message, delivery: token) }
        app.application.runLoop.runUntilIdle(mode: .default)
        var report: [UIEventDispatcher.Dispatched] = []
        app.application.eventDispatcher.takeDispatched(into: &report)
        return report
    }

    func testEveryTokenIsReportedOnceInOrderWithTheTimesOfItsEvent() {
        let app = DirectApp()
        app.clock.set(to: 5_000)
        let tap = HIDFrames.tap(10, 10, at: 1.0)
        let report = dispatch(app, [(tap[0], 7), (tap[1], 8)])
        XCTAssertEqual(report.map(\.delivery), [7, 8])
        XCTAssertEqual(report.map(\.coalesced), [false, false])
        XCTAssertEqual(report.map(\.started), [5_000, 5_000], "the run-loop clock's time around sendEvent")
        XCTAssertEqual(report.map(\.finished), [5_000, 5_000])

        var again: [UIEventDispatcher.Dispatched] = []
        app.application.eventDispatcher.takeDispatched(into: &again)
        XCTAssertTrue(again.isEmpty, "taken once")
    }

    func testMessagesWithoutATokenAreDispatchedButNotReported() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let app = DirectApp(root: view)
        let tap = HIDFrames.tap(10, 10, at: 1.0)
        let report = dispatch(app, [(tap[0], nil), (tap[1], 3)])
        XCTAssertEqual(report.map(\.delivery), [3])
        XCTAssertNil(app.application.eventDispatcher.touchesEvent, "both frames went through: the sequence ended")
    }

    func testQueuedMovesCoalescedIntoOneEventAreReportedWithItsTimes() {
        let app = DirectApp()
        let down = HIDFrames.frame(at: 1.00, [HIDFrames.finger(1, 10, 10, .down)], sequence: 1)
        let moves = (1...3).map { i in
            HIDFrames.frame(at: 1.0 + Double(i) / 100, [HIDFrames.finger(1, 10 + Float(i), 10, .move)], sequence: UInt64(1 + i))
        }
        _ = dispatch(app, [(down, 1)])
        let report = dispatch(app, zip(moves, [2, 3, 4]).map { ($0, $1) })
        XCTAssertEqual(report.map(\.delivery), [2, 3, 4])
        XCTAssertEqual(report.map(\.coalesced), [true, true, false], "the first two folded into the third")
        XCTAssertEqual(Set(report.map(\.started)).count, 1, "one sendEvent for the three")
    }
}
