import TestSupport
import Glibc
import RunLoopKit
import Synchronization
import XCTest

/// How a loop waits on its ports: file descriptors with poll(2), and a port of another kind through the
/// waiter it names (what RunLoopZeroMQ does for ZeroMQ sockets).
final class PortWaiterTests: XCTestCase {
    func testAPipeIsASource1PortThatWakesASleepingLoop() throws {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        defer { for fd in ends { close(fd) } }
        let loop = EventRunLoop()
        var read: [UInt8] = []
        loop.add(
            RunLoopSource1(port: .fileDescriptor(ends[0]), name: "pipe") {
                var byte: UInt8 = 0
                if Glibc.read(ends[0], &byte, 1) == 1 { read.append(byte) }
            }, mode: .default)
        let sleeping = DispatchSemaphore(value: 0)
        loop.add(RunLoopObserver(activities: .beforeWaiting, repeats: false) { _ in sleeping.signal() }, mode: .default)
        var result: RunLoopRunResult?
        let thread = LoopThread {
            result = loop.run(mode: .default, until: loop.clock.now + patienceNanoseconds, returnAfterSourceHandled: true)
        }

        XCTAssertEqual(sleeping.wait(timeout: .now() + patience), .success)
        var byte: UInt8 = 7
        XCTAssertEqual(write(ends[1], &byte, 1), 1)
        XCTAssertTrue(thread.join())

        XCTAssertEqual(result, .handledSource)
        XCTAssertEqual(read, [7])
    }

    func testAPortOfAnotherKindGetsTheLoopItsWaiterOnceAndTheWaiterSeesEveryPort() throws {
        let queue = try InProcessPort<Int>()
        let token = Token()
        let loop = EventRunLoop(clock: ManualClock())
        let log = TestLog()
        loop.add(
            RunLoopSource1(port: .object(token, waiter: ScriptedWaiter.self), order: 0) { log.append("object") }, mode: .default)
        loop.add(
            RunLoopSource1(port: queue.port, order: 1) { while let value = queue.receive() { log.append("fd \(value)") } },
            mode: .default)
        queue.send(1)
        ScriptedWaiter.readyObjectPorts.withLock { $0 = 3 }

        XCTAssertEqual(loop.runUntilIdle(), .timedOut)

        // Ready ports are served one a turn, in order, starting after the one served last.
        XCTAssertEqual(log.lines, ["object", "fd 1", "object"])
        XCTAssertEqual(ScriptedWaiter.instances.withLock { $0 }, 1)
        // The object port, the file descriptor, and the loop's wake-up port, in that order.
        XCTAssertEqual(ScriptedWaiter.lastPorts.withLock { $0 }, ["object", "fd", "fd"])
    }
}

private final class Token {}

/// A waiter for `.object` ports that says an object port is ready as many times as the test asks, and asks
/// poll(2) about the file descriptors without sleeping (a manual-clock loop never sleeps for time).
private final class ScriptedWaiter: RunLoopWaiter {
    static let instances = Mutex(0)
    static let readyObjectPorts = Mutex(0)
    static let lastPorts = Mutex<[String]>([])

    init() { Self.instances.withLock { $0 += 1 } }

    func wait(on ports: [RunLoopPort], timeoutMilliseconds: Int, ready: inout [Bool]) throws(RunLoopSystemError) -> Int {
        var count = 0
        var kinds: [String] = []
        for (index, port) in ports.enumerated() {
            switch port {
            case .object:
                kinds.append("object")
                let isReady = Self.readyObjectPorts.withLock { remaining in
                    guard remaining > 0 else { return false }
                    remaining -= 1
                    return true
                }
                if isReady { ready[index] = true }
            case .fileDescriptor(let fd):
                kinds.append("fd")
                var item = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&item, 1, 0) == 1 { ready[index] = true }
            }
            if ready[index] { count += 1 }
        }
        Self.lastPorts.withLock { $0 = kinds }
        return count
    }
}
