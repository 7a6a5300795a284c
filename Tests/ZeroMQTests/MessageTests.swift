import XCTest
import ZeroMQ

final class MessageTests: XCTestCase {
    func testResetVariantsReplaceThePayloadInPlace() throws {
        let message = ZMQMessage()
        XCTAssertEqual(message.count, 0)
        XCTAssertEqual(message.bytes, [])
        XCTAssertFalse(message.more)
        let address = message.pointer

        let long = [UInt8](repeating: 0xAB, count: 34)
        try long.withUnsafeBytes { try message.reset(copying: $0) }
        XCTAssertEqual(message.bytes, long)

        try message.reset(size: 3)
        message.withUnsafeMutableBytes { $0.copyBytes(from: [7, 8, 9]) }
        XCTAssertEqual(message.bytes, [7, 8, 9])

        message.reset()
        XCTAssertEqual(message.count, 0)
        XCTAssertEqual(message.pointer, address, "the zmq_msg_t never moves")
    }

    func testAnImpossibleSizeIsAnErrorNotACrash() {
        XCTAssertThrowsError(try ZMQMessage(size: Int.max)) { error in
            XCTAssertEqual((error as? ZMQError)?.code, ENOMEM)
            XCTAssertEqual((error as? ZMQError)?.operation, "zmq_msg_init_size(\(Int.max))")
        }
        let message = ZMQMessage()
        XCTAssertThrowsError(try message.reset(size: Int.max))
        XCTAssertEqual(message.count, 0, "still a valid, empty message")
    }

    func testMultipartFromMessagesKeepsFrameBoundaries() throws {
        let fixture = try ZMQFixture()
        let (push, pull) = try fixture.pushPull(over: "ipc")
        let head = try ZMQMessage(copying: [0x01])
        let body = try ZMQMessage(copying: [UInt8](repeating: 0x02, count: 100))
        XCTAssertTrue(try push.send(head, more: true))
        XCTAssertTrue(try push.send(body))
        var frames: [ZMQMessage] = []
        XCTAssertEqual(try pull.receiveMultipart(into: &frames), 2)
        XCTAssertEqual(frames[0].bytes, [0x01])
        XCTAssertEqual(frames[1].bytes, [UInt8](repeating: 0x02, count: 100))
    }
}
