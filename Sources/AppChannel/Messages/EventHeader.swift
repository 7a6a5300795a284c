/// SpringBoard -> app: the first frame of an `event` message; the second frame is the HID message itself
/// (protocols/hid-event.md), forwarded byte for byte as SpringBoard received it, hop timestamps stamped.
/// Layout (24 bytes): header(8), deliverySequence u64 @8, flags u32 @16, reserved u32 @20 (0).
public struct EventHeader: Equatable, Sendable {
    public struct Flags: OptionSet, Sendable, Equatable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// SpringBoard made this frame itself (a cancel for live touches), no hardware produced it.
        public static let synthesized = Flags(rawValue: 1 << 0)
        /// Moves were coalesced into this event: a third frame holds the older samples, oldest first, as
        /// whole HID messages back to back (each one's length is 64 + its `payloadLength`).
        public static let coalesced = Flags(rawValue: 1 << 1)
        static let all: Flags = [.synthesized, .coalesced]
    }

    /// Per app and session: 1, 2, 3, ... with no gaps; the app acknowledges each one.
    public var deliverySequence: UInt64
    public var flags: Flags

    public static let size = 24

    public init(deliverySequence: UInt64, flags: Flags = []) {
        self.deliverySequence = deliverySequence
        self.flags = flags
    }

    public func encode(into b: UnsafeMutableRawBufferPointer) {
        AppChannelHeader(type: .event).encode(into: b)
        b.put(deliverySequence, 8)
        b.put(flags.rawValue, 16)
        b.put(UInt32(0), 20)
    }

    package func encoded() -> [UInt8] { AppChannelHeader.array(size: Self.size, encode(into:)) }

    public static func decode(_ b: UnsafeRawBufferPointer) throws(AppChannelError) -> EventHeader {
        try AppChannelHeader.expect(.event, size: size, in: b, name: "event")
        let flags = Flags(rawValue: b.u32(16))
        guard Flags.all.isSuperset(of: flags) else {
            throw .invalidField(
                message: "event", field: "flags", offset: 16, expected: "bits of 0x3",
                found: "0x\(String(flags.rawValue, radix: 16))")
        }
        guard b.u32(20) == 0 else {
            throw .invalidField(message: "event", field: "reserved", offset: 20, expected: "0", found: "\(b.u32(20))")
        }
        guard b.u64(8) != 0 else {
            throw .invalidField(message: "event", field: "deliverySequence", offset: 8, expected: ">= 1", found: "0")
        }
        return EventHeader(deliverySequence: b.u64(8), flags: flags)
    }
}
