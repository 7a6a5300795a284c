extension HIDMessageView {
    /// Writes `ns` into the envelope timestamp of `hop`, in place, so a router can stamp and forward the
    /// very bytes it received. Only the envelope is checked (length, magic, major version), not the
    /// payload, so messages of an unknown kind can be stamped and forwarded too.
    /// - Returns: false (and writes nothing) when `buffer` does not start with a version-1 envelope.
    @discardableResult
    public static func stamp(_ hop: HIDHop, _ ns: UInt64, in buffer: UnsafeMutableRawBufferPointer) -> Bool {
        let bytes = UnsafeRawBufferPointer(buffer)
        guard bytes.count >= HIDWireLayout.envelopeSize,
            bytes.u32(Env.magic) == HIDWireLayout.magic,
            bytes.u8(Env.versionMajor) == HIDWireLayout.versionMajor
        else { return false }
        buffer.store(ns, at: hop.envelopeOffset)
        return true
    }
}
