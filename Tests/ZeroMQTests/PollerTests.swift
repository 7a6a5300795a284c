import Dispatch
import XCTest
import ZeroMQ
#if canImport(Glibc)
    import Glibc
#endif

final class PollerTests: XCTestCase {
    func testPollReportsExactReadinessOfASocketAndAPipe() throws {
        let (fixture, push, pull, fds) = try inprocPairAndPipe()
        defer { withExtendedLifetime(fixture) {} }

        var poller = ZMQPoller()
        let socketIndex = poller.add(socket: pull, events: .in)
        let pipeIndex = poller.add(fileDescriptor: fds[0], events: .in)
        XCTAssertEqual([socketIndex, pipeIndex], [0, 1])
        XCTAssertEqual(poller.count, 2)

        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0)
        XCTAssertEqual(poller.revents(at: socketIndex), [])
        XCTAssertEqual(poller.revents(at: pipeIndex), [])

        var byte: UInt8 = 0x21
        XCTAssertEqual(write(fds[1], &byte, 1), 1)
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 1000), 1)
        XCTAssertEqual(poller.revents(at: socketIndex), [])
        XCTAssertEqual(poller.revents(at: pipeIndex), .in)

        XCTAssertTrue(try push.send([0x01]))
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 1000), 2)
        XCTAssertEqual(poller.revents(at: socketIndex), .in)
        XCTAssertEqual(poller.revents(at: pipeIndex), .in, "level-triggered: still unread")

        XCTAssertEqual(read(fds[0], &byte, 1), 1)
        XCTAssertEqual(try pull.expectFrame(), [0x01])
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 10), 0)
        XCTAssertEqual(poller.revents(at: socketIndex), [])
        XCTAssertEqual(poller.revents(at: pipeIndex), [])
    }

    /// The trap of waiting on `ZMQ_FD` alone: a call on the socket can process the command that made its fd
    /// readable, so the fd stays quiet while a message waits. The poller asks such a socket again (every call
    /// marks it), so it still reports the message, at once, and keeps reporting one the caller leaves unread.
    func testAMessageWhoseSignalACallSwallowedIsStillReported() throws {
        try forEachPolledPull { transport, push, pull, poller, index in
            XCTAssertTrue(try push.send([0x01]))
            XCTAssertTrue(try push.send([0x02]))
            XCTAssertEqual(try pull.expectFrame(), [0x01], transport)  // takes the fd's signal with it
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, "\(transport): the second frame waits")
            XCTAssertEqual(poller.revents(at: index), .in)
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, "\(transport): level-triggered: still unread")
            XCTAssertEqual(try pull.expectFrame(), [0x02], transport)
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 10), 0, transport)
            XCTAssertEqual(poller.revents(at: index), [])

            // A socket left alone since its last answer: only its fd's signal tells the poller of a new message.
            XCTAssertTrue(try push.send([0x03]))
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, transport)
            XCTAssertEqual(try pull.expectFrame(), [0x03], transport)
        }
    }

    /// A drain loop ends with a receive that finds nothing; libzmq drained the socket's mailbox to say so, so
    /// the poller trusts "no input" without asking again, and the next message still wakes it through the fd.
    /// A send, or an item that also waits for output, makes it ask as before.
    func testAReceiveThatFoundNothingSparesTheNextAsk() throws {
        try forEachPolledPull { transport, push, pull, poller, index in
            let asked = pull.pollAsks  // asks so far; what follows counts from here
            XCTAssertTrue(try push.send([0x01]))
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, transport)
            XCTAssertEqual(pull.pollAsks - asked, 1, "\(transport): its fd signalled")
            XCTAssertEqual(try pull.receive(dontWait: true), [0x01], transport)
            XCTAssertNil(try pull.receive(dontWait: true), transport)
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0, transport)
            XCTAssertEqual(poller.revents(at: index), [])
            XCTAssertEqual(pull.pollAsks - asked, 1, "\(transport): drained by the receive: not asked")

            XCTAssertTrue(try push.send([0x02]))
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, "\(transport): the fd still signals")
            XCTAssertEqual(poller.revents(at: index), .in)
            XCTAssertEqual(pull.pollAsks - asked, 2, transport)

            // A receive that got a frame leaves the answer stale: asked again.
            XCTAssertEqual(try pull.receive(dontWait: true), [0x02], transport)
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0, transport)
            XCTAssertEqual(pull.pollAsks - asked, 3, transport)

            // Waiting for output too: the drained receive says nothing about it, so the poller asks.
            XCTAssertNil(try pull.receive(dontWait: true), transport)
            poller.setEvents([.in, .out], at: index)
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0, "\(transport): PULL is never writable")
            XCTAssertEqual(pull.pollAsks - asked, 4, transport)
        }
    }

    /// A drain that stops after a frame, without the receive that finds the socket empty (the app after an event
    /// flagged `alone`), leaves libzmq's pipe awake: a message written to it then sends the socket no command, and
    /// its fd stays quiet. The receive left the socket to be asked, so the next poll asks, finds the message, and
    /// (once it is read and an ask finds nothing) the pipe is asleep again and the next message signals the fd. A
    /// poller that trusted the fd after a receive would sleep through the message until its timeout.
    func testAMessageBehindAFrameReadWithoutAnEmptyReceiveIsStillReported() throws {
        try forEachPolledPull { transport, push, pull, poller, index in
            XCTAssertTrue(try push.send([0x01]))
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, transport)
            XCTAssertEqual(try pull.receive(dontWait: true), [0x01], transport)
            XCTAssertTrue(try push.send([0x02]))
            usleep(20_000)  // over ipc the I/O thread writes it into the awake pipe meanwhile
            let started = DispatchTime.now().uptimeNanoseconds
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, "\(transport): the second frame waits")
            XCTAssertLessThan(DispatchTime.now().uptimeNanoseconds - started, 2_000_000_000, "\(transport): at once")
            XCTAssertEqual(poller.revents(at: index), .in)
            XCTAssertEqual(try pull.receive(dontWait: true), [0x02], transport)
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0, transport)
            XCTAssertTrue(try push.send([0x03]))
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, "\(transport): the fd signals again")
            XCTAssertEqual(try pull.receive(dontWait: true), [0x03], transport)
        }
    }

    /// A run loop's step-5 poll without `poll(2)` (`pollWithoutWaiting`): once after each poll, the last poll's
    /// answers stand for sockets nothing used since (a message left unread is still reported), a socket used since
    /// is asked (a drained one is not), and it refuses (nil) when a plain descriptor other than the skipped one is in
    /// the set, or when anything in this process may have posted to a socket since (an inproc send, a bind).
    func testAnAnswerWithoutWaitingStandsOnTheLastPollAndAsksOnlyUsedSockets() throws {
        let fixture = try ZMQFixture()
        let (push, pull) = try fixture.pushPull(over: "ipc")
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        var poller = ZMQPoller()
        let index = poller.add(socket: pull, events: .in)
        let wakeUp = poller.add(fileDescriptor: fds[0], events: .in)
        XCTAssertNil(try poller.pollWithoutWaiting(skipping: wakeUp), "never polled")
        // One message through first (the connection's own commands come on the I/O thread's time), then drained.
        XCTAssertTrue(try push.send([0x00]))
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1)
        XCTAssertEqual(try pull.receive(dontWait: true), [0x00])
        XCTAssertNil(try pull.receive(dontWait: true))
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0)

        var asked = pull.pollAsks
        var byte: UInt8 = 1
        XCTAssertEqual(write(fds[1], &byte, 1), 1)
        XCTAssertEqual(try poller.pollWithoutWaiting(skipping: wakeUp), 0, "the skipped descriptor is the caller's")
        XCTAssertEqual(poller.revents(at: wakeUp), [])
        XCTAssertEqual(pull.pollAsks, asked, "not used since the poll")
        XCTAssertEqual(pull.pollAnswersWithoutWaiting, 1)
        XCTAssertNil(try poller.pollWithoutWaiting(skipping: wakeUp), "once between two polls")
        XCTAssertEqual(read(fds[0], &byte, 1), 1)

        // A message left unread stays reported; a socket used since is asked.
        XCTAssertTrue(try push.send([0x01]))
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1)
        XCTAssertEqual(try poller.pollWithoutWaiting(skipping: wakeUp), 1, "level-triggered: still unread")
        XCTAssertEqual(poller.revents(at: index), .in)
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 1)
        asked = pull.pollAsks
        XCTAssertEqual(try pull.receive(dontWait: true), [0x01])
        XCTAssertEqual(try poller.pollWithoutWaiting(skipping: wakeUp), 0)
        XCTAssertEqual(pull.pollAsks, asked + 1, "used since: asked")

        // An inproc send anywhere in the process may have made a socket readable already: refused.
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0)
        let (inprocPush, inprocPull) = try fixture.pushPull(over: "inproc")
        defer { withExtendedLifetime(inprocPull) {} }
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0)
        XCTAssertTrue(try inprocPush.send([0x02]))
        XCTAssertNil(try poller.pollWithoutWaiting(skipping: wakeUp), "an inproc send since the poll")

        // A plain descriptor the caller does not answer: its state is unknown without poll(2).
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0)
        XCTAssertNil(try poller.pollWithoutWaiting(skipping: index), "the pipe is not skipped")
    }

    /// One socket in two items, the first waiting for input only: when the second asks (and so takes the fd's
    /// signal), the first still reads the new answer. Over inproc a sent message is in the socket's mailbox
    /// when `send` returns, so a wait must end at once; before, the first item kept its old "no input" and the
    /// wait slept on an fd whose signal was gone (here until a watchdog's pipe, 10 s later, woke it).
    func testASocketInTwoItemsReadsTheAnswerAskedForEither() throws {
        let (fixture, push, pull, fds) = try inprocPairAndPipe()
        defer { withExtendedLifetime(fixture) {} }
        var poller = ZMQPoller()
        let input = poller.add(socket: pull, events: .in)
        let output = poller.add(socket: pull, events: .out)  // never ready: a PULL is never writable
        let watchdog = poller.add(fileDescriptor: fds[0], events: .in)
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0)
        XCTAssertNil(try pull.receive(dontWait: true))  // drained: "no input" is fresh
        XCTAssertTrue(try push.send([0x01]))

        let writer = fds[1]
        let wake = DispatchWorkItem {
            var byte: UInt8 = 1
            _ = write(writer, &byte, 1)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 10, execute: wake)
        let ready = try poller.poll(timeoutMilliseconds: -1)
        wake.cancel()
        XCTAssertEqual(poller.revents(at: watchdog), [], "the wait ended for the message, not for the watchdog")
        XCTAssertEqual(ready, 1)
        XCTAssertEqual(poller.revents(at: input), .in)
        XCTAssertEqual(poller.revents(at: output), [])
    }

    /// An item added with `add(receivingFrom:)` (a run loop's socket port) answers by receiving: the frame it finds is
    /// held in the socket and every receive returns it first, whole multipart messages in order, with no ask at all.
    /// The pipe stays awake after a frame is read this way (no receive found it empty), so a message written behind it
    /// sends no signal: the receive made the answer stale, so the next poll receives again and finds it at once; a
    /// poller that trusted the fd would sleep here until its timeout.
    func testAReceivingItemHoldsTheFrameItFoundAndNeverSleepsThroughAMessageBehindIt() throws {
        for transport in ["inproc", "ipc"] {
            let fixture = try ZMQFixture()
            let (push, pull) = try fixture.pushPull(over: transport)
            var poller = ZMQPoller()
            let index = poller.add(receivingFrom: pull)
            XCTAssertTrue(try push.send([0x00]))
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, transport)
            XCTAssertTrue(pull.holdsFrame, transport)
            XCTAssertEqual(try pull.receive(dontWait: true), [0x00], "\(transport): the held frame")
            XCTAssertNil(try pull.receive(dontWait: true), transport)
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0, transport)
            let received = pull.pollReceives

            XCTAssertTrue(try push.send([0x01]))
            XCTAssertTrue(try push.sendMultipart([[0x02], [0x03, 0x04]]))
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, transport)
            XCTAssertEqual(poller.revents(at: index), .in)
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 1, "\(transport): level-triggered: still held")
            XCTAssertEqual(pull.pollReceives - received, 1, "\(transport): a held frame is not received again")
            XCTAssertTrue(try pull.events.contains(.in), "\(transport): ZMQ_EVENTS counts the held frame")
            var buffer = [UInt8](repeating: 0, count: 4)
            let size = try buffer.withUnsafeMutableBytes { try pull.receive(into: $0, dontWait: true) }
            XCTAssertEqual(size, 1, transport)
            XCTAssertEqual(buffer[0], 0x01, "\(transport): first in, first out")

            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, "\(transport): used since: received again")
            XCTAssertEqual(try pull.receiveMultipart(dontWait: true), [[0x02], [0x03, 0x04]], transport)
            XCTAssertTrue(try push.send([0x05]))
            usleep(20_000)  // over ipc the I/O thread writes it into the awake pipe meanwhile
            let started = DispatchTime.now().uptimeNanoseconds
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, "\(transport): the frame behind")
            XCTAssertLessThan(DispatchTime.now().uptimeNanoseconds - started, 2_000_000_000, "\(transport): at once")
            XCTAssertEqual(try pull.receive(dontWait: true), [0x05], transport)
            XCTAssertNil(try pull.receive(dontWait: true), transport)
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0, transport)
            XCTAssertTrue(try push.send([0x06]))
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, "\(transport): the fd signals again")
            XCTAssertEqual(try pull.receive(dontWait: true), [0x06], transport)
            XCTAssertEqual(pull.pollAsks, 0, "\(transport): never asked")

            // Closed while holding a frame: the frame goes with the socket, and the poll refuses it.
            XCTAssertTrue(try push.send([0x07]))
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, transport)
            XCTAssertTrue(pull.holdsFrame, transport)
            pull.close()
            XCTAssertFalse(pull.holdsFrame, transport)
            XCTAssertThrowsError(try poller.poll(timeoutMilliseconds: 0), transport)
        }
    }

    /// A socket in two items, one receiving: both are asked (a receive's answer says nothing about output), and a
    /// frame the socket already holds still counts as input for an item that asks.
    func testASocketAlreadyInThePollerIsAskedForBothItems() throws {
        let (fixture, push, pull, _) = try inprocPairAndPipe()
        defer { withExtendedLifetime(fixture) {} }
        var held = ZMQPoller()
        held.add(receivingFrom: pull)
        XCTAssertTrue(try push.send([0x01]))
        XCTAssertEqual(try held.poll(timeoutMilliseconds: 5000), 1)
        XCTAssertTrue(pull.holdsFrame)

        var poller = ZMQPoller()
        let output = poller.add(socket: pull, events: .out)
        let input = poller.add(receivingFrom: pull)
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 1)
        XCTAssertEqual(poller.revents(at: input), .in, "the held frame")
        XCTAssertEqual(poller.revents(at: output), [])
        XCTAssertEqual(pull.pollAsks, 1)
        XCTAssertEqual(try pull.receive(dontWait: true), [0x01])
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0)
        XCTAssertEqual(pull.pollAsks, 2, "asked, not received")
    }

    /// A wait whose `poll(2)` times out returns at once with nothing ready (one system call, not a second
    /// zero-timeout `poll(2)`), and not before its time.
    func testATimedOutWaitReturnsNothingAfterItsTimeout() throws {
        let (fixture, _, pull, fds) = try inprocPairAndPipe()
        defer { withExtendedLifetime(fixture) {} }
        var poller = ZMQPoller()
        poller.add(socket: pull, events: .in)
        poller.add(fileDescriptor: fds[0], events: .in)
        let started = DispatchTime.now().uptimeNanoseconds
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 30), 0)
        XCTAssertGreaterThanOrEqual(DispatchTime.now().uptimeNanoseconds - started, 30_000_000)
        XCTAssertEqual(poller.revents(at: 0), [])
        XCTAssertEqual(poller.revents(at: 1), [])
    }

    /// An inproc PUSH → PULL pair and a pipe (`fds[0]` reads, `fds[1]` writes), closed when the test ends.
    private func inprocPairAndPipe() throws -> (ZMQFixture, push: ZMQSocket, pull: ZMQSocket, fds: [Int32]) {
        let fixture = try ZMQFixture()
        let (push, pull) = try fixture.pushPull(over: "inproc")
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        addTeardownBlock { [fds] in
            close(fds[0])
            close(fds[1])
        }
        return (fixture, push, pull, fds)
    }

    /// Runs `body` over inproc and ipc with a PUSH → PULL pair, the PULL in a poller that waits for input,
    /// after one message has gone through and been drained (nothing waits).
    private func forEachPolledPull(
        _ body: (_ transport: String, _ push: ZMQSocket, _ pull: ZMQSocket, _ poller: inout ZMQPoller, _ index: Int) throws ->
            Void
    ) throws {
        for transport in ["inproc", "ipc"] {
            let fixture = try ZMQFixture()
            let (push, pull) = try fixture.pushPull(over: transport)
            var poller = ZMQPoller()
            let index = poller.add(socket: pull, events: .in)
            // One message through first: over ipc the connection's own commands (the pipe being attached) reach
            // the socket's mailbox on the I/O thread's time, and would wake the poller at an unpredictable point.
            XCTAssertTrue(try push.send([0x00]))
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 5000), 1, transport)
            XCTAssertEqual(try pull.receive(dontWait: true), [0x00], transport)
            XCTAssertNil(try pull.receive(dontWait: true), transport)
            XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 0, transport)
            try body(transport, push, pull, &poller, index)
        }
    }

    func testPollReportsWritableSocketsAndAHungUpPipeAsError() throws {
        let fixture = try ZMQFixture()
        let (push, pull) = try fixture.pushPull(over: "inproc")
        defer { withExtendedLifetime(pull) {} }  // PUSH is writable only while it has a peer
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        defer { close(fds[0]) }

        var poller = ZMQPoller()
        poller.add(socket: push, events: [.in, .out])
        poller.add(fileDescriptor: fds[0], events: .in)
        close(fds[1])
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 2)
        XCTAssertEqual(poller.revents(at: 0), .out, "PUSH never has input")
        XCTAssertEqual(poller.revents(at: 1), .err, "POLLHUP on an empty pipe maps to ZMQ_POLLERR")

        poller.setEvents(.in, at: 0)
        XCTAssertEqual(poller.events(at: 0), .in)
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 0), 1)
        XCTAssertEqual(poller.revents(at: 0), [])
    }

    func testPollRefusesASocketClosedAfterItWasAdded() throws {
        let fixture = try ZMQFixture()
        let pull = try fixture.socket(.pull)
        var poller = ZMQPoller()
        poller.add(socket: pull, events: .in)
        pull.close()
        XCTAssertThrowsError(try poller.poll(timeoutMilliseconds: 0)) { error in
            XCTAssertEqual((error as? ZMQError)?.code, ENOTSOCK)
            XCTAssertEqual(
                (error as? ZMQError)?.message,
                "Socket operation on non-socket: item 0 is a closed socket")
        }
    }
}
