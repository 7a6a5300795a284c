import XCTest
import ZeroMQ

final class HighWaterMarkTests: XCTestCase {
    func testInprocPushStopsAfterSendPlusReceiveHighWaterMarkAndResumesAfterARead() throws {
        let fixture = try ZMQFixture()
        let pull = try fixture.socket(.pull)
        let push = try fixture.socket(.push)
        try pull.setReceiveHighWaterMark(1)
        try push.setSendHighWaterMark(1)
        try pull.bind("inproc://hwm")
        try push.connect("inproc://hwm")

        // inproc has one pipe whose limit is the sender's SNDHWM plus the receiver's RCVHWM: 2 messages.
        var accepted: [UInt8] = []
        for value in UInt8(0)..<10 {
            guard try push.send([value], dontWait: true) else { break }
            accepted.append(value)
        }
        XCTAssertEqual(accepted, [0, 1])
        XCTAssertEqual(try push.events, [])

        XCTAssertEqual(try pull.expectFrame(), [0])
        // The read frees a slot, but the PUSH learns it from a command in its mailbox, which a dontWait
        // send may not process yet (libzmq throttles that); a poll for .out processes it.
        var poller = ZMQPoller()
        poller.add(socket: push, events: .out)
        XCTAssertEqual(try poller.poll(timeoutMilliseconds: 1000), 1)
        XCTAssertEqual(poller.revents(at: 0), .out)
        XCTAssertTrue(try push.send([2], dontWait: true))
        XCTAssertFalse(try push.send([3], dontWait: true))
        XCTAssertEqual(try pull.expectFrame(), [1])
        XCTAssertEqual(try pull.expectFrame(), [2])
        XCTAssertNil(try pull.receive(dontWait: true))
    }

    func testTCPPushToAPeerThatDoesNotReadEventuallyReturnsFalse() throws {
        let fixture = try ZMQFixture()
        let pull = try fixture.socket(.pull)
        let push = try fixture.socket(.push)
        try pull.setReceiveHighWaterMark(1)
        try push.setSendHighWaterMark(1)
        try pull.bind("tcp://127.0.0.1:*")
        try push.connect(pull.lastEndpoint)

        // Over tcp libzmq's I/O thread keeps moving frames into the kernel's socket buffers, so a false
        // can be momentary. Keep sending while the socket becomes writable again within 50 ms; the
        // buffers (a few MiB) fill far below 4096 frames of 64 KiB, and then nothing drains any more.
        let frame = [UInt8](repeating: 0x5A, count: 64 * 1024)
        var poller = ZMQPoller()
        poller.add(socket: push, events: .out)
        var sent = 0
        while sent < 4096 {
            if try push.send(frame, dontWait: true) {
                sent += 1
            } else if try poller.poll(timeoutMilliseconds: 50) == 0 {
                break
            }
        }
        XCTAssertGreaterThanOrEqual(sent, 2)
        XCTAssertLessThan(sent, 4096)
        XCTAssertEqual(try push.events, [])
        XCTAssertFalse(try push.send(frame, dontWait: true))

        // A blocking send with a send timeout also reports the full queue as false.
        try push.setSendTimeout(10)
        XCTAssertFalse(try push.send(frame))
    }
}
