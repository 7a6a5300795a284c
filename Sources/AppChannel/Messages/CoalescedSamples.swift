import HIDEvent

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
