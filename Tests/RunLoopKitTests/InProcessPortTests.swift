import TestSupport
import Glibc
import RunLoopKit
import XCTest

final class InProcessPortTests: XCTestCase {
    private func isReadable(_ port: RunLoopPort) -> Bool {
        guard case .fileDescriptor(let fd) = port else { return false }
        var item = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&item, 1, 0) == 1
    }

    func testAFIFOThatIsReadableExactlyWhileElementsRemain() throws {
        let port = try InProcessPort<String>()
        XCTAssertNil(port.receive())
        XCTAssertFalse(isReadable(port.port))
        port.send("a")
        port.send("b")
        XCTAssertEqual(port.count, 2)
        XCTAssertTrue(isReadable(port.port))
        XCTAssertEqual(port.receive(), "a")
        XCTAssertTrue(isReadable(port.port), "level-triggered: one element left")
        XCTAssertEqual(port.receive(), "b")
        XCTAssertFalse(isReadable(port.port))
        XCTAssertNil(port.receive())
        for index in 0..<100 { port.send("\(index)") }  // grows past the first ring capacity
        XCTAssertEqual((0..<100).map { _ in port.receive()! }, (0..<100).map { "\($0)" })
        XCTAssertFalse(isReadable(port.port))
    }

    func testACalloutTakingOneElementPerCallIsCalledUntilTheQueueIsEmpty() throws {
        let port = try InProcessPort<Int>()
        let loop = EventRunLoop(clock: ManualClock())
        let tracer = RunLoopTraceCollector()
        loop.tracer = tracer
        var received: [Int] = []
        loop.add(RunLoopSource1(port: port.port, name: "frames") { received.append(port.receive()!) }, mode: .common)
        for value in 1...3 { port.send(value) }

        loop.runUntilIdle(mode: .tracking)

        XCTAssertEqual(received, [1, 2, 3])
        XCTAssertEqual(tracer.lines.filter { $0.hasPrefix("source1") }, Array(repeating: "source1 fired frames", count: 3))
    }

    func testSendsFromManyThreadsWakeTheLoopAndKeepEachSendersOrder() throws {
        let port = try InProcessPort<(sender: Int, sequence: Int)>()
        let loop = EventRunLoop()
        let senders = 4, perSender = 1_000
        var lastSequence = Array(repeating: -1, count: senders)
        var outOfOrder = 0
        var total = 0
        loop.add(
            RunLoopSource1(port: port.port) {
                while let element = port.receive() {
                    if element.sequence != lastSequence[element.sender] + 1 { outOfOrder += 1 }
                    lastSequence[element.sender] = element.sequence
                    total += 1
                }
                if total == senders * perSender { loop.stop() }
            }, mode: .default)
        var result: RunLoopRunResult?
        let thread = LoopThread { result = loop.run(mode: .default, until: loop.clock.now + patienceNanoseconds) }

        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for sequence in 0..<perSender { port.send((sender, sequence)) }
        }
        XCTAssertTrue(thread.join())

        XCTAssertEqual(result, .stopped)
        XCTAssertEqual(total, senders * perSender)
        XCTAssertEqual(outOfOrder, 0)
        XCTAssertEqual(port.count, 0)
    }
}
