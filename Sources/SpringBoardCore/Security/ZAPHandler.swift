import RunLoopKit
import ZeroMQ

/// The ZAP handler (RFC 27): with CURVE on, libzmq asks it about every connection before the handshake
/// completes. It admits only keys listed in the authorized-keys file for that socket's domain, and names each
/// connection: an app's user id is the bundle id its key is bound to, so registration proves identity instead
/// of claiming it.
final class ZAPHandler {
    static let endpoint = "inproc://zeromq.zap.01"

    private let zap: ZMQSocket
    private let authorizedKeys: AuthorizedKeys?
    private let counters: SpringBoardCounters
    private let log: SpringBoardLog

    /// `socket` is the REP socket bound at `endpoint`.
    init(socket: ZMQSocket, authorizedKeys: AuthorizedKeys?, counters: SpringBoardCounters, log: SpringBoardLog) {
        self.zap = socket
        self.authorizedKeys = authorizedKeys
        self.counters = counters
        self.log = log
    }

    func install(on runLoop: EventRunLoop) {
        runLoop.add(
            RunLoopSource1(port: .zmq(zap), order: SpringBoardSourceOrder.zap, name: "ZAP") { self.drain() },
            mode: .common)
    }

    /// Answers every pending ZAP request ([version][request id][domain][address][identity][mechanism][key]).
    private func drain() {
        while let request = try? zap.receiveMultipart(dontWait: true) {
            guard request.count >= 7, request[0] == Array("1.0".utf8) else {
                counters.authRefused &+= 1
                continue  // not a ZAP request we can answer; libzmq never sends one
            }
            let domain = String(decoding: request[2], as: UTF8.self)
            let mechanism = String(decoding: request[5], as: UTF8.self)
            var userID: String?
            if mechanism == "CURVE", request[6].count == 32, let key = try? ZMQZ85.encode(request[6]) {
                userID = authorizedKeys?.userID(domain: domain, key: key)
            }
            if userID != nil { counters.authAccepted &+= 1 } else { counters.authRefused &+= 1 }
            if userID == nil {
                log.limited(
                    "refused a \(mechanism) connection to \(domain) from \(String(decoding: request[3], as: UTF8.self)): key not authorized"
                )
            }
            let reply: [[UInt8]] = [
                request[0], request[1], Array((userID == nil ? "400" : "200").utf8),
                Array((userID == nil ? "key not authorized" : "OK").utf8), Array((userID ?? "").utf8), [],
            ]
            _ = try? zap.sendMultipart(reply, dontWait: true)
        }
    }
}
