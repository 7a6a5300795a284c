import TestSupport
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
        let thread = LoopThread { result = loop.run(mode: .default, until: clock.now + patienceNanoseconds) }

        XCTAssertEqual(sleeping.wait(timeout: .now() + patience), .success)
        source.signal()
        // Not waking is only seen by waiting in real time (a manual clock would not sleep at all). A loaded
        // machine can only make this pass when it should not, never fail: the run's deadline is `patience`
        // away, so nothing else ends the sleep within these 0.1 s.
        XCTAssertEqual(performed.wait(timeout: .now() + 0.1), .timedOut, "CFRunLoopSourceSignal does not wake the loop")
        XCTAssertTrue(source.isSignalled)

        let wokenAt = clock.now
        loop.handle.wakeUp()
        XCTAssertEqual(performed.wait(timeout: .now() + patience), .success)
        XCTAssertTrue(thread.join())
        let latency = performedAt - wokenAt
        print("RunLoopKit: wakeUp() -> source0 perform latency \(Double(latency) / 1_000) µs")
        // Woken by wakeUp(), not by the run's deadline (`patience` away); the printed latency is the measure.
        XCTAssertLessThan(latency, promptlyNanoseconds)
        XCTAssertEqual(result, .stopped)
        XCTAssertFalse(source.isSignalled)
    }

    func testAWakeUpWhileNoRunIsActiveIsIgnored() {
        // A manual clock: a wake-up left pending would still show as a second turn (its wait polls the ports).
        let loop = EventRunLoop(clock: ManualClock())
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        loop.add(RunLoopSource0 {}, mode: .default)
        loop.wakeUp()  // CF: a loop ignores wake-ups until a run starts; nothing is left to wake the next run

        XCTAssertEqual(loop.run(mode: .default, until: loop.clock.now + ms(20)), .timedOut)
        XCTAssertEqual(
            tracer.lines,
            [
                "entry default", "before timers", "before sources", "before waiting", "after waiting", "exit default",
            ])
    }

    func testSignalAndWakeUpFromManyThreadsAreSafe() {
        let loop = EventRunLoop()
        let performs = PerformCount()
        let source = RunLoopSource0 { performs.value += 1 }
        loop.add(source, mode: .default)
        var result: RunLoopRunResult?
        let thread = LoopThread { result = loop.run(mode: .default, until: loop.clock.now + patienceNanoseconds) }

        let signaller = source.signaller(waking: loop)
        let handle = loop.handle
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<500 {
                signaller.signal()  // signal, then wake up
            }
        }
        // The stop waits for the source: a turn woken in step 6 runs step 9's blocks and checks stop before the
        // next turn's sources0 (CF's order), so a stop queued behind the signals could end the run with the source
        // still signalled (seen once under load: performs 0). Each block re-queues itself until the source has
        // performed; a lost signal leaves the run to its deadline and `result` is then timedOut.
        @Sendable func stopOnceTheSourceHasPerformed() {
            handle.perform(inModes: [.default]) {
                if performs.value > 0 {
                    handle.stop()
                } else {
                    stopOnceTheSourceHasPerformed()
                    handle.wakeUp()
                }
            }
        }
        stopOnceTheSourceHasPerformed()
        handle.wakeUp()
        XCTAssertTrue(thread.join())
        XCTAssertEqual(result, .stopped)
        XCTAssertGreaterThanOrEqual(performs.value, 1)
        XCTAssertLessThanOrEqual(performs.value, 2_000)
    }
}

/// The source's performs, counted on the loop's thread and read there by the stopping blocks (and by the test
/// after the thread is joined).
private final class PerformCount: @unchecked Sendable {
    var value = 0
}
