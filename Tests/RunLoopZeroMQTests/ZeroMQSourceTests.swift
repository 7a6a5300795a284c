import TestSupport
import Glibc
import RunLoopKit
import RunLoopZeroMQ
import XCTest

/// A ZeroMQ socket as a source1 port (inproc PUSH -> PULL, the PULL in the loop's wait).
final class ZeroMQSourceTests: XCTestCase {
    func testAMessageWakesASleepingLoopAndRunsTheCallout() throws {
        let pair = try ZMQPushPull()
        let loop = EventRunLoop()
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        let sleeping = DispatchSemaphore(value: 0)
        var messages: [[UInt8]] = []
        var receivedAt: UInt64 = 0
        loop.add(
            RunLoopSource1(port: .zmq(pair.pull), name: "hid") {
                receivedAt = loop.clock.now
                while let message = pair.receive() { messages.append(message) }
            }, mode: .default)
        loop.add(
            RunLoopObserver(activities: .beforeWaiting, repeats: false, name: "asleep") { _ in sleeping.signal() }, mode: .default
        )
        var result: RunLoopRunResult?
        let thread = LoopThread {
            result = loop.run(mode: .default, until: loop.clock.now + patienceNanoseconds, returnAfterSourceHandled: true)
        }

        XCTAssertEqual(sleeping.wait(timeout: .now() + patience), .success)
        let sentAt = loop.clock.now
        try pair.send([1, 2, 3])
        XCTAssertTrue(thread.join())

        XCTAssertEqual(result, .handledSource)
        XCTAssertEqual(messages, [[1, 2, 3]])
        XCTAssertEqual(
            tracer.lines,
            [
                "entry default", "before timers", "before sources", "before waiting", "observer fired asleep",
                "after waiting", "source1 fired hid", "exit default",
            ])
        print("RunLoopKit: zmq send -> source1 callout latency \(Double(receivedAt - sentAt) / 1_000) µs")
        // Woken by the message, not by the run's deadline (`patience` away); the printed latency is the measure.
        XCTAssertLessThan(receivedAt - sentAt, promptlyNanoseconds)
    }

    func testACalloutThatLeavesMessagesUnreadIsCalledAgainNextTurn() throws {
        let pair = try ZMQPushPull()
        let loop = EventRunLoop(clock: ManualClock())
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        var received: [[UInt8]] = []
        loop.add(
            RunLoopSource1(port: .zmq(pair.pull), name: "one-at-a-time") {
                if let message = pair.receive() { received.append(message) }
            }, mode: .default)
        try pair.send([1])
        try pair.send([2])

        XCTAssertEqual(loop.runUntilIdle(), .timedOut)

        XCTAssertEqual(received, [[1], [2]])
        XCTAssertEqual(
            tracer.lines,
            [
                "entry default",
                "before timers", "before sources", "before waiting", "after waiting", "source1 fired one-at-a-time",
                "before timers", "before sources", "before waiting", "after waiting", "source1 fired one-at-a-time",
                "before timers", "before sources", "before waiting", "after waiting",
                "exit default",
            ])
    }

    func testAnIdleLoopUsesNoCPU() throws {
        let pair = try ZMQPushPull()
        let loop = EventRunLoop()
        loop.add(RunLoopSource1(port: .zmq(pair.pull)) { _ = pair.receive() }, mode: .default)
        var cpu: UInt64 = 0
        var wall: UInt64 = 0
        var result: RunLoopRunResult?
        let thread = LoopThread {
            let cpuStart = threadCPUTimeNanoseconds()
            let wallStart = loop.clock.now
            result = loop.run(mode: .default, until: wallStart + ms(300))
            cpu = threadCPUTimeNanoseconds() - cpuStart
            wall = loop.clock.now - wallStart
        }
        XCTAssertTrue(thread.join())

        print("RunLoopKit: idle loop used \(Double(cpu) / 1_000) µs CPU in \(Double(wall) / 1_000_000) ms")
        XCTAssertEqual(result, .timedOut)
        XCTAssertGreaterThanOrEqual(wall, ms(300))
        // A loop that spins, or wakes every millisecond, spends most of the 300 ms on the CPU; an idle one
        // only its few turns (well under 1 ms). The thread's own CPU time does not grow with the machine's
        // load, but page faults and accounting on a loaded machine add some: a fifth of the wall time.
        XCTAssertLessThan(cpu, ms(60))
    }

    func testSeveralReadyPortsAreServedOnePerTurnWithoutStarvingEachOther() throws {
        let first = try ZMQPushPull()
        let second = try ZMQPushPull()
        let loop = EventRunLoop(clock: ManualClock())
        let log = TestLog()
        // Both callouts read one message per call and both ports stay readable for a while.
        loop.add(
            RunLoopSource1(port: .zmq(first.pull), order: 0) {
                if let message = first.receive() { log.append("first \(message[0])") }
            }, mode: .default)
        loop.add(
            RunLoopSource1(port: .zmq(second.pull), order: 1) {
                if let message = second.receive() { log.append("second \(message[0])") }
            }, mode: .default)
        for value in 1...3 { try first.send([UInt8(value)]) }
        for value in 1...2 { try second.send([UInt8(value)]) }

        loop.runUntilIdle()

        XCTAssertEqual(log.lines, ["first 1", "second 1", "first 2", "second 2", "first 3"])
    }
}

