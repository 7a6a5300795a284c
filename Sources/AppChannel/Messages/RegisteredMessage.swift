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
