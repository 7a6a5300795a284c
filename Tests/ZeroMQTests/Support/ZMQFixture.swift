import Foundation
import TestSupport
import XCTest
import ZeroMQ

/// One test's libzmq world: an owned context, a private directory for ipc endpoints, and sockets that
/// can never hang a test (1 s send/receive timeouts) nor the context's termination (linger 0).
final class ZMQFixture {
    let context: ZMQContext
    let directory: URL

    init() throws {
        context = try ZMQContext()
        directory = try TemporaryDirectory(prefix: "zmqt").url
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A socket with linger 0 and 1 s timeouts (a message that must come comes within that).
    func socket(_ type: ZMQSocketType) throws -> ZMQSocket {
        let socket = try context.socket(type)
        try socket.setLinger(0)
        try socket.setReceiveTimeout(1000)
        try socket.setSendTimeout(1000)
        return socket
    }

    /// An `ipc://` endpoint in this test's directory.
    func ipcEndpoint(_ name: String) -> String {
        let endpoint = "ipc://" + directory.appendingPathComponent(name).path
        precondition(endpoint.utf8.count - "ipc://".utf8.count < 107, "ipc path too long: \(endpoint)")
        return endpoint
    }

    /// A bound PULL and a connected PUSH over `transport` ("inproc", "ipc" or "tcp").
    func pushPull(over transport: String) throws -> (push: ZMQSocket, pull: ZMQSocket) {
        let pull = try socket(.pull)
        let push = try socket(.push)
        try pull.bind(bindEndpoint(transport, name: "pushpull"))
        try push.connect(pull.lastEndpoint)
        return (push, pull)
    }

    /// A bind endpoint per transport; tcp uses a wildcard port, read back through `lastEndpoint`.
    func bindEndpoint(_ transport: String, name: String) -> String {
        switch transport {
        case "inproc": return "inproc://\(name)"
        case "ipc": return ipcEndpoint("\(name).sock")
        default: return "tcp://127.0.0.1:*"
        }
    }
}

extension ZMQSocket {
    /// Receives one frame within the receive timeout, failing the test (not hanging) if none comes.
    func expectFrame(file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        guard let frame = try receive() else {
            XCTFail("no frame within the receive timeout", file: file, line: line)
            return []
        }
        return frame
    }
}
