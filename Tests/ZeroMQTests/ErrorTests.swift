import XCTest
import ZeroMQ

final class ErrorTests: XCTestCase {
    func testBadEndpointsNameTheCallTheEndpointAndLibzmqsText() throws {
        let fixture = try ZMQFixture()
        let socket = try fixture.socket(.pull)
        let cases: [(attempt: () throws -> Void, code: Int32, text: String, operation: String)] = [
            ({ try socket.bind("nope://x") }, EPROTONOSUPPORT, "Protocol not supported", "zmq_bind(nope://x)"),
            ({ try socket.connect("tcp://127.0.0.1") }, EINVAL, "Invalid argument", "zmq_connect(tcp://127.0.0.1)"),
            (
                { try socket.bind("tcp://no-such-interface:5555") }, ENODEV, "No such device",
                "zmq_bind(tcp://no-such-interface:5555)"
            ),
            (
                { try socket.unbind("inproc://never-bound") }, ENOENT, "No such file or directory",
                "zmq_unbind(inproc://never-bound)"
            ),
        ]
        for (attempt, code, text, operation) in cases {
            XCTAssertThrowsError(try attempt(), operation) { error in
                guard let error = error as? ZMQError else { return XCTFail("not a ZMQError: \(error)") }
                XCTAssertEqual(error.code, code, operation)
                XCTAssertEqual(error.message, text, operation)
                XCTAssertEqual(error.operation, operation)
                XCTAssertEqual(error.description, "\(operation): \(text) (errno \(code))")
            }
        }
    }

    func testBindingAnAddressInUse() throws {
        let fixture = try ZMQFixture()
        let first = try fixture.socket(.pull)
        let second = try fixture.socket(.pull)
        try first.bind("tcp://127.0.0.1:*")
        let endpoint = try first.lastEndpoint
        XCTAssertThrowsError(try second.bind(endpoint)) { error in
            XCTAssertEqual((error as? ZMQError)?.code, EADDRINUSE)
            XCTAssertEqual((error as? ZMQError)?.message, "Address already in use")
        }
        // zmq_unbind closes the listener asynchronously on the I/O thread: rebinding is safe only once
        // the monitor reports CLOSED.
        let events = try first.openMonitor(events: .closed)
        try events.setReceiveTimeout(1000)
        try first.unbind(endpoint)
        let closed = try XCTUnwrap(ZMQMonitorEvent.receive(from: events))
        XCTAssertEqual(closed.event, .closed)
        XCTAssertEqual(closed.endpoint, endpoint)
        try second.bind(endpoint)
        XCTAssertEqual(try second.lastEndpoint, endpoint)
    }

    func testShutdownMakesBlockingCallsAndNewSocketsFailWithETERM() throws {
        let context = try ZMQContext()
        let socket = try context.socket(.pull)
        try socket.bind("inproc://shutdown")
        try context.shutdown()
        XCTAssertThrowsError(try socket.receive()) { error in
            XCTAssertEqual((error as? ZMQError)?.code, ZMQError.contextTerminated)
            XCTAssertEqual((error as? ZMQError)?.isContextTerminated, true)
            XCTAssertEqual((error as? ZMQError)?.message, "Context was terminated")
            XCTAssertEqual((error as? ZMQError)?.operation, "zmq_msg_recv")
        }
        XCTAssertThrowsError(try context.socket(.push)) { error in
            XCTAssertEqual((error as? ZMQError)?.code, ZMQError.contextTerminated)
            XCTAssertEqual((error as? ZMQError)?.operation, "zmq_socket(push)")
        }
    }

    func testTheSharedContextServesSocketsAndIsNeverShutDown() throws {
        let socket = try ZMQContext.shared.socket(.pair)
        try socket.bind("inproc://shared-context-test")
        XCTAssertTrue(socket.context === ZMQContext.shared)
        socket.close()
        XCTAssertThrowsError(try ZMQContext.shared.shutdown()) { error in
            XCTAssertEqual((error as? ZMQError)?.message, "Invalid argument: the shared context is never shut down")
        }
    }

    func testEmptyMultipartIsRejected() throws {
        let fixture = try ZMQFixture()
        let socket = try fixture.socket(.push)
        XCTAssertThrowsError(try socket.sendMultipart([])) { error in
            XCTAssertEqual((error as? ZMQError)?.message, "Invalid argument: a message has at least one frame")
        }
    }

    func testLibraryFacts() {
        let version = ZMQLibrary.version
        XCTAssertEqual([version.major, version.minor, version.patch], [4, 3, 4])
        XCTAssertTrue(ZMQLibrary.has("ipc"))
        XCTAssertFalse(ZMQLibrary.has("draft"))
    }
}
