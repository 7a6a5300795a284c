import Foundation
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

/// The CURVE public keys springboard admits (protocols/app-channel.md, "CURVE over tcp"), one per line:
/// `source KEY` (may connect to the event port), `control KEY` (to the control socket), `app BUNDLE_ID KEY`
/// (to the app channel, and may register only BUNDLE_ID). A line starting with `#` is a comment (only a whole
/// line: Z85 keys may contain `#`).
public struct AuthorizedKeys: Sendable, Equatable {
    public enum Role: String, Sendable { case source, control, app }

    /// Public key (Z85) → what it may do.
    var sources: Set<String> = []
    var controls: Set<String> = []
    var apps: [String: String] = [:]

    public init() {}

    public init(contentsOf path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = raw.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            func bad(_ why: String) -> Error { AuthorizedKeysError(path: path, line: number + 1, reason: why) }
            guard let key = words.last, key.utf8.count == 40 else { throw bad("the last word must be a 40-character Z85 key") }
            switch (words[0], words.count) {
            case ("source", 2): sources.insert(key)
            case ("control", 2): controls.insert(key)
            case ("app", 3): apps[key] = words[1]
            default: throw bad("expected `source KEY`, `control KEY` or `app BUNDLE_ID KEY`")
            }
        }
    }

    /// The ZAP answer for a key on a socket's domain: the user id to give the connection, or nil (refused).
    func userID(domain: String, key: String) -> String? {
        switch domain {
        case ZAPDomain.events: return sources.contains(key) ? "source" : nil
        // A source key may also reach the control socket, for its end-marker confirmation (`source` only).
        case ZAPDomain.control: return controls.contains(key) ? "control" : sources.contains(key) ? "source" : nil
        case ZAPDomain.apps: return apps[key]
        default: return nil
        }
    }
}

/// The ZAP domain of each springboard socket.
enum ZAPDomain {
    static let events = "touchpipeline.events"
    static let apps = "touchpipeline.apps"
    static let control = "touchpipeline.control"
}

struct AuthorizedKeysError: Error, CustomStringConvertible {
    var path: String
    var line: Int
    var reason: String
    var description: String { "\(path):\(line): \(reason)" }
}
