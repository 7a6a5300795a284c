import XCTest
import ZeroMQ

final class CurveTests: XCTestCase {
    override func setUpWithError() throws {
        guard ZMQLibrary.has("curve") else { throw XCTSkip("libzmq built without CURVE") }
    }

    func testZ85MatchesTheRFCExample() throws {
        // ZeroMQ RFC 32's test vector.
        let bytes: [UInt8] = [0x86, 0x4F, 0xD2, 0x6F, 0xB5, 0x59, 0xF7, 0x5B]
        XCTAssertEqual(try ZMQZ85.encode(bytes), "HelloWorld")
        XCTAssertEqual(try ZMQZ85.decode("HelloWorld"), bytes)
        XCTAssertThrowsError(try ZMQZ85.encode([1, 2, 3])) { error in
            XCTAssertEqual(
                (error as? ZMQError)?.message,
                "Invalid argument: Z85 encodes a multiple of 4 bytes, got 3")
        }
        XCTAssertThrowsError(try ZMQZ85.decode("Hell~")) { error in  // '~' is not in the Z85 alphabet
            XCTAssertEqual((error as? ZMQError)?.message, "Invalid argument: not Z85 text")
        }
        XCTAssertThrowsError(try ZMQZ85.decode("Hell")) { error in
            XCTAssertEqual((error as? ZMQError)?.code, EINVAL)
        }
    }

    func testKeyPairsAreFortyZ85CharactersOf32Bytes() throws {
        let pair = try ZMQCurveKeyPair.generate()
        XCTAssertEqual(pair.publicKey.utf8.count, 40)
        XCTAssertEqual(pair.secretKey.utf8.count, 40)
        XCTAssertEqual(try ZMQZ85.decode(pair.publicKey).count, 32)
        XCTAssertEqual(try ZMQZ85.encode(ZMQZ85.decode(pair.secretKey)), pair.secretKey)
        XCTAssertEqual(try ZMQCurveKeyPair(secretKey: pair.secretKey), pair)
        XCTAssertNotEqual(try ZMQCurveKeyPair.generate(), pair)
    }

    func testEncryptedPushPullExchange() throws {
        let fixture = try ZMQFixture()
        let serverKeys = try ZMQCurveKeyPair.generate()
        let clientKeys = try ZMQCurveKeyPair.generate()

        let server = try fixture.socket(.pull)
        try server.setCurveServer(true)
        try server.setCurveSecretKey(z85: serverKeys.secretKey)
        let serverEvents = try server.openMonitor(events: [.handshakeSucceeded, .handshakeFailedProtocol])
        try serverEvents.setReceiveTimeout(1000)
        try server.bind("tcp://127.0.0.1:*")

        let client = try fixture.socket(.push)
        try client.setCurveServerKey(z85: serverKeys.publicKey)  // Z85 form
        try client.setCurvePublicKey(ZMQZ85.decode(clientKeys.publicKey))  // binary form
        try client.setCurveSecretKey(ZMQZ85.decode(clientKeys.secretKey))
        XCTAssertTrue(try server.curveServer)
        XCTAssertFalse(try client.curveServer)
        XCTAssertEqual(try client.curveServerKey, try ZMQZ85.decode(serverKeys.publicKey))
        XCTAssertEqual(try client.curvePublicKey, try ZMQZ85.decode(clientKeys.publicKey))
        XCTAssertEqual(try client.curveSecretKey, try ZMQZ85.decode(clientKeys.secretKey))
        try client.connect(server.lastEndpoint)

        let payload = (0..<100).map { UInt8($0) }
        XCTAssertTrue(try client.send(payload))
        XCTAssertEqual(try server.expectFrame(), payload)
        XCTAssertEqual(try ZMQMonitorEvent.receive(from: serverEvents)?.event, .handshakeSucceeded)
    }

    func testAClientWithTheWrongServerKeyFailsTheHandshake() throws {
        let fixture = try ZMQFixture()
        let serverKeys = try ZMQCurveKeyPair.generate()
        let impostor = try ZMQCurveKeyPair.generate()
        let clientKeys = try ZMQCurveKeyPair.generate()

        let server = try fixture.socket(.pull)
        try server.setCurveServer(true)
        try server.setCurveSecretKey(z85: serverKeys.secretKey)
        let serverEvents = try server.openMonitor(events: [.handshakeSucceeded, .handshakeFailedProtocol])
        try serverEvents.setReceiveTimeout(1000)
        try server.bind("tcp://127.0.0.1:*")

        let client = try fixture.socket(.push)
        try client.setCurveServerKey(z85: impostor.publicKey)
        try client.setCurvePublicKey(z85: clientKeys.publicKey)
        try client.setCurveSecretKey(z85: clientKeys.secretKey)
        try client.connect(server.lastEndpoint)
        XCTAssertTrue(try client.send([1]))

        let failure = try XCTUnwrap(ZMQMonitorEvent.receive(from: serverEvents))
        XCTAssertEqual(failure.event, .handshakeFailedProtocol)
        XCTAssertEqual(failure.value, 0x1100_0001, "ZMQ_PROTOCOL_ERROR_ZMTP_CRYPTOGRAPHIC")
    }

    func testMalformedKeysAreRejectedWithTheReason() throws {
        let fixture = try ZMQFixture()
        let socket = try fixture.socket(.push)
        XCTAssertThrowsError(try socket.setCurvePublicKey([UInt8](repeating: 1, count: 31))) { error in
            XCTAssertEqual((error as? ZMQError)?.operation, "zmq_setsockopt(ZMQ_CURVE_PUBLICKEY)")
            XCTAssertEqual(
                (error as? ZMQError)?.message,
                "Invalid argument: a binary CURVE key is 32 bytes, got 31")
        }
        XCTAssertThrowsError(try socket.setCurveServerKey(z85: "tooShort")) { error in
            XCTAssertEqual(
                (error as? ZMQError)?.message,
                "Invalid argument: a Z85 CURVE key is 40 characters, got 8")
        }
        XCTAssertThrowsError(try ZMQCurveKeyPair(secretKey: "x")) { error in
            XCTAssertEqual((error as? ZMQError)?.operation, "zmq_curve_public")
        }
    }
}
