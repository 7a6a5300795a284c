import Foundation

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
