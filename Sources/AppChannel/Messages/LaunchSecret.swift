#if canImport(Glibc)
    import Glibc
#endif

/// The per-launch secret a launcher (`deploy/ensemble`) hands an app process in `$TOUCHPIPELINE_LAUNCH_SECRET`
/// (64 hex digits, 32 bytes) and springboard in its `--launch-secrets` file: a registration for that bundle id
/// must carry it, so a process that was not launched as the app cannot register as it, even while the app is
/// dead.
public enum LaunchSecret {
    public static let environmentVariable = "TOUCHPIPELINE_LAUNCH_SECRET"

    /// The secret from the environment (removed from it, so child processes do not inherit it), or nil.
    public static func takeFromEnvironment() throws(LaunchSecretError) -> [UInt8]? {
        guard let value = getenv(environmentVariable) else { return nil }
        let text = String(cString: value)
        unsetenv(environmentVariable)
        guard let secret = parse(text) else { throw .notHex(text.count) }
        return secret
    }

    /// Compares a presented secret with the expected one in constant time.
    public static func matches(_ presented: [UInt8]?, _ expected: [UInt8]) -> Bool {
        guard let presented, presented.count == expected.count, !expected.isEmpty else { return false }
        var difference: UInt8 = 0
        for i in expected.indices { difference |= expected[i] ^ presented[i] }
        return difference == 0
    }

    /// 64 hex digits → 32 bytes.
    public static func parse(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count == 2 * RegisterMessage.secretSize else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(RegisterMessage.secretSize)
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[i...i + 1], as: UTF8.self), radix: 16) else { return nil }
            out.append(byte)
        }
        return out
    }
}

public enum LaunchSecretError: Error, CustomStringConvertible {
    case notHex(Int)
    public var description: String {
        switch self {
        case .notHex(let count):
            return "$\(LaunchSecret.environmentVariable) must be 64 hex digits (32 bytes), not \(count) characters"
        }
    }
}
