import XCTest
import ZeroMQ

final class OptionsTests: XCTestCase {
    func testHeartbeatOptionsRoundTrip() throws {
        let fixture = try ZMQFixture()
        let socket = try fixture.socket(.dealer)
        XCTAssertEqual(try socket.heartbeatInterval, 0)
        XCTAssertEqual(try socket.heartbeatTimeout, -1)
        XCTAssertEqual(try socket.heartbeatTTL, 0)
        try socket.setHeartbeatInterval(100)
        try socket.setHeartbeatTimeout(300)
        try socket.setHeartbeatTTL(2000)
        XCTAssertEqual(try socket.heartbeatInterval, 100)
        XCTAssertEqual(try socket.heartbeatTimeout, 300)
        XCTAssertEqual(try socket.heartbeatTTL, 2000)
        // libzmq keeps the TTL in deciseconds.
        try socket.setHeartbeatTTL(2050)
        XCTAssertEqual(try socket.heartbeatTTL, 2000)
        try socket.setHeartbeatTTL(6_553_599)
        XCTAssertEqual(try socket.heartbeatTTL, 6_553_500)
        XCTAssertThrowsError(try socket.setHeartbeatTTL(6_553_600)) { error in
            XCTAssertEqual((error as? ZMQError)?.code, EINVAL)
            XCTAssertEqual((error as? ZMQError)?.operation, "zmq_setsockopt(ZMQ_HEARTBEAT_TTL, 6553600)")
            XCTAssertEqual((error as? ZMQError)?.message, "Invalid argument")
        }
    }

    func testQueueTimeoutAndConnectionOptionsRoundTrip() throws {
        let context = try ZMQContext()
        let socket = try context.socket(.push)
        XCTAssertEqual(try socket.linger, -1, "libzmq's default: wait for unsent messages")
        XCTAssertEqual(try socket.sendHighWaterMark, 1000)
        XCTAssertEqual(try socket.receiveHighWaterMark, 1000)
        XCTAssertEqual(try socket.sendTimeout, -1)
        XCTAssertEqual(try socket.receiveTimeout, -1)
        XCTAssertFalse(try socket.immediate)
        XCTAssertEqual(try socket.routingID, [])

        try socket.setLinger(25)
        try socket.setSendHighWaterMark(7)
        try socket.setReceiveHighWaterMark(9)
        try socket.setSendTimeout(11)
        try socket.setReceiveTimeout(13)
        try socket.setImmediate(true)
        XCTAssertEqual(try socket.linger, 25)
        XCTAssertEqual(try socket.sendHighWaterMark, 7)
        XCTAssertEqual(try socket.receiveHighWaterMark, 9)
        XCTAssertEqual(try socket.sendTimeout, 11)
        XCTAssertEqual(try socket.receiveTimeout, 13)
        XCTAssertTrue(try socket.immediate)
        XCTAssertEqual(socket.type, .push)
        XCTAssertEqual(try socket.intOption(16 /* ZMQ_TYPE */), 8 /* ZMQ_PUSH */)
    }

    func testNonBlockyContextGivesSocketsLingerZero() throws {
        let context = try ZMQContext(ioThreads: 2, blocky: false)
        let socket = try context.socket(.push)
        XCTAssertEqual(try socket.linger, 0)
        // With linger 0 this unsent message cannot hold up the context's termination in deinit.
        try socket.connect("tcp://127.0.0.1:1")
        XCTAssertTrue(try socket.send([1], dontWait: true))
    }

    func testValuesOutsideACIntAreRejected() throws {
        let fixture = try ZMQFixture()
        let socket = try fixture.socket(.push)
        XCTAssertThrowsError(try socket.setLinger(Int(Int32.max) + 1)) { error in
            XCTAssertEqual((error as? ZMQError)?.code, EINVAL)
            XCTAssertEqual(
                (error as? ZMQError)?.message,
                "Invalid argument: 2147483648 does not fit in a C int")
        }
    }

    func testSubscriptionsFilterByPrefix() throws {
        let fixture = try ZMQFixture()
        let pub = try fixture.socket(.pub)
        let sub = try fixture.socket(.sub)
        try pub.bind("inproc://topics")
        try sub.subscribe("b")
        try sub.subscribe([0x01])
        try sub.connect("inproc://topics")
        // inproc subscriptions travel with the connection, so nothing published below is missed.
        XCTAssertTrue(try pub.send(Array("apple".utf8)))
        XCTAssertTrue(try pub.send(Array("banana".utf8)))
        XCTAssertTrue(try pub.send([0x01, 0x02]))
        XCTAssertEqual(try sub.expectFrame(), Array("banana".utf8))
        XCTAssertEqual(try sub.expectFrame(), [0x01, 0x02])
        try sub.unsubscribe("b")
        try sub.setReceiveTimeout(10)
        XCTAssertEqual(try sub.receive(), nil as [UInt8]?, "unsubscribe reaches the PUB on its next send")
        XCTAssertTrue(try pub.send(Array("berry".utf8)))
        XCTAssertNil(try sub.receive())
    }

    func testReadOnlyStateOfASocket() throws {
        let fixture = try ZMQFixture()
        let (push, pull) = try fixture.pushPull(over: "inproc")
        XCTAssertGreaterThanOrEqual(try pull.fileDescriptor, 0)
        XCTAssertEqual(try pull.events, [])
        XCTAssertEqual(try push.events, .out)
        XCTAssertEqual(try pull.lastEndpoint, "inproc://pushpull")
        XCTAssertTrue(try push.send([1], more: true))
        XCTAssertTrue(try push.send([2]))
        XCTAssertEqual(try pull.events, .in)
        XCTAssertEqual(try pull.expectFrame(), [1])
        XCTAssertTrue(try pull.hasMore)
        XCTAssertEqual(try pull.expectFrame(), [2])
        XCTAssertFalse(try pull.hasMore)
    }

    func testEveryCallAfterCloseThrowsNotASocket() throws {
        let fixture = try ZMQFixture()
        let socket = try fixture.socket(.pull)
        socket.close()
        socket.close()  // closing twice is harmless
        XCTAssertTrue(socket.isClosed)
        XCTAssertThrowsError(try socket.setLinger(0)) { error in
            let expected = ZMQError(
                code: ENOTSOCK, message: "Socket operation on non-socket: the socket was closed",
                operation: "zmq_setsockopt(ZMQ_LINGER)")
            XCTAssertEqual(error as? ZMQError, expected)
        }
        XCTAssertThrowsError(try socket.receive(dontWait: true)) { error in
            XCTAssertEqual((error as? ZMQError)?.operation, "zmq_msg_recv")
        }
        XCTAssertThrowsError(try socket.bind("inproc://closed")) { error in
            XCTAssertEqual((error as? ZMQError)?.operation, "zmq_bind(inproc://closed)")
        }
    }
}
