import AppChannel
import Foundation

/// The per-launch secrets springboard checks at registration (`--launch-secrets FILE`): one `BUNDLE_ID HEX`
/// line per app its launcher started (64 hex digits; `#` lines are comments). A registration for a listed
/// bundle id must carry that secret (`launchSecretMismatch` otherwise); unlisted bundle ids register as before.
public struct LaunchSecrets: Sendable, Equatable {
    var secrets: [String: [UInt8]] = [:]

    public init() {}

    public init(contentsOf path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            guard words.count == 2, let secret = LaunchSecret.parse(words[1]) else {
                throw AuthorizedKeysError(path: path, line: number + 1, reason: "expected `BUNDLE_ID` and 64 hex digits")
            }
            secrets[first] = secret
        }
    }

    /// nil: no secret is required for `bundleID`; else whether `presented` is its secret (compared in
    /// constant time).
    func accepts(_ presented: [UInt8]?, for bundleID: String) -> Bool? {
        guard let expected = secrets[bundleID] else { return nil }
        return LaunchSecret.matches(presented, expected)
    }
}
