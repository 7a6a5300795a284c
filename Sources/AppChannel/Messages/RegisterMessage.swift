/// app -> SpringBoard, sent on every (re)connect (in answer to `hello`): who the app is.
/// Layout: header(8), pid u32 @8, heartbeatIntervalMs u32 @12, bundleIDLength u16 @16,
/// displayNameLength u16 @18, flags u32 @20 (bit 0: a launch secret follows), bundle id UTF-8 @24, display
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

    static let fixedSize = 24
    public static let secretSize = 32

    public init(
        bundleID: String, displayName: String, pid: UInt32, heartbeatIntervalMilliseconds: UInt32, launchSecret: [UInt8]? = nil
    ) {
        self.bundleID = bundleID
        self.displayName = displayName
        self.pid = pid
        self.heartbeatIntervalMilliseconds = heartbeatIntervalMilliseconds
        self.launchSecret = launchSecret
    }

    public func encoded() -> [UInt8] {
        let bundle = Array(bundleID.utf8), name = Array(displayName.utf8)
        var out = AppChannelHeader.array(size: Self.fixedSize) { b in
            AppChannelHeader(type: .register).encode(into: b)
            b.put(pid, 8)
            b.put(heartbeatIntervalMilliseconds, 12)
            b.put(UInt16(truncatingIfNeeded: bundle.count), 16)
            b.put(UInt16(truncatingIfNeeded: name.count), 18)
            b.put(UInt32(launchSecret == nil ? 0 : 1), 20)
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
        guard bytes.u32(20) <= 1 else {
            throw .invalidField(message: name, field: "flags", offset: 20, expected: "0 or 1", found: "\(bytes.u32(20))")
        }
        let hasSecret = bytes.u32(20) == 1
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
            heartbeatIntervalMilliseconds: bytes.u32(12), launchSecret: hasSecret ? Array(bytes[namesEnd..<total]) : nil)
    }
}
