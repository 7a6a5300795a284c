#if canImport(Glibc)
    import Glibc
#endif

/// app -> SpringBoard, sent on every (re)connect (in answer to `hello`): who the app is.
/// Layout: header(8), pid u32 @8, heartbeatIntervalMs u32 @12, bundleIDLength u16 @16,
/// displayNameLength u16 @18, flags u32 @20 (bit 0: a launch secret follows; bit 1: traces calls; bit 2: reads
/// `alone`), bundle id UTF-8 @24, display
/// name UTF-8 after it, then (flag 0) the 32-byte launch secret its launcher handed it.
public struct RegisterMessage: Equatable, Sendable {
    public var bundleID: String
    public var displayName: String
    public var pid: UInt32
    /// How often the app's main run loop sends heartbeats; SpringBoard uses it to judge missed ones.
    public var heartbeatIntervalMilliseconds: UInt32
    /// The per-launch secret the launcher handed this process (32 bytes), which springboard checks for the
    /// bundle ids it was told about (`--launch-secrets`).
    public var launchSecret: [UInt8]?
    /// The app writes a trace record for every UIKit call it makes (flag bit 1): a scene whose views or
    /// recognizers log, with the trace going somewhere (stdout, a file, a PUB socket). What `hid-source load`
    /// warns about: such an app measures its trace writer as much as the pipeline.
    public var tracesCalls: Bool
    /// The app reads an event's `alone` flag (flag bit 2): springboard sets it only for an app that says so, since
    /// an older app refuses an event header with a flag bit it does not know.
    public var readsAlone: Bool

    static let fixedSize = 24
    public static let secretSize = 32

    public init(
        bundleID: String, displayName: String, pid: UInt32, heartbeatIntervalMilliseconds: UInt32, launchSecret: [UInt8]? = nil,
        tracesCalls: Bool = false, readsAlone: Bool = false
    ) {
        self.bundleID = bundleID
        self.displayName = displayName
        self.pid = pid
        self.heartbeatIntervalMilliseconds = heartbeatIntervalMilliseconds
        self.launchSecret = launchSecret
        self.tracesCalls = tracesCalls
        self.readsAlone = readsAlone
    }

    public func encoded() -> [UInt8] {
        let bundle = Array(bundleID.utf8), name = Array(displayName.utf8)
        var out = AppChannelHeader.array(size: Self.fixedSize) { b in
            AppChannelHeader(type: .register).encode(into: b)
            b.put(pid, 8)
            b.put(heartbeatIntervalMilliseconds, 12)
            b.put(UInt16(truncatingIfNeeded: bundle.count), 16)
            b.put(UInt16(truncatingIfNeeded: name.count), 18)
            b.put(UInt32(launchSecret == nil ? 0 : 1) | (tracesCalls ? 2 : 0) | (readsAlone ? 4 : 0), 20)
        }
        out += bundle
        out += name
        if let launchSecret { out += launchSecret.prefix(Self.secretSize) }
        return out
    }

