/// Why a message could not be encoded.
public enum HIDEncodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The caller's buffer is smaller than `HIDEncoder.encodedSize(of:)`.
    case bufferTooSmall(needed: Int, available: Int)
    /// A digitizer frame carries more fingers than the format allows (32).
    case tooManyFingers(count: Int, maximum: Int)
    /// The envelope's kind disagrees with the payload.
    case kindMismatch(envelope: HIDMessageKind, payload: HIDMessageKind)

    public var description: String {
        switch self {
        case .bufferTooSmall(let needed, let available): return "bufferTooSmall: needs \(needed) bytes, buffer has \(available)"
        case .tooManyFingers(let count, let maximum): return "tooManyFingers: \(count) fingers, at most \(maximum)"
        case .kindMismatch(let envelope, let payload): return "kindMismatch: envelope says \(envelope), payload is \(payload)"
        }
    }
}
