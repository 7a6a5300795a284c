/// How a hid-source's sender id reads wherever a person reads or types it (`sbctl monitor`, `sbctl sources`,
/// `sbctl cancel-source`, `hid-source --sender-id`, springboard's log): decimal, the form JSON gives the same
/// number in (replies, monitor records, reports), so an id copied from either matches the other. Typed ids may
/// also be hex, as `sbctl monitor` once printed them and as a pid-and-random id (hid-source's default: its pid
/// in the high 32 bits) reads best.
public enum SenderID {
    public static func text(_ senderID: UInt64) -> String { String(senderID) }

    /// Digits only: decimal. `0x` and hex digits, or hex digits with a letter among them (monitor's old
    /// 16-digit form): hex. Nil for anything else (signs, spaces) or a value beyond 64 bits.
    public static func parse(_ text: String) -> UInt64? {
        let prefixed = text.hasPrefix("0x") || text.hasPrefix("0X")
        let digits = prefixed ? text.dropFirst(2) : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit) else { return nil }
        if !prefixed, digits.allSatisfy(\.isWholeNumber) { return UInt64(digits) }
        return UInt64(digits, radix: 16)
    }

    /// What an id that does not parse is told.
    public static let expected = "a sender id: decimal, as sbctl prints it, or hex (0x1a2b or 1a2b)"
}
