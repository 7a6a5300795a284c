import RunLoopKit
import XCTest

/// The exact order of callouts within a turn and across turns (pipeline.md, "CFRunLoop: the order
/// of one turn"), with a manual clock.
final class TurnOrderTests: XCTestCase {
    func testEveryStepOfATurnInOrder() throws {
        let clock = ManualClock(now: 1_000)
        let loop = EventRunLoop(clock: clock)
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        let port = try InProcessPort<Int>()
        let sourceA = RunLoopSource0(order: 2, name: "A") {}
        let sourceB = RunLoopSource0(order: 1, name: "B") {}
        loop.add(sourceA, mode: .default)
        loop.add(sourceB, mode: .default)
        loop.add(RunLoopTimer(fireAt: 1_000, name: "T") { _ in }, mode: .default)
        loop.add(RunLoopSource1(port: port.port, name: "P") { while port.receive() != nil {} }, mode: .default)
        loop.add(RunLoopObserver(activities: [.beforeWaiting, .afterWaiting], name: "commit") { _ in }, mode: .default)

        sourceA.signal()
        sourceB.signal()
        port.send(1)
        loop.perform(inModes: [.default]) {}

        XCTAssertEqual(loop.runUntilIdle(mode: .default), .timedOut)
        XCTAssertEqual(
            tracer.lines,
            [
                "entry default",
                // Turn 1: blocks, then source0s by order; a source0 ran, so the wait is a poll (no
                // before/after waiting) and the timer port, already due, is serviced.
                "before timers", "before sources", "block", "source0 fired B", "source0 fired A",
                "timer fired T",
                // Turn 2: nothing signalled, so the loop "sleeps"; the source1's port woke it.
                "before timers", "before sources",
                "before waiting", "observer fired commit", "after waiting", "observer fired commit",
                "source1 fired P",
                // Turn 3: nothing ready at the target time: idle.
                "before timers", "before sources",
                "before waiting", "observer fired commit", "after waiting", "observer fired commit",
                "exit default",
            ])
        XCTAssertEqual(clock.now, 1_000, "runUntilIdle does not move time")
    }

    func testWorkMadeByACalloutRunsInLaterStepsAndTurns() {
        let clock = ManualClock(now: 0)
        let loop = EventRunLoop(clock: clock)
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        let log = TestLog()
        let sourceB = RunLoopSource0(order: 1, name: "B") { log.append("B @\(clock.now)") }
        let sourceA = RunLoopSource0(order: 0, name: "A") {
            log.append("A @\(clock.now)")
            sourceB.signal()  // collected after step 4 began: runs next turn (CF collects first)
            loop.perform(inModes: [.default]) { log.append("block from A") }
        }
        loop.add(sourceA, mode: .default)
        loop.add(sourceB, mode: .default)
        loop.add(
            RunLoopTimer(fireAt: 10, name: "T") { _ in
                log.append("T @\(clock.now)")
                sourceA.signal()
                loop.perform(inModes: [.default]) { log.append("block from T") }
            }, mode: .default)

        XCTAssertEqual(loop.advance(to: 20, mode: .default), .timedOut)

        XCTAssertEqual(log.lines, ["T @10", "block from T", "A @10", "block from A", "B @10"])
        XCTAssertEqual(
            tracer.lines,
            [
                "entry default",
                "before timers", "before sources", "before waiting", "after waiting",
                "timer fired T", "block",  // step 8, then step 9's blocks
                "before timers", "before sources", "source0 fired A", "block",  // step 4, blocks again
                "before timers", "before sources", "source0 fired B",
                "before timers", "before sources", "before waiting", "after waiting",
                "exit default",
            ])
        XCTAssertEqual(
            tracer.records.map(\.time), [0, 0, 0, 0, 10, 10, 10] + Array(repeating: 10, count: 7) + [10, 10, 10, 20, 20])
        XCTAssertEqual(clock.now, 20)
    }

    func testSource0sRunByOrderThenByWhenTheyWereFirstSignalled() {
        let loop = EventRunLoop(clock: ManualClock())
        let log = TestLog()
        let sources = [("c", 3), ("a1", 1), ("b", 2), ("a2", 1), ("z", -5), ("a3", 1)].map { name, order in
            RunLoopSource0(order: order, name: name) { log.append(name) }
        }
        for source in sources { loop.add(source, mode: .default) }
        // Signal order: a3, z, a2, b, a1, c; signalling a3 again does not move it back (CF keeps the
        // first signal time).
        for index in [5, 4, 3, 2, 1, 0] { sources[index].signal() }
        sources[5].signal()

        loop.runUntilIdle()

        XCTAssertEqual(log.lines, ["z", "a3", "a2", "a1", "b", "c"])
        XCTAssertTrue(sources.allSatisfy { !$0.isSignalled })
    }

    func testSignalIsClearedBeforePerformSoAPerformCanSignalItsOwnSourceForTheNextTurn() {
        let loop = EventRunLoop(clock: ManualClock())
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        var performs = 0
        var source: RunLoopSource0!
        source = RunLoopSource0(name: "again") {
            performs += 1
            XCTAssertFalse(source.isSignalled)
            if performs < 3 { source.signal() }
        }
        loop.add(source, mode: .default)
        source.signal()

        loop.runUntilIdle()

        XCTAssertEqual(performs, 3)
        XCTAssertEqual(
            tracer.lines,
            [
                "entry default",
                "before timers", "before sources", "source0 fired again",
                "before timers", "before sources", "source0 fired again",
                "before timers", "before sources", "source0 fired again",
                "before timers", "before sources", "before waiting", "after waiting",
                "exit default",
            ])
    }

    func testObserversAreCalledByOrderForEveryActivityInTheirMask() {
        let loop = EventRunLoop(clock: ManualClock())
        let log = TestLog()
        loop.add(RunLoopObserver(activities: .allActivities, order: 2) { log.append("late \($0)") }, mode: .default)
        loop.add(RunLoopObserver(activities: .allActivities, order: 1) { log.append("early \($0)") }, mode: .default)
        loop.add(RunLoopObserver(activities: [.entry, .exit]) { log.append("bounds \($0)") }, mode: .default)
        loop.add(RunLoopTimer(fireAt: 5) { _ in log.append("timer") }, mode: .default)

        // The one-shot timer was the mode's only source or timer: once it is gone the mode is empty
        // and the run finishes (CF: observers do not keep a mode alive).
        XCTAssertEqual(loop.advance(to: 5), .finished)

        XCTAssertEqual(
            log.lines,
            [
                "bounds entry", "early entry", "late entry",
                "early before timers", "late before timers", "early before sources", "late before sources",
                "early before waiting", "late before waiting", "early after waiting", "late after waiting",
                "timer",
                "bounds exit", "early exit", "late exit",
            ])
    }
}
