import RunLoopKit
import XCTest

/// A callout running the loop in another mode, as UIKit runs the tracking mode during a scroll.
final class NestedRunTests: XCTestCase {
    func testANestedRunInTheTrackingModePausesDefaultOnlyTimers() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        let log = TestLog()
        loop.add(RunLoopTimer(fireAt: 10, name: "def") { _ in log.append("def @\(clock.now)") }, mode: .default)
        loop.add(
            RunLoopTimer(fireAt: 20, interval: 100, name: "track") { _ in
                log.append("track @\(clock.now) in \(loop.currentMode!)")
            }, mode: .tracking)
        let scroll = RunLoopSource0(name: "scroll") {
            log.append("scroll in \(loop.currentMode!)")
            let result = loop.run(mode: .tracking, until: clock.now + 50)
            log.append("nested \(result), back in \(loop.currentMode!)")
        }
        loop.add(scroll, mode: .default)
        scroll.signal()

        XCTAssertEqual(loop.advance(to: 100, mode: .default), .timedOut)

        XCTAssertEqual(
            log.lines,
            [
                "scroll in default", "track @20 in tracking", "nested timedOut, back in default", "def @50",
            ])
        XCTAssertEqual(
            tracer.lines,
            [
                "entry default", "before timers", "before sources", "source0 fired scroll",
                "entry tracking",
                "before timers", "before sources", "before waiting", "after waiting", "timer fired track",
                "before timers", "before sources", "before waiting", "after waiting",
                "exit tracking",
                "timer fired def",  // the outer turn polls after its source0 and finds the late timer due
                "before timers", "before sources", "before waiting", "after waiting",
                "exit default",
            ])
        XCTAssertEqual(
            tracer.records.map(\.depth),
            Array(repeating: 1, count: 4) + Array(repeating: 2, count: 11) + Array(repeating: 1, count: 6))
        XCTAssertEqual(
            tracer.records.map(\.mode),
            Array(repeating: .default, count: 4) + Array(repeating: .tracking, count: 11) + Array(repeating: .default, count: 6))
        XCTAssertNil(loop.currentMode)
    }

    func testATimerRunningANestedRunIsNotFiredAgainInsideIt() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        loop.add(RunLoopSource0 {}, mode: .default)
        var fires: [UInt64] = []
        loop.add(
            RunLoopTimer(fireAt: 10, interval: 10) { _ in
                fires.append(clock.now)
                if fires.count == 1 { loop.run(mode: .default, until: 45) }
            }, mode: .common)

        loop.advance(to: 50)

        XCTAssertEqual(fires, [10, 50], "skipped 20...40 while firing, then back on its grid")
    }

    func testStopInANestedRunStopsOnlyThatRun() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        loop.add(RunLoopSource0 {}, mode: .common)
        var nestedResult: RunLoopRunResult?
        loop.add(RunLoopTimer(fireAt: 5) { _ in loop.stop() }, mode: .tracking)
        let scroll = RunLoopSource0 { nestedResult = loop.run(mode: .tracking, until: 100) }
        loop.add(scroll, mode: .default)
        scroll.signal()

        XCTAssertEqual(loop.advance(to: 30), .timedOut)
        XCTAssertEqual(nestedResult, .stopped)
        XCTAssertEqual(clock.now, 30)
    }
}
