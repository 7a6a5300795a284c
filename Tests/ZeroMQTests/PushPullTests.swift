import XCTest
import ZeroMQ

final class PushPullTests: XCTestCase {
    private let transports = ["inproc", "ipc", "tcp"]

    func testSingleFramesArriveInOrderOverEveryTransport() throws {
        for transport in transports {
            let fixture = try ZMQFixture()
            let (push, pull) = try fixture.pushPull(over: transport)
            XCTAssertTrue(try push.send([0x01, 0x02, 0x03]), transport)
            XCTAssertTrue(try push.send([0xFF]), transport)
            XCTAssertEqual(try pull.expectFrame(), [0x01, 0x02, 0x03], transport)
            XCTAssertEqual(try pull.expectFrame(), [0xFF], transport)
            XCTAssertFalse(try pull.hasMore, transport)
            XCTAssertNil(try pull.receive(dontWait: true), transport)
        }
    }

    func testEmptyVSMBoundaryAndOneMebibyteMessagesReuseOneReceiveMessage() throws {
        // 33 bytes is the largest payload stored inside zmq_msg_t (VSM); 34 goes to the heap.
        let payloads = [0, 33, 34, 1 << 20, 1].map { size in
            [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                for index in 0..<size { buffer[index] = UInt8(truncatingIfNeeded: index &* 31 &+ size) }
                count = size
            }
        }
        for transport in transports {
            let fixture = try ZMQFixture()
            let (push, pull) = try fixture.pushPull(over: transport)
            let received = ZMQMessage()
            for payload in payloads {
                let size = payload.count
                XCTAssertTrue(try push.send(payload), "\(transport) \(size)")
                XCTAssertTrue(try pull.receive(into: received), "\(transport) \(size)")
                XCTAssertEqual(received.count, size, "\(transport) \(size)")
                XCTAssertFalse(received.more)
                XCTAssertTrue(received.withUnsafeBytes { $0.elementsEqual(payload) }, "\(transport) \(size)")
            }
        }
    }

    func testZeroCopySendHandsOffThePayloadAndEmptiesTheMessage() throws {
        let fixture = try ZMQFixture()
        let (push, pull) = try fixture.pushPull(over: "tcp")
        for size in [33, 34] {
            let payload = (0..<size).map { UInt8($0 + 100) }
            let outgoing = try ZMQMessage(copying: payload)
            XCTAssertEqual(outgoing.count, size)
            XCTAssertTrue(try push.send(outgoing))
            XCTAssertEqual(outgoing.count, 0, "libzmq took the payload; the message is empty and reusable")
            XCTAssertEqual(try pull.expectFrame(), payload)
        }
        // A message filled in place, then forwarded.
        let message = try ZMQMessage(size: 4)
        message.withUnsafeMutableBytes { $0.copyBytes(from: [0xDE, 0xAD, 0xBE, 0xEF]) }
        XCTAssertTrue(try push.send(message))
        XCTAssertEqual(try pull.expectFrame(), [0xDE, 0xAD, 0xBE, 0xEF])
    }

    func testReceiveAndForwardTheSameMessageWithoutCopying() throws {
        let fixture = try ZMQFixture()
        let (push, middle) = try fixture.pushPull(over: "inproc")
        let out = try fixture.socket(.push)
        let sink = try fixture.socket(.pull)
        try sink.bind("inproc://sink")
        try out.connect("inproc://sink")
        XCTAssertTrue(try push.send(Array(repeating: 7, count: 40)))
        let message = ZMQMessage()
        XCTAssertTrue(try middle.receive(into: message))
        message.withUnsafeMutableBytes { $0[0] = 0x42 }  // stamp in place
        XCTAssertTrue(try out.send(message))
        XCTAssertEqual(try sink.expectFrame(), [0x42] + Array(repeating: 7, count: 39))
    }

    func testDontWaitOnAnEmptyQueueReturnsFalseAndNil() throws {
        let fixture = try ZMQFixture()
        let (_, pull) = try fixture.pushPull(over: "inproc")
        XCTAssertFalse(try pull.receive(into: ZMQMessage(), dontWait: true))
        XCTAssertNil(try pull.receive(dontWait: true))
        XCTAssertNil(try pull.receiveMultipart(dontWait: true))
        var buffer = [UInt8](repeating: 0, count: 8)
        XCTAssertNil(try buffer.withUnsafeMutableBytes { try pull.receive(into: $0, dontWait: true) })
    }

    func testReceiveTimeoutReturnsFalseInsteadOfThrowing() throws {
        let fixture = try ZMQFixture()
        let (_, pull) = try fixture.pushPull(over: "inproc")
        try pull.setReceiveTimeout(20)
        XCTAssertNil(try pull.receive())
    }

    func testReceiveIntoABufferReportsTheFullSizeWhenTruncated() throws {
        let fixture = try ZMQFixture()
        let (push, pull) = try fixture.pushPull(over: "inproc")
        XCTAssertTrue(try push.send([1, 2, 3, 4, 5, 6]))
        var buffer = [UInt8](repeating: 0, count: 4)
        let size = try buffer.withUnsafeMutableBytes { try pull.receive(into: $0) }
        XCTAssertEqual(size, 6)
        XCTAssertEqual(buffer, [1, 2, 3, 4])
    }

    func testSendFromARawBufferWithMoreBuildsOneMultipartMessage() throws {
        let fixture = try ZMQFixture()
        let (push, pull) = try fixture.pushPull(over: "ipc")
        let head: [UInt8] = [0xAA, 0xBB]
        XCTAssertTrue(try head.withUnsafeBytes { try push.send($0, more: true) })
        XCTAssertTrue(try push.send([UInt8](), more: true))
        XCTAssertTrue(try push.send([0xCC]))
        XCTAssertEqual(try pull.receiveMultipart(), [[0xAA, 0xBB], [], [0xCC]])
    }
}
