import RunLoopKit
import XCTest

/// Named modes, the common modes, and which items take part in a run of a mode.
final class ModeTests: XCTestCase {
    func testATimerInTheDefaultModeOnlyWaitsWhileTheTrackingModeRuns() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        let log = TestLog()
        loop.add(RunLoopSource0 {}, mode: .common)  // keeps both modes non-empty after the timers fire
        loop.add(RunLoopTimer(fireAt: 10) { _ in log.append("default-only @\(clock.now)") }, mode: .default)
        loop.add(RunLoopTimer(fireAt: 10) { _ in log.append("common @\(clock.now)") }, mode: .common)

        XCTAssertEqual(loop.advance(to: 50, mode: .tracking), .timedOut)
        XCTAssertEqual(log.lines, ["common @10"])

        // Back in the default mode the paused timer fires, late.
        loop.runUntilIdle(mode: .default)
        XCTAssertEqual(log.lines, ["common @10", "default-only @50"])
    }

    func testDefaultAndTrackingAreCommonAndItemsAddedToCommonAreInBoth() {
        let loop = EventRunLoop(clock: ManualClock())
        XCTAssertEqual(loop.commonModes, [.default, .tracking])
        let source = RunLoopSource0 {}
        loop.add(source, mode: .common)
        XCTAssertTrue(loop.contains(source, mode: .common))
        XCTAssertTrue(loop.contains(source, mode: .default))
        XCTAssertTrue(loop.contains(source, mode: .tracking))
        XCTAssertFalse(loop.contains(source, mode: RunLoopMode("custom")))

        loop.remove(source, mode: .common)
        XCTAssertFalse(loop.contains(source, mode: .default))
        XCTAssertFalse(loop.contains(source, mode: .tracking))
        XCTAssertFalse(loop.contains(source, mode: .common))
    }

    func testAModeMadeCommonLaterGetsTheCommonItemsAddedBeforeAndAfter() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        let custom = RunLoopMode("com.example.custom")
        let log = TestLog()
        let before = RunLoopTimer(fireAt: 10, name: "before") { _ in log.append("before") }
        loop.add(before, mode: .common)
        XCTAssertEqual(loop.advance(to: 5, mode: custom), .finished, "not common yet: the mode is empty")

        loop.addCommonMode(custom)
        let after = RunLoopTimer(fireAt: 20, name: "after") { _ in log.append("after") }
        loop.add(after, mode: .common)
        XCTAssertEqual(loop.commonModes, [.default, .tracking, custom])
        XCTAssertTrue(loop.contains(before, mode: custom))
        XCTAssertTrue(loop.contains(after, mode: custom))

        loop.advance(to: 30, mode: custom)
        XCTAssertEqual(log.lines, ["before", "after"])
    }

    func testRunningTheCommonPseudoModeIsRefused() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        let source = RunLoopSource0 { XCTFail("must not run") }
        loop.add(source, mode: .common)
        source.signal()

        XCTAssertEqual(loop.run(mode: .common, until: 100), .finished)
        XCTAssertEqual(loop.runUntilIdle(mode: .common), .finished)
        XCTAssertEqual(tracer.lines, [], "refused before Entry (CF)")
        XCTAssertTrue(source.isSignalled)
    }

    func testBlocksRunOnlyInTheirModes() {
        let loop = EventRunLoop(clock: ManualClock())
        let custom = RunLoopMode("custom")
        let log = TestLog()
        // Keep every mode non-empty so runs happen.
        for mode in [RunLoopMode.default, .tracking, custom] { loop.add(RunLoopSource0 {}, mode: mode) }
        loop.perform(inModes: [.tracking]) { log.append("tracking") }
        loop.perform(inModes: [.common]) { log.append("common") }
        loop.perform(inModes: [custom]) { log.append("custom") }
        loop.perform(inModes: [.default, custom]) { log.append("default+custom") }
        loop.perform(inModes: [.common]) { log.append("common 2") }

        loop.runUntilIdle(mode: .default)
        XCTAssertEqual(log.lines, ["common", "default+custom", "common 2"])

        log.removeAll()
        loop.runUntilIdle(mode: custom)  // not common: common blocks do not run here
        XCTAssertEqual(log.lines, ["custom"])

        log.removeAll()
        loop.runUntilIdle(mode: .tracking)
        XCTAssertEqual(log.lines, ["tracking"])
    }

    func testCommonBlocksRunInAModeOnceItIsCommon() {
        let loop = EventRunLoop(clock: ManualClock())
        let custom = RunLoopMode("custom")
        let log = TestLog()
        loop.perform { log.append("common") }
        // A block queued for a mode keeps that mode alive (CF `__CFRunLoopModeIsEmpty`).
        XCTAssertEqual(loop.runUntilIdle(mode: custom), .finished, "unknown mode")
        loop.addCommonMode(custom)
        XCTAssertEqual(loop.runUntilIdle(mode: custom), .timedOut, "the block ran, then the loop went idle")
        XCTAssertEqual(log.lines, ["common"])
        XCTAssertEqual(loop.runUntilIdle(mode: custom), .finished, "nothing left in the mode")
    }

    func testABlockForAModeNeverUsedMakesThatModeRunnable() {
        let loop = EventRunLoop(clock: ManualClock())
        let custom = RunLoopMode("only blocks")
        let log = TestLog()
        loop.perform(inModes: [custom]) { log.append("ran") }  // CF: CFRunLoopPerformBlock creates the mode
        XCTAssertEqual(loop.runUntilIdle(mode: custom), .timedOut)
        XCTAssertEqual(log.lines, ["ran"])
        XCTAssertEqual(loop.runUntilIdle(mode: custom), .finished)
    }

    func testAnItemBelongsToOneLoop() {
        let first = EventRunLoop(clock: ManualClock())
        let second = EventRunLoop(clock: ManualClock())
        let timer = RunLoopTimer(fireAt: 0) { _ in }
        first.add(timer, mode: .default)
        second.add(timer, mode: .default)
        XCTAssertTrue(first.contains(timer, mode: .default))
        XCTAssertFalse(second.contains(timer, mode: .default), "CF ignores adding a timer to a second loop")

        first.remove(timer, mode: .default)
        second.add(timer, mode: .default)
        XCTAssertTrue(second.contains(timer, mode: .default), "free again once in no mode of the first")
    }

    func testModeNames() {
        XCTAssertEqual(RunLoopMode.default.name, "kCFRunLoopDefaultMode")
        XCTAssertEqual(RunLoopMode.tracking.name, "UITrackingRunLoopMode")
        XCTAssertEqual(RunLoopMode.common.name, "kCFRunLoopCommonModes")
        XCTAssertEqual(RunLoopMode.default.description, "default")
        XCTAssertEqual(RunLoopMode("custom").description, "custom")
    }
}
