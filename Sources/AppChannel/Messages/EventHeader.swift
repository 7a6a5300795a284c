import HIDEvent

/// SpringBoard -> app: the first 24 bytes of an `event` message, which is one frame: this header, then the HID
/// message itself (protocols/hid-event.md, forwarded byte for byte as SpringBoard received it, hop timestamps
/// stamped), then, with `coalesced`, the older samples. One frame, not three: every extra frame of a message
/// costs both ends and both I/O threads about as much as a frame (a relay that sent a 24-byte header frame
/// before each frame moved 39% fewer frames a second).
/// Header layout (24 bytes): header(8), deliverySequence u64 @8, flags u32 @16, reserved u32 @20 (0).
public struct EventHeader: Equatable, Sendable {
    public struct Flags: OptionSet, Sendable, Equatable {
        public let rawValue: UInt32
        @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }
        // Inlinable constants, not `static let`s: another module reads a `static let` through its lazy-global accessor,
        // three calls for every event springboard sends (issue 27; HIDDigitizerPhase's bits do the same).
        /// SpringBoard made this frame itself (a cancel for live touches), no hardware produced it.
        @inlinable public static var synthesized: Flags { Flags(rawValue: 1 << 0) }
        /// Moves were coalesced into this event: the older samples follow the HID message, oldest first, as
        /// whole HID messages back to back (each one's length is 64 + its `payloadLength`).
        @inlinable public static var coalesced: Flags { Flags(rawValue: 1 << 1) }
        /// SpringBoard had nothing queued for the app behind this event, and at most one earlier event unacknowledged,
        /// as it sent it (the app keeps up; under load it has many unacknowledged): the app may end
        /// its read of the channel after it, without the receive that finds the socket empty (2 of the 14 system calls
        /// an app made a frame at 20 frames a second, issue 27). Anything sent after it arrived later than it did.
        @inlinable public static var alone: Flags { Flags(rawValue: 1 << 2) }
        static let all: Flags = [.synthesized, .coalesced, .alone]
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

    /// Decodes the header at the start of an event frame (what follows it is not looked at: see `split`).
    public static func decode(_ b: UnsafeRawBufferPointer) throws(AppChannelError) -> EventHeader {
        let frame = try AppChannelFrame(validating: b)
        try frame.expect(.event, name: "event")
        return try decode(frame)
    }

    /// The event header of an `event` frame (its 8-byte header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> EventHeader {
        let b = frame.bytes
        guard b.count >= size else { throw .truncated(message: "event", needed: size, found: b.count) }
        let flags = Flags(rawValue: b.u32(16))
        guard Flags.all.isSuperset(of: flags) else {
            throw .invalidField(
                message: "event", field: "flags", offset: 16, expected: "bits of 0x7",
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

    /// A whole event frame: its header, where its HID message lies (offset 24, 64 + its `payloadLength` bytes)
    /// and where the coalesced samples lie (the rest: present exactly when the `coalesced` flag is set). The
    /// HID bytes themselves are validated by the HID decoder.
    public static func split(
        _ b: UnsafeRawBufferPointer
    ) throws(AppChannelError) -> (
        header: EventHeader, message: Range<Int>, samples: Range<Int>
    ) {
        let header = try decode(b)
        let (message, samples) = try layout(of: b, header: header)
        return (header, message, samples)
    }

    /// `split` for a frame whose header was already decoded (the app's receive path decodes it first, to
    /// acknowledge the event even when the rest does not add up).
    public static func layout(
        of b: UnsafeRawBufferPointer, header: EventHeader
    ) throws(AppChannelError) -> (message: Range<Int>, samples: Range<Int>) {
        guard let length = HIDWireLayout.messageLength(in: b, at: size) else {
            throw .truncated(message: "event", needed: size + HIDWireLayout.envelopeSize, found: b.count)
        }
        let end = size + length
        guard end <= b.count else { throw .truncated(message: "event", needed: end, found: b.count) }
        let coalesced = header.flags.contains(.coalesced)
        guard coalesced == (end < b.count) else {
            throw .invalidField(
                message: "event", field: "length", offset: 0,
                expected: coalesced ? "samples after the \(end - size)-byte HID message" : "\(end) bytes",
                found: "\(b.count) bytes")
        }
        return (size..<end, end..<b.count)
    }
}

/// The tail of a coalesced `event` frame, after its HID message: the older samples springboard folded into it, whole HID
/// messages back to back, oldest first (each one's length is 64 + its envelope's `payloadLength`).
public enum CoalescedSamples {
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws -> [HIDMessage] {
        var samples: [HIDMessage] = []
        var offset = 0
        while offset < bytes.count {
            let left = bytes.count - offset
            guard let length = HIDWireLayout.messageLength(in: bytes, at: offset) else {
                throw AppChannelError.truncated(message: "coalesced samples", needed: HIDWireLayout.envelopeSize, found: left)
            }
            guard length <= left else {
                throw AppChannelError.truncated(message: "coalesced samples", needed: length, found: left)
            }
            samples.append(try HIDDecoder.decode(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])))
            offset += length
        }
        return samples
    }
}
