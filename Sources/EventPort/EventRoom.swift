import HIDEvent

/// hid-source -> SpringBoard on the event port: a HID message with 24 bytes of room in front of it, where
/// springboard writes the app's `event` header (protocols/app-channel.md, `event`) and then hands the very
/// message it read to libzmq again. A bare HID message has no room for the header, so springboard has to build
/// a new, larger libzmq message for each event (a malloc per event above libzmq's 33-byte inline size);
/// with the room it forwards the received one, whose bytes are a slice of libzmq's receive buffer.
/// The app receives the same bytes either way.
/// Layout (24 bytes, then one HID message, nothing after it): magic u32 "TPER" @0, version u8 @4 (1),
/// reserved (19 bytes, 0) @5.
public enum EventRoom {
    static let magic: UInt32 = 0x5245_5054
    /// Bytes in front of the HID message: the size of the app channel's event header.
    public static let size = 24

    /// True when the frame starts with the event-room magic (so it is neither a bare HID message nor a marker).
    @inline(__always) public static func matches(_ b: UnsafeRawBufferPointer) -> Bool {
        b.count >= 4 && b.u32(0) == magic
    }

    /// An empty room: "TPER", version 1, the rest 0.
    private static let empty: [UInt8] = [0x54, 0x50, 0x45, 0x52, 1] + [UInt8](repeating: 0, count: size - 5)

    /// Appends an empty room to `buffer` (the HID message is appended after it): one copy of a ready array, nothing
    /// allocated per frame (a byte-by-byte fill cost the load generator 3% of its time).
    @inline(__always) public static func append(to buffer: inout [UInt8]) {
        buffer.append(contentsOf: empty)
    }

    /// The HID message after the room of a frame that `matches` (its bytes still to be validated as HID).
    public static func message(in b: UnsafeMutableRawBufferPointer) throws(EventPortError) -> UnsafeMutableRawBufferPointer {
        guard b.count > size else { throw .truncated(message: "eventRoom", needed: size + 1, found: b.count) }
        guard b[4] == 1 else {
            throw .invalidField(message: "eventRoom", field: "version", offset: 4, expected: "1", found: "\(b[4])")
        }
        // The 19 reserved bytes in four loads; a byte loop over them was 0.8% of springboard's CPU at saturation.
        let reserved =
            UInt64(b[5]) | UInt64(b[6]) | UInt64(b[7]) | b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            | b.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
        if reserved != 0 {
            for offset in 5..<size where b[offset] != 0 {
                throw .invalidField(message: "eventRoom", field: "reserved", offset: offset, expected: "0", found: "\(b[offset])")
            }
        }
        return UnsafeMutableRawBufferPointer(rebasing: b[size...])
    }
}
