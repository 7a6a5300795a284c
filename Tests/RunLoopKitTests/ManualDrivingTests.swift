import RunLoopKit
import XCTest

/// `advance(to:)`, `runUntilIdle()` and `run` with a manual clock: the rules the headless runner
/// and gesture tests rely on.
final class ManualDrivingTests: XCTestCase {
    func testAdvanceHandlesWhatEachTimerCausesBeforeMovingTheClockOn() throws {
        let clock = ManualClock(now: 0)
        let loop = EventRunLoop(clock: clock)
        let port = try InProcessPort<String>()
        let log = TestLog()
        let source = RunLoopSource0 { log.append("source0 @\(clock.now)") }
        loop.add(source, mode: .default)
        loop.add(
            RunLoopSource1(port: port.port) {
                while let text = port.receive() { log.append("\(text) @\(clock.now)") }
                source.signal()
            }, mode: .default)
        loop.add(
            RunLoopTimer(fireAt: 10) { _ in
                log.append("timer @\(clock.now)")
                port.send("frame")
            }, mode: .default)
        loop.add(RunLoopTimer(fireAt: 20) { _ in log.append("timer @\(clock.now)") }, mode: .default)
        loop.add(RunLoopTimer(fireAt: 100) { _ in log.append("timer @\(clock.now)") }, mode: .default)

        XCTAssertEqual(loop.advance(to: 100), .timedOut)

        XCTAssertEqual(log.lines, ["timer @10", "frame @10", "source0 @10", "timer @20", "timer @100"])
        XCTAssertEqual(clock.now, 100)
    }

    func testAdvanceByAndAnEmptyModeJustMoveTheClock() {
        let clock = ManualClock(now: 7)
        let loop = EventRunLoop(clock: clock)
        XCTAssertEqual(loop.advance(by: 93), .finished)
        XCTAssertEqual(clock.now, 100)
    }

    func testRunUntilIdleAndAdvanceIntoThePastDoNotMoveTime() {
        let clock = ManualClock(now: 100)
        let loop = EventRunLoop(clock: clock)
        var fired = false
        loop.add(RunLoopTimer(fireAt: 150) { _ in fired = true }, mode: .default)
        XCTAssertEqual(loop.runUntilIdle(), .timedOut)
        XCTAssertEqual(loop.advance(to: 50), .timedOut)
        XCTAssertEqual(clock.now, 100)
        XCTAssertFalse(fired)
        XCTAssertEqual(loop.advance(to: 150), .finished, "the one-shot timer was the last item")
        XCTAssertTrue(fired)
    }

    func testAStopDuringAdvanceLeavesTheClockWhereItStopped() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        loop.add(RunLoopSource0 {}, mode: .default)
        loop.add(RunLoopTimer(fireAt: 40) { _ in loop.stop() }, mode: .default)
        XCTAssertEqual(loop.advance(to: 100), .stopped)
        XCTAssertEqual(clock.now, 40)
    }

    func testRunWithoutTimersOrDeadlineWaitsForRealIOEvenWithAManualClock() throws {
        let clock = ManualClock(now: 5)
        let loop = EventRunLoop(clock: clock)
        let port = try InProcessPort<Int>()
        var received: [Int] = []
        loop.add(RunLoopSource1(port: port.port) { while let value = port.receive() { received.append(value) } }, mode: .default)
        loop.add(
            RunLoopObserver(activities: .beforeWaiting, repeats: false) { _ in
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) { port.send(42) }
            }, mode: .default)

        XCTAssertEqual(loop.run(mode: .default, until: nil, returnAfterSourceHandled: true), .handledSource)
        XCTAssertEqual(received, [42])
        XCTAssertEqual(clock.now, 5)
    }
}
