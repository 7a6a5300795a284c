/// Why a frame on the event port that is not a HID message (an end marker) was rejected; HID messages
/// have their own `HIDDecodeError`. Every case names the message and the field, as the app channel's do.
public enum EventPortError: Error, Equatable, CustomStringConvertible {
    /// The frame is shorter than the message needs.
    case truncated(message: String, needed: Int, found: Int)
    /// A field holds a value the protocol does not allow.
    case invalidField(message: String, field: String, offset: Int, expected: String, found: String)
    /// The first four bytes are not `TPEM`.
    case badMagic(found: UInt32)
    /// The version differs from ours.
    case unsupportedVersion(found: UInt8)

    public var description: String {
        switch self {
        case let .truncated(message, needed, found):
            return "\(message): truncated, needs \(needed) bytes, found \(found)"
        case let .invalidField(message, field, offset, expected, found):
            return "\(message).\(field) at offset \(offset): expected \(expected), found \(found)"
        case let .badMagic(found):
            return "bad magic 0x\(String(found, radix: 16)) (expected 0x\(String(EndMarker.magic, radix: 16)) \"TPEM\")"
        case let .unsupportedVersion(found):
            return "unsupported end-marker version \(found) (this side speaks 1)"
        }
    }
}
