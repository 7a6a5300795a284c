import RunLoopKit
import XCTest

/// Real-clock behaviour: signalling does not wake a sleeping loop, `wakeUp()` does.
final class WakeUpTests: XCTestCase {
    func testASignalAloneDoesNotWakeTheLoopButWakeUpDoesWithinMilliseconds() {
        let loop = EventRunLoop()
        let clock = loop.clock
        let sleeping = DispatchSemaphore(value: 0)
        let performed = DispatchSemaphore(value: 0)
        var performedAt: UInt64 = 0
        let source = RunLoopSource0(name: "S") {
            performedAt = clock.now
            performed.signal()
            loop.stop()
        }
        loop.add(source, mode: .default)
        loop.add(RunLoopObserver(activities: .beforeWaiting, repeats: false) { _ in sleeping.signal() }, mode: .default)
        var result: RunLoopRunResult?
        let thread = LoopThread { result = loop.run(mode: .default, until: clock.now + ms(1_000)) }

        XCTAssertEqual(sleeping.wait(timeout: .now() + 1), .success)
        source.signal()
        XCTAssertEqual(performed.wait(timeout: .now() + 0.1), .timedOut, "CFRunLoopSourceSignal does not wake the loop")
        XCTAssertTrue(source.isSignalled)

        let wokenAt = clock.now
        loop.handle.wakeUp()
        XCTAssertEqual(performed.wait(timeout: .now() + 1), .success)
        XCTAssertTrue(thread.join())
        let latency = performedAt - wokenAt
        print("RunLoopKit: wakeUp() -> source0 perform latency \(Double(latency) / 1_000) µs")
        XCTAssertLessThan(latency, ms(50))
        XCTAssertEqual(result, .stopped)
        XCTAssertFalse(source.isSignalled)
    }

    func testAWakeUpWhileNoRunIsActiveIsIgnored() {
        let loop = EventRunLoop()
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        loop.add(RunLoopSource0 {}, mode: .default)
        loop.wakeUp()  // CF: a loop ignores wake-ups until a run starts; nothing is left to wake the next run

        XCTAssertEqual(loop.run(mode: .default, until: loop.clock.now + ms(20)), .timedOut)
        XCTAssertEqual(tracer.lines, [
            "entry default", "before timers", "before sources", "before waiting", "after waiting", "exit default",
        ])
    }

    func testSignalAndWakeUpFromManyThreadsAreSafe() {
        let loop = EventRunLoop()
        var performs = 0
        let source = RunLoopSource0 { performs += 1 }
        loop.add(source, mode: .default)
        var result: RunLoopRunResult?
        let thread = LoopThread { result = loop.run(mode: .default, until: loop.clock.now + ms(2_000)) }

        let signaller = source.signaller(waking: loop)
        let handle = loop.handle
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<500 {
                signaller.signal()  // signal, then wake up
            }
        }
        handle.perform(inModes: [.default]) { handle.stop() }
        handle.wakeUp()
        XCTAssertTrue(thread.join())
        XCTAssertEqual(result, .stopped)
        XCTAssertGreaterThanOrEqual(performs, 1)
        XCTAssertLessThanOrEqual(performs, 2_000)
    }
}
