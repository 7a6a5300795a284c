// The message codecs read and write through HIDEvent's little-endian helpers (`u8`...`u64`,
// `store(_:at:)`); importing HIDEvent here makes them visible to every file of the module.
import HIDEvent

/// Constants of the app-channel wire format (protocols/app-channel.md).
public enum AppChannelWire {
    /// "TPAC" read as a little-endian u32.
    static let magic: UInt32 = 0x4341_5054
    static let versionMajor: UInt8 = 2
    /// Every message starts with magic u32, version u8, type u8, reserved u16.
    static let headerSize = 8
    /// Routing identities are 1...255 bytes and must not start with a zero byte (libzmq rule).
    public static let maxBundleIDLength = 255
    static let maxTextLength = 1024
    /// The app channel's high-water mark, in messages, at an app's end (send and receive; protocols/app-channel.md,
    /// "Limits"). Above springboard's default ack window (4096): the window, not a socket, is what limits the
    /// events in flight, so an app that falls behind meets springboard's queue (where moves coalesce) and the event
    /// port's pause, not a socket that refuses sends. At libzmq's default (1000) the socket filled first at
    /// saturation: springboard paused the event port 618 times in 3 s, against 83 at this mark, and the
    /// backpressure runs measured ~4% more frames/s (6 interleaved runs each).
    public static let socketHighWaterMark = 8192

    /// springboard's end of one app's channel: twice its ack window, at least `socketHighWaterMark`, so a send
    /// the window allows is never refused by the socket.
    public static func springBoardSendHighWaterMark(ackWindow: Int) -> Int { max(socketHighWaterMark, 2 * ackWindow) }

    /// `ZMQ_MAXMSGSIZE` per socket (protocols/app-channel.md, "Limits"): the largest frame each may receive.
    /// The event port: one HID message (at most 64 + 8 + 33 × 96 = 3240 bytes) or an end marker.
    public static let maxEventPortFrame: Int64 = 8 * 1024
    /// springboard's app channel: the largest app → springboard message is a full `acks` (24 + 32 × 4096).
    public static let maxAppToSpringBoardFrame: Int64 = 256 * 1024
    /// An app's channel: the largest frame is a coalesced-samples frame (up to 1024 samples of 3240 bytes).
    public static let maxSpringBoardToAppFrame: Int64 = 8 * 1024 * 1024
}

/// The `type` byte at offset 5 of every app-channel message.
public enum AppMessageType: UInt8, Sendable, CaseIterable {
    // app -> SpringBoard
    case register = 1
    case ack = 4
    case heartbeat = 5
    case goodbye = 8
    case acks = 11
    case location = 13
    case frames = 14
    // SpringBoard -> app
    case registered = 2
    case event = 3
    case state = 6
    case error = 7
    case hello = 9
    case ping = 10
    case locate = 12
}

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

/// The spelling the message encoders use; it forwards to `store(_:at:)`, so the little-endian
/// code lives in one place. New code: call `store(_:at:)`.
extension UnsafeMutableRawBufferPointer {
    @inline(__always) func put(_ v: UInt8, _ offset: Int) { store(v, at: offset) }
    @inline(__always) func put(_ v: UInt16, _ offset: Int) { store(v, at: offset) }
    @inline(__always) func put(_ v: UInt32, _ offset: Int) { store(v, at: offset) }
    @inline(__always) func put(_ v: UInt64, _ offset: Int) { store(v, at: offset) }
}
