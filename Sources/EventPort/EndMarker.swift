import HIDEvent

/// hid-source -> SpringBoard on the event port, after the HID messages of a run (or of a step of one).
/// PUSH/PULL keeps order on one connection, so once SpringBoard has read the marker it has read every message
/// sent before it; the source then asks the control socket (`source` command) instead of trusting linger
/// over ipc. A *final* marker also ends the sender's run: fingers it left down are cancelled.
/// A *keep-alive* marker (flags bit 1) only says the sender is alive while it holds fingers down and sends
/// nothing (a long press): springboard cancels the fingers of a source silent for longer than its source timeout.
/// Layout (24 bytes): magic u32 "TPEM" @0, version u8 @4 (1), flags u8 @5 (bit 0: final, bit 1: keep-alive;
/// not both), reserved u16 @6 (0), senderID u64 @8, count u64 @16 (HID messages sent before the marker).
public struct EndMarker: Equatable, Sendable {
    static let magic: UInt32 = 0x4D45_5054
    static let size = 24

    public var senderID: UInt64
    public var count: UInt64
    /// The sender is done: no more frames will follow (a checkpoint marker only confirms delivery).
    public var isFinal: Bool
    /// Only a sign of life (no confirmation is asked for; `count` is informative).
    public var isKeepAlive: Bool

    public init(senderID: UInt64, count: UInt64, isFinal: Bool = true, isKeepAlive: Bool = false) {
        self.senderID = senderID
        self.count = count
        self.isFinal = isFinal && !isKeepAlive
        self.isKeepAlive = isKeepAlive
    }

    /// A keep-alive from `senderID`.
    public static func keepAlive(senderID: UInt64, count: UInt64) -> EndMarker {
        EndMarker(senderID: senderID, count: count, isFinal: false, isKeepAlive: true)
    }

    /// True when the frame starts with the end-marker magic (so it is not a HID message).
    public static func matches(_ b: UnsafeRawBufferPointer) -> Bool {
        b.count >= 4 && b.u32(0) == magic
    }

    func encode(into b: UnsafeMutableRawBufferPointer) {
        b.store(Self.magic, at: 0)
        b.store(UInt8(1), at: 4)
        b.store(UInt8(isFinal ? 1 : 0) | UInt8(isKeepAlive ? 2 : 0), at: 5)
        b.store(UInt16(0), at: 6)
        b.store(senderID, at: 8)
        b.store(count, at: 16)
    }

    public func encoded() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Self.size)
        out.withUnsafeMutableBytes { encode(into: $0) }
        return out
    }

    public static func decode(_ b: UnsafeRawBufferPointer) throws(EventPortError) -> EndMarker {
        guard b.count == size else {
            if b.count < size { throw .truncated(message: "endMarker", needed: size, found: b.count) }
            throw .invalidField(message: "endMarker", field: "length", offset: 0, expected: "24 bytes", found: "\(b.count) bytes")
        }
        guard b.u32(0) == magic else { throw .badMagic(found: b.u32(0)) }
        guard b.u8(4) == 1 else { throw .unsupportedVersion(found: b.u8(4)) }
        guard b.u8(5) <= 2 else {
            throw .invalidField(message: "endMarker", field: "flags", offset: 5, expected: "0, 1 or 2", found: "\(b.u8(5))")
        }
        guard b.u16(6) == 0 else {
            throw .invalidField(message: "endMarker", field: "reserved", offset: 6, expected: "0", found: "\(b.u16(6))")
        }
        return EndMarker(senderID: b.u64(8), count: b.u64(16), isFinal: b.u8(5) == 1, isKeepAlive: b.u8(5) == 2)
    }
}

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
