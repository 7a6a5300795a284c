import Foundation
import ZeroMQ

/// A control-socket client (REQ): one request, one reply, with a deadline. Used by sbctl and hid-source.
public final class ControlClient {
    let endpoint: String
    private let context: ZMQContext
    private let socket: ZMQSocket

    /// `curve`: connect with CURVE (springboard's control socket then admits only authorized keys).
    package convenience init(endpoint: String, timeoutMilliseconds: Int = 2000, curve: ZMQCurveClient?) throws {
        try self.init(endpoint: endpoint, timeoutMilliseconds: timeoutMilliseconds, configure: { try curve?.apply(to: $0) })
    }

    public convenience init(endpoint: String, timeoutMilliseconds: Int = 2000) throws {
        try self.init(endpoint: endpoint, timeoutMilliseconds: timeoutMilliseconds, configure: { _ in })
    }

    private init(endpoint: String, timeoutMilliseconds: Int, configure: (ZMQSocket) throws -> Void) throws {
        self.endpoint = endpoint
        context = try ZMQContext(ioThreads: 1)
        socket = try context.socket(.req)
        try socket.setLinger(0)
        try socket.setReceiveTimeout(timeoutMilliseconds)
        try socket.setSendTimeout(timeoutMilliseconds)
        // A reply with every histogram is a few MB at most: a bigger frame is a broken or hostile peer.
        try socket.setMaximumMessageSize(64 * 1024 * 1024)
        try configure(socket)
        try socket.connect(endpoint)
    }

    deinit { socket.close() }

    /// Sends `body` (a JSON request) and returns the decoded reply.
    public func request(raw body: [UInt8]) throws -> ControlReply {
        // Sent, it would only make libzmq cut the connection and the request time out as "no reply".
        guard body.count <= ControlRequestCodec.maximumRequestBytes else {
            throw ControlClientError.requestTooLarge(bytes: body.count)
        }
        guard try socket.send(body) else { throw ControlClientError.timeout(endpoint: endpoint) }
        guard let reply = try socket.receive() else { throw ControlClientError.timeout(endpoint: endpoint) }
        do { return try ControlReply.decode(reply) } catch {
            throw ControlClientError.badReply(String(decoding: reply, as: UTF8.self))
        }
    }

    public func request(_ command: ControlCommand) throws -> ControlReply {
        try request(raw: ControlRequestCodec.encode(command))
    }
}

/// Why a control request got no usable reply.
public enum ControlClientError: Error, CustomStringConvertible {
    case timeout(endpoint: String)
    case badReply(String)
    /// Not sent: over `ControlRequestCodec.maximumRequestBytes`.
    case requestTooLarge(bytes: Int)

    public var description: String {
        switch self {
        case .timeout(let endpoint): return "no reply from springboard at \(endpoint) (is it running?)"
        case .badReply(let text): return "springboard sent a reply that is not a control reply: \(text.prefix(200))"
        case .requestTooLarge(let bytes):
            return
                "the request is \(bytes) bytes; springboard's control socket takes at most "
                + "\(ControlRequestCodec.maximumRequestBytes) (libzmq would drop the connection): not sent"
        }
    }
}
