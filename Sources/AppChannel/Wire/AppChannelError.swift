/// Why bytes on the app channel were rejected (an end marker on the event port: `EventPortError`).
/// Every case names the message and the field, so a peer written in another language can see what it got wrong.
public enum AppChannelError: Error, Equatable, CustomStringConvertible {
    /// The frame is shorter than the message needs.
    case truncated(message: String, needed: Int, found: Int)
    /// A field holds a value the protocol does not allow.
    case invalidField(message: String, field: String, offset: Int, expected: String, found: String)
    /// The first four bytes are not `TPAC`.
    case badMagic(found: UInt32)
    /// The major version differs from ours; minor differences are accepted.
    case unsupportedVersion(found: UInt8)
    /// The type byte names no message this version knows.
    case unknownType(UInt8)

    public var description: String {
        switch self {
        case let .truncated(message, needed, found):
            return "\(message): truncated, needs \(needed) bytes, found \(found)"
        case let .invalidField(message, field, offset, expected, found):
            return "\(message).\(field) at offset \(offset): expected \(expected), found \(found)"
        case let .badMagic(found):
            return "bad magic 0x\(String(found, radix: 16)) (expected 0x\(String(AppChannelWire.magic, radix: 16)) \"TPAC\")"
        case let .unsupportedVersion(found):
            return "unsupported app-channel version \(found) (this side speaks \(AppChannelWire.versionMajor))"
        case let .unknownType(type):
            return "unknown app-channel message type \(type)"
        }
    }
}