// CF's step-5 poll (after a turn's source0s ran) answered from what the waiter knows, without poll(2): the traces
// are CF's, and what this thread did in the turn is seen.
extension ZeroMQSourceTests {
    /// An inproc send in a source0 makes the loop's PULL readable before the send returns: the same turn's poll
    /// must see it (CF: the source1 is served in that turn, with no BeforeWaiting), so it polls for real.
    func testAnInprocSendInASource0IsServedInTheSameTurn() throws {
        let pair = try ZMQPushPull()
        let loop = EventRunLoop(clock: ManualClock())
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        var received: [[UInt8]] = []
        var echoed = false
        let echo = RunLoopSource0(name: "echo") {
            echoed = true
            try? pair.send([2])
        }
        loop.add(echo, mode: .default)
        loop.add(
            RunLoopSource1(port: .zmq(pair.pull), name: "hid") {
                while let message = pair.receive() { received.append(message) }
                if !echoed { echo.signal() }
            }, mode: .default)
        try pair.send([1])

        XCTAssertEqual(loop.runUntilIdle(), .timedOut)

        XCTAssertEqual(received, [[1], [2]])
        XCTAssertEqual(
            tracer.lines,
            [
                "entry default", "before timers", "before sources", "before waiting", "after waiting", "source1 fired hid",
                "before timers", "before sources", "source0 fired echo", "source1 fired hid",
                "before timers", "before sources", "before waiting", "after waiting", "exit default",
            ])
        XCTAssertEqual(pair.pull.pollAnswersWithoutWaiting, 0, "an inproc send since the last wait: polled")
    }

    /// Over ipc, a drained socket and the wake-up port: step 5 is answered without poll(2), and a `wakeUp()` made in
    /// the turn's source0 is seen there, as CF's poll sees it (the wake-up port drained then, so the next wait
    /// sleeps once, not twice).
    func testAWakeUpInASource0IsSeenByAnAnswerWithoutWaiting() throws {
        let pair = try ZMQPushPull(ipc: true)
        let loop = EventRunLoop(clock: ManualClock())
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        var received: [[UInt8]] = []
        let wake = RunLoopSource0(name: "wake") { loop.wakeUp() }
        loop.add(wake, mode: .default)
        loop.add(
            RunLoopSource1(port: .zmq(pair.pull), name: "hid") {
                while let message = pair.receive() { received.append(message) }
                wake.signal()
            }, mode: .default)
        try pair.send([1])
        try pair.waitUntilReadable()

        XCTAssertEqual(loop.runUntilIdle(), .timedOut)

        XCTAssertEqual(received, [[1]])
        XCTAssertEqual(
            tracer.lines,
            [
                "entry default", "before timers", "before sources", "before waiting", "after waiting", "source1 fired hid",
                "before timers", "before sources", "source0 fired wake",
                "before timers", "before sources", "before waiting", "after waiting", "exit default",
            ])
        XCTAssertEqual(pair.pull.pollAnswersWithoutWaiting, 1, "step 5 answered without poll(2)")
    }

    /// Over ipc, a callout that reads one frame and returns, without the receive that finds the socket empty (the
    /// app's drain after an `alone` event): the loop's wait received the frame (CF's wait receives the message it
    /// reports), the callout got it first, and a frame written behind it into the still awake pipe, with no signal,
    /// wakes the next run at once: the socket was used, so the wait receives again before it sleeps. A wait that
    /// trusted the fd would sleep to the run's deadline.
    func testAFrameBehindOneReadWithoutAnEmptyReceiveWakesTheNextRun() throws {
        let pair = try ZMQPushPull(ipc: true)
        let loop = EventRunLoop()
        var received: [[UInt8]] = []
        loop.add(
            RunLoopSource1(port: .zmq(pair.pull), name: "one frame") {
                if let message = pair.receive() { received.append(message) }
            }, mode: .default)
        try pair.send([1])
        XCTAssertEqual(
            loop.run(mode: .default, until: loop.clock.now + patienceNanoseconds, returnAfterSourceHandled: true),
            .handledSource)
        XCTAssertEqual(received, [[1]])
        try pair.send([2])
        usleep(20_000)  // the I/O thread writes it into the awake pipe meanwhile

        let started = loop.clock.now
        XCTAssertEqual(
            loop.run(mode: .default, until: loop.clock.now + patienceNanoseconds, returnAfterSourceHandled: true),
            .handledSource)
        XCTAssertLessThan(loop.clock.now - started, promptlyNanoseconds)
        XCTAssertEqual(received, [[1], [2]])
        XCTAssertFalse(pair.pull.holdsFrame)
        XCTAssertEqual(pair.pull.pollAsks, 0, "found by receiving, never asked")
        XCTAssertGreaterThan(pair.pull.pollReceives, 0)
    }

    func testAPortZeroMQCannotPollEndsTheRunWithATypedError() throws {
        let loop = EventRunLoop(clock: ManualClock())
        // A socket closed while its source is in a mode: the port still holds it (nothing freed is
        // polled), and the wait refuses it with ENOTSOCK.
        let pair = try ZMQPushPull()
        loop.add(RunLoopSource1(port: .zmq(pair.pull)) { XCTFail("never ready") }, mode: .default)
        pair.pull.close()

        XCTAssertEqual(loop.runUntilIdle(), .finished)
        XCTAssertEqual(loop.lastWaitError?.operation, "zmq_poll")
        XCTAssertEqual(loop.lastWaitError?.code, ENOTSOCK)
        XCTAssertEqual(loop.lastWaitError?.description, "zmq_poll failed: Socket operation on non-socket (errno \(ENOTSOCK))")
    }
}
