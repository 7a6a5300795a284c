import RunLoopKit
import XCTest

final class TracerTests: XCTestCase {
    func testRecordsCarryKindModeNameTimeAndDepth() {
        let clock = ManualClock(now: 42)
        let loop = EventRunLoop(clock: clock)
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        let source = RunLoopSource0 {}  // unnamed
        loop.add(source, mode: .default)
        loop.add(RunLoopObserver(activities: .entry, name: "O") { _ in }, mode: .default)
        source.signal()

        loop.run(mode: .default, until: 42)

        XCTAssertEqual(
            tracer.records,
            [
                RunLoopTraceRecord(kind: .activity(.entry), mode: .default, name: nil, time: 42, depth: 1),
                RunLoopTraceRecord(kind: .observer(.entry), mode: .default, name: "O", time: 42, depth: 1),
                RunLoopTraceRecord(kind: .activity(.beforeTimers), mode: .default, name: nil, time: 42, depth: 1),
                RunLoopTraceRecord(kind: .activity(.beforeSources), mode: .default, name: nil, time: 42, depth: 1),
                RunLoopTraceRecord(kind: .source0, mode: .default, name: nil, time: 42, depth: 1),
                RunLoopTraceRecord(kind: .activity(.exit), mode: .default, name: nil, time: 42, depth: 1),
            ])
        XCTAssertEqual(
            tracer.lines,
            [
                "entry default", "observer fired O", "before timers", "before sources", "source0 fired", "exit default",
            ])

        tracer.removeAll()
        loop.tracer = nil
        source.signal()
        loop.run(mode: .default, until: 42)
        XCTAssertEqual(tracer.records, [])
    }

    func testActivityDescriptions() {
        XCTAssertEqual(RunLoopActivity.beforeWaiting.description, "before waiting")
        XCTAssertEqual(RunLoopActivity([.entry, .exit]).description, "[entry, exit]")
        XCTAssertEqual(RunLoopActivity.allActivities.rawValue, 0x0FFF_FFFF)
        XCTAssertEqual(RunLoopActivity.afterWaiting.rawValue, 64)
    }
}
