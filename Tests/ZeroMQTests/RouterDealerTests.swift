import XCTest
import ZeroMQ

final class RouterDealerTests: XCTestCase {
    func testRouterSeesTheDealerRoutingIDAsTheFirstFrameAndRoutesRepliesBack() throws {
        let fixture = try ZMQFixture()
        let router = try fixture.socket(.router)
        let dealer = try fixture.socket(.dealer)
        try router.bind("tcp://127.0.0.1:*")
        try dealer.setRoutingID([0x41, 0x42])
        XCTAssertEqual(try dealer.routingID, [0x41, 0x42])
        try dealer.connect(router.lastEndpoint)

        XCTAssertTrue(try dealer.sendMultipart([[0x10], [], [0x20, 0x21]]))
        XCTAssertEqual(try router.receiveMultipart(), [[0x41, 0x42], [0x10], [], [0x20, 0x21]])

        XCTAssertTrue(try router.sendMultipart([[0x41, 0x42], [0x99], [0x98, 0x97]]))
        XCTAssertEqual(try dealer.receiveMultipart(), [[0x99], [0x98, 0x97]])
    }

    func testMultipartReceiveIntoReusedMessagesGrowsOnlyWhenNeeded() throws {
        let fixture = try ZMQFixture()
        let router = try fixture.socket(.router)
        let dealer = try fixture.socket(.dealer)
        try router.bind("inproc://router")
        try dealer.setRoutingID([0x07])
        try dealer.connect("inproc://router")

        var frames: [ZMQMessage] = []
        XCTAssertTrue(try dealer.sendMultipart([[1], [2, 2]]))
        XCTAssertEqual(try router.receiveMultipart(into: &frames), 3)
        XCTAssertEqual(frames.map(\.bytes), [[0x07], [1], [2, 2]])
        XCTAssertEqual(frames.map(\.more), [true, true, false])
        let firstFrame = frames[0]

        XCTAssertTrue(try dealer.send([3]))
        XCTAssertEqual(try router.receiveMultipart(into: &frames), 2)
        XCTAssertEqual(frames.count, 3, "the third message object is kept for later")
        XCTAssertTrue(frames[0] === firstFrame)
        XCTAssertEqual(frames.prefix(2).map(\.bytes), [[0x07], [3]])
        XCTAssertNil(try router.receiveMultipart(into: &frames, dontWait: true))
    }

    func testMandatoryRouterReportsAnUnknownPeerAsHostUnreachable() throws {
        let fixture = try ZMQFixture()
        let router = try fixture.socket(.router)
        try router.setRouterMandatory(true)
        try router.bind("inproc://mandatory")
        XCTAssertThrowsError(try router.sendMultipart([[0x5A], [1, 2, 3]])) { error in
            guard let error = error as? ZMQError else { return XCTFail("not a ZMQError: \(error)") }
            XCTAssertEqual(error.code, EHOSTUNREACH)
            XCTAssertEqual(error.message, "Host unreachable")
            XCTAssertEqual(error.operation, "zmq_send(frame 1 of 2)")
            XCTAssertEqual(error.description, "zmq_send(frame 1 of 2): Host unreachable (errno \(EHOSTUNREACH))")
        }
    }

    func testNonMandatoryRouterDropsMessagesForUnknownPeersSilently() throws {
        let fixture = try ZMQFixture()
        let router = try fixture.socket(.router)
        try router.bind("inproc://lenient")
        XCTAssertTrue(try router.sendMultipart([[0x5A], [1, 2, 3]]))
    }

    func testProbeRouterMakesTheDealerAnnounceItselfWithAnEmptyMessage() throws {
        let fixture = try ZMQFixture()
        let router = try fixture.socket(.router)
        let dealer = try fixture.socket(.dealer)
        try router.bind("tcp://127.0.0.1:*")
        try dealer.setRoutingID(Array("app-1".utf8))
        try dealer.setProbeRouter(true)
        try dealer.connect(router.lastEndpoint)
        XCTAssertEqual(try router.receiveMultipart(), [Array("app-1".utf8), []])
    }

    func testHandoverLetsAReconnectingPeerTakeItsRoutingIDBack() throws {
        let fixture = try ZMQFixture()
        let router = try fixture.socket(.router)
        try router.setRouterHandover(true)
        try router.setRouterMandatory(true)
        try router.bind("tcp://127.0.0.1:*")
        let endpoint = try router.lastEndpoint
        let first = try fixture.socket(.dealer)
        try first.setRoutingID([0x01])
        try first.connect(endpoint)
        XCTAssertTrue(try first.send([0xA1]))
        XCTAssertEqual(try router.receiveMultipart(), [[0x01], [0xA1]])

        let second = try fixture.socket(.dealer)
        try second.setRoutingID([0x01])
        try second.connect(endpoint)
        XCTAssertTrue(try second.send([0xB2]))
        XCTAssertEqual(try router.receiveMultipart(), [[0x01], [0xB2]])

        XCTAssertTrue(try router.sendMultipart([[0x01], [0xC3]]))
        XCTAssertEqual(try second.receiveMultipart(), [[0xC3]])
    }

    func testInvalidRoutingIDsAreRejectedWithTheReason() throws {
        let fixture = try ZMQFixture()
        let dealer = try fixture.socket(.dealer)
        let cases: [([UInt8], String)] = [
            ([], "got 0 bytes"),
            ([0x00, 0x01], "got 2 bytes starting with 0x00"),
            (Array(repeating: 0x41, count: 256), "got 256 bytes"),
        ]
        for (id, reason) in cases {
            XCTAssertThrowsError(try dealer.setRoutingID(id)) { error in
                XCTAssertEqual((error as? ZMQError)?.code, EINVAL)
                XCTAssertEqual((error as? ZMQError)?.operation, "zmq_setsockopt(ZMQ_ROUTING_ID)")
                XCTAssertEqual(
                    (error as? ZMQError)?.message,
                    "Invalid argument: a routing id is 1-255 bytes not starting with 0x00, \(reason)")
            }
        }
        try dealer.setRoutingID(Array(repeating: 0x41, count: 255))
        XCTAssertEqual(try dealer.routingID.count, 255)
    }
}
