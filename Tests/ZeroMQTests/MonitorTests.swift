import XCTest
import ZeroMQ

final class MonitorTests: XCTestCase {
    func testListeningAcceptedConnectedAndDisconnectedOverTCP() throws {
        let fixture = try ZMQFixture()
        let server = try fixture.socket(.pull)
        let serverEvents = try server.openMonitor(events: [.listening, .accepted, .disconnected])
        try serverEvents.setReceiveTimeout(1000)
        try server.bind("tcp://127.0.0.1:*")
        let endpoint = try server.lastEndpoint
        XCTAssertTrue(endpoint.hasPrefix("tcp://127.0.0.1:"))
        XCTAssertFalse(endpoint.hasSuffix(":*"))

        let listening = try XCTUnwrap(ZMQMonitorEvent.receive(from: serverEvents))
        XCTAssertEqual(listening.event, .listening)
        XCTAssertEqual(listening.endpoint, endpoint)
        XCTAssertGreaterThanOrEqual(listening.value, 0, "the listening fd")

        let client = try fixture.socket(.push)
        let clientEvents = try client.openMonitor(events: [.connected])
        try clientEvents.setReceiveTimeout(1000)
        try client.connect(endpoint)

        let connected = try XCTUnwrap(ZMQMonitorEvent.receive(from: clientEvents))
        XCTAssertEqual(connected.event, .connected)
        XCTAssertEqual(connected.endpoint, endpoint)
        XCTAssertGreaterThanOrEqual(connected.value, 0)

        let accepted = try XCTUnwrap(ZMQMonitorEvent.receive(from: serverEvents))
        XCTAssertEqual(accepted.event, .accepted)
        XCTAssertEqual(accepted.endpoint, endpoint)
        XCTAssertNotEqual(accepted.value, listening.value, "the accepted connection has its own fd")

        client.close()
        let disconnected = try XCTUnwrap(ZMQMonitorEvent.receive(from: serverEvents))
        XCTAssertEqual(disconnected.event, .disconnected)
        XCTAssertEqual(disconnected.endpoint, endpoint)
        XCTAssertEqual(disconnected.value, accepted.value)
    }

    func testAcceptedOverIPCAndMonitorStoppedWhenTheMonitorEnds() throws {
        let fixture = try ZMQFixture()
        let server = try fixture.socket(.pull)
        let events = try server.openMonitor(events: .all)
        try events.setReceiveTimeout(1000)
        let endpoint = fixture.ipcEndpoint("monitored.sock")
        try server.bind(endpoint)
        XCTAssertEqual(try server.lastEndpoint, endpoint)
        XCTAssertEqual(try ZMQMonitorEvent.receive(from: events)?.event, .listening)

        let client = try fixture.socket(.push)
        try client.connect(endpoint)
        XCTAssertTrue(try client.send([0x01]))
        XCTAssertEqual(try server.expectFrame(), [0x01])
        // After the handshake the server has reported exactly these, in this order.
        let accepted = try XCTUnwrap(ZMQMonitorEvent.receive(from: events))
        XCTAssertEqual(accepted.event, .accepted)
        XCTAssertEqual(accepted.endpoint, endpoint)
        let handshake = try XCTUnwrap(ZMQMonitorEvent.receive(from: events))
        XCTAssertEqual(handshake.event, .handshakeSucceeded)
        XCTAssertEqual(handshake.value, 0)

        try server.stopMonitor()
        let stopped = try XCTUnwrap(ZMQMonitorEvent.receive(from: events))
        XCTAssertEqual(stopped.event, .monitorStopped)
        XCTAssertEqual(stopped.value, 0)
        XCTAssertEqual(stopped.endpoint, "")
    }

    func testParsingTheTwoFrameMonitorMessage() throws {
        // u16 event then u32 value, host order (little-endian here), then the endpoint.
        let event = try ZMQMonitorEvent(frames: [
            [0x20, 0x00, 0x0C, 0x00, 0x00, 0x00],
            Array("tcp://1.2.3.4:5".utf8),
        ])
        XCTAssertEqual(event, ZMQMonitorEvent(event: .accepted, value: 12, endpoint: "tcp://1.2.3.4:5"))
        XCTAssertEqual(event.description, "accepted(12) tcp://1.2.3.4:5")

        let negative = try ZMQMonitorEvent(frames: [[0x10, 0x00, 0xFF, 0xFF, 0xFF, 0xFF], []])
        XCTAssertEqual(negative.event, .bindFailed)
        XCTAssertEqual(negative.value, -1)

        XCTAssertThrowsError(try ZMQMonitorEvent(frames: [[0x20, 0x00, 0x0C, 0x00, 0x00]])) { error in
            XCTAssertEqual((error as? ZMQError)?.code, EPROTO)
            XCTAssertEqual((error as? ZMQError)?.message, "Protocol error: a monitor message has 2 frames, got 1")
        }
        XCTAssertThrowsError(try ZMQMonitorEvent(frames: [[0x20, 0x00, 0x0C, 0x00, 0x00], []])) { error in
            XCTAssertEqual((error as? ZMQError)?.operation, "ZMQMonitorEvent(frames:)")
            XCTAssertEqual(
                (error as? ZMQError)?.message,
                "Protocol error: frame 1 of a monitor message is 6 bytes (u16 event, u32 value), got 5")
        }
    }

    func testMonitorEventNames() {
        XCTAssertEqual(ZMQMonitorEvents.disconnected.description, "disconnected")
        XCTAssertEqual(ZMQMonitorEvents([.listening, .accepted]).description, "[listening, accepted]")
        XCTAssertEqual(ZMQMonitorEvents.all.rawValue, 0xFFFF)
        XCTAssertEqual(ZMQMonitorEvents(rawValue: 0x8000).description, "0x8000")
    }

    func testMonitorOnANonInprocEndpointIsRejected() throws {
        let fixture = try ZMQFixture()
        let socket = try fixture.socket(.pull)
        XCTAssertThrowsError(try socket.monitor("tcp://127.0.0.1:5999", events: .all)) { error in
            XCTAssertEqual((error as? ZMQError)?.code, EPROTONOSUPPORT)
            XCTAssertEqual((error as? ZMQError)?.operation, "zmq_socket_monitor(tcp://127.0.0.1:5999)")
        }
    }
}