    /// The body of a `register` frame (its header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> RegisterMessage {
        let name = "register", bytes = frame.bytes
        guard bytes.count >= fixedSize else { throw .truncated(message: name, needed: fixedSize, found: bytes.count) }
        let bundleLength = Int(bytes.u16(16)), nameLength = Int(bytes.u16(18))
        guard (1...AppChannelWire.maxBundleIDLength).contains(bundleLength) else {
            throw .invalidField(message: name, field: "bundleIDLength", offset: 16, expected: "1...255", found: "\(bundleLength)")
        }
        guard nameLength <= AppChannelWire.maxTextLength else {
            throw .invalidField(
                message: name, field: "displayNameLength", offset: 18, expected: "0...1024", found: "\(nameLength)")
        }
        guard bytes.u32(20) <= 7 else {
            throw .invalidField(message: name, field: "flags", offset: 20, expected: "0...7", found: "\(bytes.u32(20))")
        }
        let hasSecret = bytes.u32(20) & 1 != 0
        let namesEnd = fixedSize + bundleLength + nameLength
        let total = namesEnd + (hasSecret ? secretSize : 0)
        guard bytes.count == total else {
            if bytes.count < total { throw .truncated(message: name, needed: total, found: bytes.count) }
            throw .invalidField(
                message: name, field: "length", offset: 0, expected: "\(total) bytes", found: "\(bytes.count) bytes")
        }
        guard bytes[fixedSize] != 0 else {
            throw .invalidField(
                message: name, field: "bundleID", offset: fixedSize, expected: "a first byte other than 0", found: "0")
        }
        guard let bundleID = String(validating: bytes[fixedSize..<fixedSize + bundleLength], as: UTF8.self) else {
            throw .invalidField(message: name, field: "bundleID", offset: fixedSize, expected: "UTF-8", found: "invalid UTF-8")
        }
        guard let displayName = String(validating: bytes[(fixedSize + bundleLength)..<namesEnd], as: UTF8.self) else {
            throw .invalidField(
                message: name, field: "displayName", offset: fixedSize + bundleLength, expected: "UTF-8", found: "invalid UTF-8")
        }
        return RegisterMessage(
            bundleID: bundleID, displayName: displayName, pid: bytes.u32(8),
            heartbeatIntervalMilliseconds: bytes.u32(12), launchSecret: hasSecret ? Array(bytes[namesEnd..<total]) : nil,
            tracesCalls: bytes.u32(20) & 2 != 0, readsAlone: bytes.u32(20) & 4 != 0)
    }
}

/// SpringBoard -> app: the registration was accepted.
/// Layout (32 bytes): header(8), session u64 @8, ackTimeoutMs u32 @16, heartbeatIntervalMs u32 @20,
/// visibility u32 @24 (1 foreground, 2 background), reserved u32 @28 (0).
public struct RegisteredMessage: Equatable, Sendable {
    /// Changes on every registration; delivery sequences restart at 1 in each session.
    public var session: UInt64
    var ackTimeoutMilliseconds: UInt32
    var heartbeatIntervalMilliseconds: UInt32
    public var visibility: AppVisibility

    package static let size = 32

    public init(session: UInt64, ackTimeoutMilliseconds: UInt32, heartbeatIntervalMilliseconds: UInt32, visibility: AppVisibility)
    {
        self.session = session
        self.ackTimeoutMilliseconds = ackTimeoutMilliseconds
        self.heartbeatIntervalMilliseconds = heartbeatIntervalMilliseconds
        self.visibility = visibility
    }

    func encode(into b: UnsafeMutableRawBufferPointer) {
        AppChannelHeader(type: .registered).encode(into: b)
        b.put(session, 8)
        b.put(ackTimeoutMilliseconds, 16)
        b.put(heartbeatIntervalMilliseconds, 20)
        b.put(visibility.rawValue, 24)
        b.put(UInt32(0), 28)
    }

    public func encoded() -> [UInt8] { AppChannelHeader.array(size: Self.size, encode(into:)) }

    /// The body of a `registered` frame (its header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> RegisteredMessage {
        let b = frame.bytes
        try frame.expect(size: size, name: "registered")
        guard let visibility = AppVisibility(rawValue: b.u32(24)) else {
            throw .invalidField(message: "registered", field: "visibility", offset: 24, expected: "1 or 2", found: "\(b.u32(24))")
        }
        guard b.u32(28) == 0 else {
            throw .invalidField(message: "registered", field: "reserved", offset: 28, expected: "0", found: "\(b.u32(28))")
        }
        return RegisteredMessage(
            session: b.u64(8), ackTimeoutMilliseconds: b.u32(16),
            heartbeatIntervalMilliseconds: b.u32(20), visibility: visibility)
    }
}

