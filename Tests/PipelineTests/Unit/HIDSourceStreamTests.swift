import EventPort
import EventPortSending
import HIDEvent
import XCTest
import ZeroMQ

/// The sending library hid-source and `sbctl explore` share (`EventPortSending.HIDSourceStream`), read back on
/// a PULL socket as springboard's event port reads it: sequences from 1 under one sender id, a keep-alive owed only
/// while a finger is down and nothing went out for 250 ms, and the final end marker counting every frame.
final class HIDSourceStreamTests: XCTestCase {
    func testSequencesKeepAlivesAndTheFinalMarker() throws {
        let context = try ZMQContext(ioThreads: 1)
        let port = try context.socket(.pull)
        try port.setLinger(0)
        try port.setReceiveTimeout(2000)
        try port.bind("inproc://stream-test")
        let stream = try HIDSourceStream(context: context, endpoint: "inproc://stream-test", curve: nil, senderID: 0x5445)
        defer { stream.close() }

        XCTAssertNil(stream.nextKeepAlive, "no finger down: nothing owed")
        XCTAssertTrue(
            try stream.send(.digitizer(HIDDigitizerFrame(fingers: [HIDDigitizerEvent(finger: 1, .down, x: 10, y: 20)]))))
        let down = try HIDDecoder.decode(try XCTUnwrap(port.receive()))
        XCTAssertEqual([down.envelope.sequence, down.envelope.senderID], [1, 0x5445])
        let due = try XCTUnwrap(stream.nextKeepAlive)
        XCTAssertEqual(due, stream.lastSent + 250_000_000)
        XCTAssertFalse(stream.keepAliveDue(at: due - 1))
        XCTAssertTrue(stream.keepAliveDue(at: due))

        stream.sendKeepAlive()
        let keepAlive = try XCTUnwrap(port.receive())
        XCTAssertEqual(
            keepAlive.withUnsafeBytes { try? EndMarker.decode($0) }, EndMarker.keepAlive(senderID: 0x5445, count: 1))

        XCTAssertTrue(try stream.send(.digitizer(HIDDigitizerFrame(fingers: [HIDDigitizerEvent(finger: 1, .up, x: 10, y: 20)]))))
        XCTAssertEqual(try HIDDecoder.decode(try XCTUnwrap(port.receive())).envelope.sequence, 2)
        XCTAssertNil(stream.nextKeepAlive, "the finger lifted")
        XCTAssertEqual(stream.sent, 2)

        XCTAssertTrue(try stream.finish())
        let final = try XCTUnwrap(port.receive())
        XCTAssertEqual(final.withUnsafeBytes { try? EndMarker.decode($0) }, EndMarker(senderID: 0x5445, count: 2, isFinal: true))
    }
}
