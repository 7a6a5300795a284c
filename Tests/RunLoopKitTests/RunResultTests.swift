import TestSupport
import RunLoopKit
import XCTest

/// The results CFRunLoop returns, and when.
final class RunResultTests: XCTestCase {
    func testAnEmptyOrUnknownModeFinishesAtOnceWithoutEntry() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        XCTAssertEqual(loop.run(mode: .default, until: nil), .finished)
        XCTAssertEqual(loop.run(mode: RunLoopMode("never used"), until: 10), .finished)

        let source = RunLoopSource0 {}
        loop.add(source, mode: .default)
        loop.remove(source, mode: .default)
        XCTAssertEqual(loop.run(mode: .default, until: 10), .finished)
        XCTAssertEqual(tracer.lines, [])
        XCTAssertEqual(clock.now, 0)
    }

    func testTimedOutAtTheDeadlineWithTheManualClockMovedThere() {
        let clock = ManualClock(now: 1_000)
        let loop = EventRunLoop(clock: clock)
        loop.add(RunLoopTimer(fireAt: 20_000_000_000) { _ in XCTFail("after the deadline") }, mode: .default)
        let started = Date()
        XCTAssertEqual(loop.run(mode: .default, until: 1_000 + 10_000_000_000), .timedOut)
        XCTAssertEqual(clock.now, 1_000 + 10_000_000_000)
        // Sleeping would take the run's 10 s; `promptly` leaves room for a loaded machine.
        XCTAssertLessThan(Date().timeIntervalSince(started), promptly, "a manual clock never sleeps for time")
    }

    func testADeadlineAlreadyPassedMakesOnePollingTurn() {
        let clock = ManualClock(now: 500)
        let loop = EventRunLoop(clock: clock)
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        loop.add(RunLoopTimer(fireAt: 1_000) { _ in }, mode: .default)
        XCTAssertEqual(loop.run(mode: .default, until: 500), .timedOut)
        XCTAssertEqual(tracer.lines, ["entry default", "before timers", "before sources", "exit default"])
        XCTAssertEqual(clock.now, 500)
    }

    func testStopEndsTheRunAtTheEndOfTheTurn() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        loop.add(
            RunLoopTimer(fireAt: 10, name: "stopper") { _ in
                loop.stop()
                loop.perform(inModes: [.default]) {}
            }, mode: .default)
        loop.add(RunLoopSource0 {}, mode: .default)

        XCTAssertEqual(loop.run(mode: .default, until: nil), .stopped)
        XCTAssertEqual(
            tracer.lines,
            [
                "entry default", "before timers", "before sources", "before waiting", "after waiting",
                "timer fired stopper", "block", "exit default",
            ])
        XCTAssertEqual(clock.now, 10)
    }

    func testAStopBelongsToTheRunItWasMadeIn() {
        let loop = EventRunLoop(clock: ManualClock())
        loop.add(RunLoopSource0 {}, mode: .default)
        loop.stop()  // no run is active: CF drops it (each run starts with a fresh stop flag)
        XCTAssertEqual(loop.advance(to: 10), .timedOut)

        // A stop made by an Entry observer ends the run before its first turn.
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        let stopper = RunLoopObserver(activities: .entry, repeats: false, name: "stopper") { _ in loop.stop() }
        loop.add(stopper, mode: .default)
        XCTAssertEqual(loop.advance(to: 20), .stopped)
        XCTAssertEqual(tracer.lines, ["entry default", "observer fired stopper", "exit default"])
    }

    func testReturnAfterSourceHandledReturnsAfterOneSource0() {
        let loop = EventRunLoop(clock: ManualClock())
        let log = TestLog()
        let first = RunLoopSource0(order: 0) { log.append("first") }
        let second = RunLoopSource0(order: 1) { log.append("second") }
        loop.add(first, mode: .default)
        loop.add(second, mode: .default)
        first.signal()
        second.signal()

        XCTAssertEqual(loop.run(mode: .default, until: nil, returnAfterSourceHandled: true), .handledSource)
        XCTAssertEqual(log.lines, ["first"], "CF performs one source0 when asked to return after one")
        XCTAssertTrue(second.isSignalled)
        XCTAssertEqual(loop.run(mode: .default, until: nil, returnAfterSourceHandled: true), .handledSource)
        XCTAssertEqual(log.lines, ["first", "second"])
    }

    func testReturnAfterSourceHandledCountsSource1ButNotTimers() throws {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        let port = try InProcessPort<String>()
        let log = TestLog()
        loop.add(
            RunLoopTimer(fireAt: 10) { _ in
                log.append("timer @\(clock.now)")
                port.send("from timer")
            }, mode: .default)
        loop.add(RunLoopSource1(port: port.port) { log.append(port.receive() ?? "nil") }, mode: .default)

        XCTAssertEqual(loop.run(mode: .default, until: 1_000, returnAfterSourceHandled: true), .handledSource)
        XCTAssertEqual(log.lines, ["timer @10", "from timer"])
        XCTAssertEqual(clock.now, 10)
    }

    func testStopFromAnotherThreadWakesASleepingLoop() {
        let loop = EventRunLoop()
        loop.add(RunLoopSource0 {}, mode: .default)
        let sleeping = DispatchSemaphore(value: 0)
        loop.add(RunLoopObserver(activities: .beforeWaiting) { _ in sleeping.signal() }, mode: .default)
        var result: RunLoopRunResult?
        let thread = LoopThread { result = loop.run(mode: .default, until: loop.clock.now + patienceNanoseconds) }

        XCTAssertEqual(sleeping.wait(timeout: .now() + patience), .success)
        let stoppedAt = Date()
        loop.handle.stop()
        XCTAssertTrue(thread.join())
        // Woken by the stop, not by the run's deadline (`patience` away).
        XCTAssertLessThan(Date().timeIntervalSince(stoppedAt), promptly)
        XCTAssertEqual(result, .stopped)
    }
}
