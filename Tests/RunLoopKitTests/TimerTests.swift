@testable import RunLoopKit
import XCTest

final class TimerTests: XCTestCase {
    func testDueTimersFireInDeadlineOrderEachAtItsOwnTime() {
        let clock = ManualClock(now: 0)
        let loop = EventRunLoop(clock: clock)
        let log = TestLog()
        // Equal deadlines fire in the order the timers were added; `order` is ignored, as CF ignores it.
        for (name, fireAt, order) in [("t30", 30, 0), ("t10", 10, 0), ("t20-added-first", 20, 1), ("t20-added-second", 20, 0)] {
            loop.add(
                RunLoopTimer(fireAt: UInt64(fireAt), order: order) { _ in log.append("\(name) @\(clock.now)") }, mode: .default)
        }
        loop.add(RunLoopSource0 {}, mode: .default)

        XCTAssertEqual(loop.advance(to: 100), .timedOut)

        XCTAssertEqual(log.lines, ["t10 @10", "t20-added-first @20", "t20-added-second @20", "t30 @30"])
        XCTAssertEqual(clock.now, 100)
    }

    func testARescheduledTimerGoesAfterTimersAlreadyDueAtTheSameTime() {
        let clock = ManualClock(now: 0)
        let loop = EventRunLoop(clock: clock)
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        loop.add(RunLoopTimer(fireAt: 10, interval: 10, name: "repeating") { _ in }, mode: .default)
        loop.add(RunLoopTimer(fireAt: 20, name: "one-shot") { _ in }, mode: .default)
        let moved = RunLoopTimer(fireAt: 5, name: "moved") { _ in }
        loop.add(moved, mode: .default)
        moved.fireDate = 20  // rescheduled: goes after the one-shot

        loop.advance(to: 20)

        // At 10 the repeating timer was rescheduled to 20, after the two timers already set for 20.
        XCTAssertEqual(
            tracer.lines.filter { $0.hasPrefix("timer") },
            [
                "timer fired repeating", "timer fired one-shot", "timer fired moved", "timer fired repeating",
            ])
    }

    func testTimersAlreadyDueFireTogetherInDeadlineOrderAfterOneWake() {
        let clock = ManualClock(now: 0)
        let loop = EventRunLoop(clock: clock)
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        for (name, fireAt) in [("c", 30), ("a", 10), ("b", 20)] {
            loop.add(RunLoopTimer(fireAt: UInt64(fireAt), name: name) { _ in }, mode: .default)
        }
        loop.add(RunLoopSource0 {}, mode: .default)
        clock.set(to: 50)

        loop.runUntilIdle()

        XCTAssertEqual(
            tracer.lines,
            [
                "entry default",
                "before timers", "before sources", "before waiting", "after waiting",
                "timer fired a", "timer fired b", "timer fired c",
                "before timers", "before sources", "before waiting", "after waiting",
                "exit default",
            ])
    }

    func testALateRepeatingTimerSkipsMissedFiresInsteadOfBursting() {
        let clock = ManualClock(now: 0)
        let loop = EventRunLoop(clock: clock)
        var fires: [UInt64] = []
        let timer = RunLoopTimer(fireAt: 100, interval: 100) { _ in fires.append(clock.now) }
        loop.add(timer, mode: .default)

        loop.advance(to: 250)
        XCTAssertEqual(fires, [100, 200], "driven by the loop, each fire is on time")
        XCTAssertEqual(timer.fireDate, 300)

        clock.advance(by: 1_000)  // now 1250: the fires at 300...1200 were missed
        loop.runUntilIdle()
        XCTAssertEqual(fires, [100, 200, 1_250], "one late fire, not ten")
        XCTAssertEqual(timer.fireDate, 1_300, "next point of the grid after now (CF)")

        clock.set(to: 1_300)  // exactly on the grid: the next fire is one interval later, not now
        loop.runUntilIdle()
        XCTAssertEqual(fires, [100, 200, 1_250, 1_300])
        XCTAssertEqual(timer.fireDate, 1_400)
        XCTAssertTrue(timer.isValid)
    }

    func testATimerNeverFiresFromACalloutThatTookLongButAfterTheNextWake() {
        let clock = ManualClock(now: 0)
        let loop = EventRunLoop(clock: clock)
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        let slow = RunLoopSource0(name: "slow") { clock.advance(by: 50) }  // "sleeps" past the timer
        loop.add(slow, mode: .default)
        loop.add(RunLoopTimer(fireAt: 10, name: "T") { _ in }, mode: .default)
        slow.signal()

        loop.runUntilIdle()

        XCTAssertEqual(
            tracer.lines,
            [
                "entry default",
                "before timers", "before sources", "source0 fired slow",
                "timer fired T",  // step 8 of the same turn: the poll found the timer port due
                "before timers", "before sources", "before waiting", "after waiting",
                "exit default",
            ])
        XCTAssertEqual(tracer.records[4].time, 50)
    }

    func testOneShotTimerIsInvalidatedAfterItsCalloutAndInvalidateStopsARepeatingOne() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        loop.add(RunLoopSource0 {}, mode: .default)
        var oneShotFires = 0
        let oneShot = RunLoopTimer(fireAt: 5) { timer in
            oneShotFires += 1
            XCTAssertTrue(timer.isValid, "still valid inside its callout (CF invalidates after)")
        }
        var repeatingFires = 0
        let repeating = RunLoopTimer(fireAt: 10, interval: 10) { timer in
            repeatingFires += 1
            if repeatingFires == 3 { timer.invalidate() }
        }
        loop.add(oneShot, mode: .default)
        loop.add(repeating, mode: .common)

        loop.advance(to: 100)

        XCTAssertEqual(oneShotFires, 1)
        XCTAssertFalse(oneShot.isValid)
        XCTAssertFalse(loop.contains(oneShot, mode: .default))
        XCTAssertEqual(repeatingFires, 3)
        XCTAssertFalse(repeating.isValid)
        XCTAssertFalse(loop.contains(repeating, mode: .tracking))
    }

    func testACalloutMayRescheduleItsRepeatingTimerLater() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        var fires: [UInt64] = []
        let timer = RunLoopTimer(fireAt: 10, interval: 10) { timer in
            fires.append(clock.now)
            if fires.count == 1 { timer.fireDate = 55 }
        }
        loop.add(timer, mode: .default)
        loop.advance(to: 70)
        XCTAssertEqual(fires, [10, 55, 65])
    }

    func testATimerAddedByACalloutWithAPastDateFiresAfterTheNextWake() {
        let clock = ManualClock(now: 100)
        let loop = EventRunLoop(clock: clock)
        let log = TestLog()
        let source = RunLoopSource0 {
            loop.add(RunLoopTimer(fireAt: 0) { _ in log.append("past timer @\(clock.now)") }, mode: .default)
        }
        loop.add(source, mode: .default)
        source.signal()
        loop.runUntilIdle()
        XCTAssertEqual(log.lines, ["past timer @100"])
    }

    func testNextFireDateGrid() {
        XCTAssertEqual(RunLoopTimer.nextFireDate(after: 100, interval: 100, now: 99), 200)
        XCTAssertEqual(RunLoopTimer.nextFireDate(after: 100, interval: 100, now: 100), 200)
        XCTAssertEqual(RunLoopTimer.nextFireDate(after: 100, interval: 100, now: 299), 300)
        XCTAssertEqual(RunLoopTimer.nextFireDate(after: 100, interval: 100, now: 300), 400)
        XCTAssertEqual(RunLoopTimer.nextFireDate(after: .max - 10, interval: 100, now: .max - 5), .max)
    }
}