/// SpringBoard -> app: the app moved to the foreground or the background.
/// Layout (16 bytes): header(8), visibility u32 @8 (1 foreground, 2 background), reserved u32 @12 (0).
public struct StateMessage: Equatable, Sendable {
    public var visibility: AppVisibility

    static let size = 16

    public init(visibility: AppVisibility) { self.visibility = visibility }

    func encode(into b: UnsafeMutableRawBufferPointer) {
        AppChannelHeader(type: .state).encode(into: b)
        b.put(visibility.rawValue, 8)
        b.put(UInt32(0), 12)
    }

    public func encoded() -> [UInt8] { AppChannelHeader.array(size: Self.size, encode(into:)) }

    /// The body of a `state` frame (its header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> StateMessage {
        let b = frame.bytes
        try frame.expect(size: size, name: "state")
        guard let visibility = AppVisibility(rawValue: b.u32(8)) else {
            throw .invalidField(message: "state", field: "visibility", offset: 8, expected: "1 or 2", found: "\(b.u32(8))")
        }
        guard b.u32(12) == 0 else {
            throw .invalidField(message: "state", field: "reserved", offset: 12, expected: "0", found: "\(b.u32(12))")
        }
        return StateMessage(visibility: visibility)
    }
}

/// What SpringBoard tells an app about its place on screen (the `state` message, and `registered`).
public enum AppVisibility: UInt32, Sendable, Codable {
    case foreground = 1
    case background = 2
}

/// SpringBoard -> app: a message was refused. The app re-registers on `notRegistered`.
/// Layout: header(8), code u32 @8, textLength u16 @12, reserved u16 @14 (0), UTF-8 text @16.
public struct ChannelErrorMessage: Equatable, Sendable {
    public enum Code: UInt32, Sendable {
        /// The sender's routing identity has no live registration (SpringBoard restarted, or a stale peer).
        case notRegistered = 1
        /// The connection already registered another bundle id.
        case bundleIDMismatch = 2
        /// The bytes did not decode; the text says where.
        case malformed = 3
        /// An ack named a delivery sequence that is not waiting for an ack.
        case unexpectedAck = 4
        /// Another live connection owns this bundle id: the registration is refused (not a takeover).
        case bundleIDInUse = 5
        /// springboard keeps no more apps (every record is of a live app).
        case registryFull = 6
        /// The `pid` in `register` is not the connection's peer (ipc: the kernel's `SO_PEERCRED`).
        case pidMismatch = 7
        /// springboard was given a launch secret for this bundle id and the registration did not carry it.
        case launchSecretMismatch = 8
    }

    public var code: Code
    public var text: String

    public init(code: Code, text: String) {
        self.code = code
        self.text = text
    }

    public func encoded() -> [UInt8] {
        let utf8 = Array(text.utf8.prefix(AppChannelWire.maxTextLength))
        var out = AppChannelHeader.array(size: 16) { b in
            AppChannelHeader(type: .error).encode(into: b)
            b.put(code.rawValue, 8)
            b.put(UInt16(utf8.count), 12)
            b.put(UInt16(0), 14)
        }
        out += utf8
        return out
    }

    /// The body of an `error` frame (its header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> ChannelErrorMessage {
        let b = frame.bytes
        guard b.count >= 16 else { throw .truncated(message: "error", needed: 16, found: b.count) }
        guard let code = Code(rawValue: b.u32(8)) else {
            throw .invalidField(message: "error", field: "code", offset: 8, expected: "1...8", found: "\(b.u32(8))")
        }
        let length = Int(b.u16(12))
        guard b.count == 16 + length else {
            throw .invalidField(
                message: "error", field: "textLength", offset: 12, expected: "\(b.count - 16)", found: "\(length)")
        }
        guard let text = String(validating: b[16...], as: UTF8.self) else {
            throw .invalidField(message: "error", field: "text", offset: 16, expected: "UTF-8", found: "invalid UTF-8")
        }
        return ChannelErrorMessage(code: code, text: text)
    }
}

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
