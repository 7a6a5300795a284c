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
