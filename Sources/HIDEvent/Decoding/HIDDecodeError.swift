/// Why a byte sequence is not a valid HID message: what rule failed, on which field, at which byte
/// offset of the message, and what was expected versus found. Building one never allocates (field names
/// are string literals), so a router can count rejects cheaply.
public struct HIDDecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The validation rule that failed (protocols/hid-event.md, "Validation").
    package enum Reason: String, Sendable, CaseIterable {
        /// Fewer bytes than the envelope or than the layout requires.
        case truncated
        case badMagic
        case unsupportedVersion
        case unknownKind
        /// The message length is not `64 + payloadLength`, or `payloadLength` is wrong for the kind.
        case payloadLengthMismatch
        case eventCountOutOfRange
        case eventSizeInvalid
        case eventTypeInvalid
        /// The first event is not depth 0 with the `collection` option.
        case parentInvalid
        /// A child is not depth 1, or carries the `collection` option.
        case childInvalid
        case unknownOptionBits
        case unknownPhaseBits
        case unknownEventMaskBits
        case unknownTransducerType
        case duplicateTransducerIndex
        case nonFiniteFloat
        case reservedNonZero
        case unknownButton
        case invalidBoolean
        case usageMismatch
        case unknownMotion
        case unknownMotionPhase
    }

    /// What the field should have held.
    package enum Expectation: Equatable, Sendable, CustomStringConvertible {
        /// Exactly this value.
        case value(UInt64)
        /// A value in this closed range.
        case range(UInt64, UInt64)
        /// At least this value.
        case atLeast(UInt64)
        /// Only these bits may be set.
        case bits(UInt64)
        /// A finite float (not NaN, not infinite).
        case finite
        /// A value no earlier event of the frame used.
        case unique

        package var description: String {
            switch self {
            case .value(let v): return "0x" + String(v, radix: 16)
            case .range(let lo, let hi): return "\(lo)...\(hi)"
            case .atLeast(let v): return ">= \(v)"
            case .bits(let m): return "only bits 0x" + String(m, radix: 16)
            case .finite: return "a finite float"
            case .unique: return "a value unique in the frame"
            }
        }
    }

    package let reason: Reason
    /// The field name as in the spec, e.g. "magic", "payloadLength", "transducerIndex".
    package let field: String
    /// Byte offset of the field from the start of the message (for `truncated`: the length needed).
    package let offset: Int
    /// Index of the digitizer event (0 = parent) the field belongs to, if any.
    package let eventIndex: Int?
    package let expected: Expectation
    /// The raw value found (floats: their bit pattern; `truncated`: the byte count available).
    package let found: UInt64

    package init(_ reason: Reason, field: String, offset: Int, eventIndex: Int? = nil, expected: Expectation, found: UInt64) {
        self.reason = reason
        self.field = field
        self.offset = offset
        self.eventIndex = eventIndex
        self.expected = expected
        self.found = found
    }

    public var description: String {
        let at = eventIndex.map { "event[\($0)].\(field)" } ?? field
        switch reason {
        case .truncated:
            return "truncated: \(at) needs \(offset) bytes, message has \(found)"
        case .nonFiniteFloat:
            return
                "nonFiniteFloat: \(at) at offset \(offset): expected \(expected), found \(Float(bitPattern: UInt32(truncatingIfNeeded: found)))"
        default:
            return "\(reason.rawValue): \(at) at offset \(offset): expected \(expected), found 0x" + String(found, radix: 16)
        }
    }
}
