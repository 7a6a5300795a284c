/// Full decoding of a HID message into the model types. Validation is `HIDMessageView`'s; use the view
/// directly on hot paths to avoid the children array.
public enum HIDDecoder {
    /// Validates `bytes` (one whole message) and decodes it; an invalid message is an error naming the rule.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(HIDDecodeError) -> HIDMessage {
        try HIDMessageView(validating: bytes).message()
    }

    package static func decode(_ bytes: [UInt8]) throws(HIDDecodeError) -> HIDMessage {
        let result: Result<HIDMessage, HIDDecodeError> = bytes.withUnsafeBytes { raw in
            do throws(HIDDecodeError) { return .success(try decode(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

/// Checks every rule of protocols/hid-event.md once, in byte order, and returns where things are so
/// views can read fields without checking again. Never reads outside `bytes`, never allocates.
package enum HIDMessageValidator {
    /// Where a validated message's parts are.
    package struct Layout: Equatable {
        /// What the message carries.
        package var kind: HIDMessageKind
        /// Number of digitizer events (parent + children); 0 for other kinds.
        package var eventCount: Int
        /// Distance between consecutive digitizer events (96 in 1.0; larger from a newer minor).
        package var eventStride: Int
    }

    typealias E = HIDDecodeError
    typealias Env = HIDWireLayout.Envelope
    typealias Ev = HIDWireLayout.Event

    static func validate(_ bytes: UnsafeRawBufferPointer) throws(HIDDecodeError) -> Layout {
        if let layout = plainDigitizerLayout(bytes) { return layout }
        return try validateRuleByRule(bytes)
    }

    /// The layout of a version-1.0 digitizer frame that breaks no rule (what every frame of a live stream is),
    /// checked with each event's rules folded into one comparison; nil for anything else, which
    /// `validateRuleByRule` then accepts or refuses naming the first rule broken. Only a shortcut: it accepts
    /// nothing the rules refuse (HIDValidationFuzzTests compares the two on 200,000 inputs). The rule-by-rule
    /// walk was 609 instructions a one-finger frame (172 now), a thirtieth of the app's per-event cost (issue 27).
    package static func plainDigitizerLayout(_ bytes: UnsafeRawBufferPointer) -> Layout? {
        let header = HIDWireLayout.envelopeSize + HIDWireLayout.digitizerHeaderSize
        let stride = HIDWireLayout.digitizerEventSize
        let n = bytes.count
        guard n >= header + stride else { return nil }
        // magic, major 1, minor 0, kind digitizer; payloadLength = the rest, flags 0; eventCount, reserved 0.
        let envelope =
            UInt64(HIDWireLayout.magic) | UInt64(HIDWireLayout.versionMajor) << 32
            | UInt64(HIDWireLayout.versionMinor) << 40 | UInt64(HIDMessageKind.digitizer.rawValue) << 48
        let count = Int(bytes.u32(HIDWireLayout.envelopeSize + HIDWireLayout.Digitizer.eventCount))
        guard bytes.u64(Env.magic) == envelope, bytes.u64(Env.payloadLength) == UInt64(n - HIDWireLayout.envelopeSize),
            bytes.u64(HIDWireLayout.envelopeSize) == UInt64(count),
            count <= HIDWireLayout.maxEventCount, n == header + count * stride
        else { return nil }
        let sizeAndType = UInt64(stride) | UInt64(HIDWireLayout.digitizerEventType) << 32
        let options = HIDEventOptions.all.rawValue | UInt32(HIDDigitizerPhase.all.rawValue) << 24
        let masks = HIDDigitizerEventMask.all.rawValue
        let collection = HIDEventOptions.collection.rawValue
        var broken: UInt64 = 0
        for i in 0..<count {
            let e = header + i * stride
            let isParent: UInt32 = i == 0 ? 1 : 0
            let rawOptions = bytes.u32(e + Ev.options)
            broken |= bytes.u64(e + Ev.size) ^ sizeAndType
            broken |= UInt64(rawOptions & ~options)
            // The parent is the collection at depth 0; a finger is no collection, at depth 1. Reserved bytes 13...15
            // are the top of the u32 at 12.
            broken |= UInt64((rawOptions & collection) ^ isParent &* collection)
            broken |= UInt64(bytes.u32(e + Ev.depth) ^ (1 &- isParent))
            broken |= UInt64(bytes.u32(e + Ev.transducerType) > HIDTransducerType.hand.rawValue ? 1 : 0)
            broken |= UInt64((bytes.u32(e + Ev.eventMask) | bytes.u32(e + Ev.childEventMask)) & ~masks)
            // An exponent of all ones (infinity or NaN) carries into bit 31 when one more is added to it.
            var offset = Ev.x
            while offset < Ev.generationCount {
                broken |= UInt64(((bytes.u32(e + offset) & 0x7F80_0000) &+ 0x0080_0000) & 0x8000_0000)
                offset += 4
            }
            broken |= UInt64(bytes.u32(e + Ev.reserved1))
        }
        // Fingers (events 1...) have distinct transducer indices.
        if count > 2 {
            for i in 2..<count {
                let index = bytes.u32(header + i * stride + Ev.transducerIndex)
                for j in 1..<i where bytes.u32(header + j * stride + Ev.transducerIndex) == index { return nil }
            }
        }
        guard broken == 0 else { return nil }
        return Layout(kind: .digitizer, eventCount: count, eventStride: stride)
    }

    /// Every rule in byte order: the first one broken is the error.
    package static func validateRuleByRule(_ bytes: UnsafeRawBufferPointer) throws(HIDDecodeError) -> Layout {
        let n = bytes.count
        let header = HIDWireLayout.envelopeSize
        guard n >= header else {
            throw E(.truncated, field: "envelope", offset: header, expected: .atLeast(UInt64(header)), found: UInt64(n))
        }
        let magic: UInt32 = bytes.u32(Env.magic)
        guard magic == HIDWireLayout.magic else {
            throw E(
                .badMagic, field: "magic", offset: Env.magic, expected: .value(UInt64(HIDWireLayout.magic)), found: UInt64(magic))
        }
        let major: UInt8 = bytes.u8(Env.versionMajor)
        guard major == HIDWireLayout.versionMajor else {
            throw E(
                .unsupportedVersion, field: "versionMajor", offset: Env.versionMajor,
                expected: .value(UInt64(HIDWireLayout.versionMajor)), found: UInt64(major))
        }
        // A newer minor may give meaning to reserved fields and append bytes; this reader then ignores them.
        let strict = bytes.u8(Env.versionMinor) <= HIDWireLayout.versionMinor
        let rawKind: UInt16 = bytes.u16(Env.kind)
        guard let kind = HIDMessageKind(rawValue: rawKind) else {
            throw E(.unknownKind, field: "kind", offset: Env.kind, expected: .range(1, 3), found: UInt64(rawKind))
        }
        let payloadLength = Int(bytes.u32(Env.payloadLength))
        guard n >= header + payloadLength else {
            throw E(
                .truncated, field: "payload", offset: header + payloadLength,
                expected: .value(UInt64(header + payloadLength)), found: UInt64(n))
        }
        guard n == header + payloadLength else {
            throw E(
                .payloadLengthMismatch, field: "payloadLength", offset: Env.payloadLength,
                expected: .value(UInt64(n - header)), found: UInt64(payloadLength))
        }
        if strict {
            try zero(bytes, Env.flags, "flags")
        }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[header...])
        switch kind {
        case .digitizer:
            return try validateDigitizer(payload, strict: strict)
        case .button:
            try validateButton(payload, strict: strict)
            return Layout(kind: .button, eventCount: 0, eventStride: 0)
        case .motion:
            try validateMotion(payload, strict: strict)
            return Layout(kind: .motion, eventCount: 0, eventStride: 0)
        }
    }

    // MARK: Payloads (offsets in errors are from the start of the message)

    private static let base = HIDWireLayout.envelopeSize

    private static func checkPayloadLength(_ p: UnsafeRawBufferPointer, known: Int, strict: Bool) throws(HIDDecodeError) {
        if strict ? p.count != known : p.count < known {
            throw E(
                .payloadLengthMismatch, field: "payloadLength", offset: Env.payloadLength,
                expected: strict ? .value(UInt64(known)) : .atLeast(UInt64(known)), found: UInt64(p.count))
        }
    }

    private static func validateDigitizer(_ p: UnsafeRawBufferPointer, strict: Bool) throws(HIDDecodeError) -> Layout {
        let headerSize = HIDWireLayout.digitizerHeaderSize, known = HIDWireLayout.digitizerEventSize
        guard p.count >= headerSize else {
            throw E(
                .payloadLengthMismatch, field: "payloadLength", offset: Env.payloadLength,
                expected: .atLeast(UInt64(headerSize + known)), found: UInt64(p.count))
        }
        let count = Int(p.u32(HIDWireLayout.Digitizer.eventCount))
        guard (1...HIDWireLayout.maxEventCount).contains(count) else {
            throw E(
                .eventCountOutOfRange, field: "eventCount", offset: base,
                expected: .range(1, UInt64(HIDWireLayout.maxEventCount)),
                found: UInt64(count))
        }
        if strict { try zero(p, HIDWireLayout.Digitizer.reserved, "reserved", base: base) }
        // eventCount events of at least the known size must fit (exactly, in 1.0).
        try checkPayloadLength(p, known: headerSize + count * known, strict: strict)

        // The first event's size is the stride; every event must repeat it (O(1) access to finger i).
        let stride = Int(p.u32(headerSize + Ev.size))
        if strict {
            guard stride == known else {
                throw E(
                    .eventSizeInvalid, field: "size", offset: base + headerSize, eventIndex: 0,
                    expected: .value(UInt64(known)), found: UInt64(stride))
            }
        } else {
            guard stride >= known, stride % 4 == 0 else {
                throw E(
                    .eventSizeInvalid, field: "size", offset: base + headerSize, eventIndex: 0,
                    expected: .atLeast(UInt64(known)), found: UInt64(stride))
            }
            // stride < 2^32 and count <= 33: no overflow on 64-bit Int.
            try checkPayloadLength(p, known: headerSize + count * stride, strict: false)
        }

        for i in 0..<count {
            let e = headerSize + i * stride
            try validateEvent(p, at: e, index: i, stride: stride, strict: strict)
            if i >= 2 {
                let index: UInt32 = p.u32(e + Ev.transducerIndex)
                for j in 1..<i where p.u32(headerSize + j * stride + Ev.transducerIndex) == index {
                    throw E(
                        .duplicateTransducerIndex, field: "transducerIndex", offset: base + e + Ev.transducerIndex,
                        eventIndex: i, expected: .unique, found: UInt64(index))
                }
            }
        }
        return Layout(kind: .digitizer, eventCount: count, eventStride: stride)
    }

    private static func validateEvent(
        _ p: UnsafeRawBufferPointer, at e: Int, index i: Int, stride: Int, strict: Bool
    ) throws(HIDDecodeError) {
        func error(
            _ reason: HIDDecodeError.Reason, _ field: String, _ offset: Int, _ expected: HIDDecodeError.Expectation,
            _ found: UInt64
        ) -> HIDDecodeError {
            E(reason, field: field, offset: base + e + offset, eventIndex: i, expected: expected, found: found)
        }
        let size: UInt32 = p.u32(e + Ev.size)
        guard size == stride else { throw error(.eventSizeInvalid, "size", Ev.size, .value(UInt64(stride)), UInt64(size)) }
        let type: UInt32 = p.u32(e + Ev.type)
        guard type == HIDWireLayout.digitizerEventType else {
            throw error(.eventTypeInvalid, "type", Ev.type, .value(UInt64(HIDWireLayout.digitizerEventType)), UInt64(type))
        }
        let rawOptions: UInt32 = p.u32(e + Ev.options)
        let optionBits = rawOptions & 0x00FF_FFFF
        guard optionBits & ~HIDEventOptions.all.rawValue == 0 else {
            throw error(
                .unknownOptionBits, "options", Ev.options, .bits(UInt64(HIDEventOptions.all.rawValue)), UInt64(optionBits))
        }
        let phase = UInt8(truncatingIfNeeded: rawOptions >> 24)
        guard phase & ~HIDDigitizerPhase.all.rawValue == 0 else {
            throw error(.unknownPhaseBits, "phase", Ev.options + 3, .bits(UInt64(HIDDigitizerPhase.all.rawValue)), UInt64(phase))
        }
        let depth: UInt8 = p.u8(e + Ev.depth)
        let isCollection = optionBits & HIDEventOptions.collection.rawValue != 0
        if i == 0 {
            guard depth == 0 else { throw error(.parentInvalid, "depth", Ev.depth, .value(0), UInt64(depth)) }
            guard isCollection else {
                throw error(
                    .parentInvalid, "options", Ev.options, .bits(UInt64(HIDEventOptions.collection.rawValue)), UInt64(optionBits))
            }
        } else {
            guard depth == 1 else { throw error(.childInvalid, "depth", Ev.depth, .value(1), UInt64(depth)) }
            guard !isCollection else {
                throw error(
                    .childInvalid, "options", Ev.options,
                    .bits(UInt64(HIDEventOptions.all.subtracting(.collection).rawValue)), UInt64(optionBits))
            }
        }
        if strict {
            // Bytes 13...15: read as the top three bytes of the u32 at 12.
            let reserved = p.u32(e + Ev.depth) >> 8
            guard reserved == 0 else { throw error(.reservedNonZero, "reserved", Ev.reserved0, .value(0), UInt64(reserved)) }
        }
        let transducer: UInt32 = p.u32(e + Ev.transducerType)
        guard HIDTransducerType(rawValue: transducer) != nil else {
            throw error(.unknownTransducerType, "transducerType", Ev.transducerType, .range(0, 3), UInt64(transducer))
        }
        let all = HIDDigitizerEventMask.all.rawValue
        let mask: UInt32 = p.u32(e + Ev.eventMask)
        guard mask & ~all == 0 else {
            throw error(.unknownEventMaskBits, "eventMask", Ev.eventMask, .bits(UInt64(all)), UInt64(mask))
        }
        let childMask: UInt32 = p.u32(e + Ev.childEventMask)
        guard childMask & ~all == 0 else {
            throw error(.unknownEventMaskBits, "childEventMask", Ev.childEventMask, .bits(UInt64(all)), UInt64(childMask))
        }
        var offset = Ev.x
        while offset < Ev.generationCount {
            let bits = p.u32(e + offset)
            // Exponent all ones = infinity or NaN.
            guard bits & 0x7F80_0000 != 0x7F80_0000 else {
                throw error(.nonFiniteFloat, Ev.floatName(at: offset), offset, .finite, UInt64(bits))
            }
            offset += 4
        }
        if strict {
            let reserved: UInt32 = p.u32(e + Ev.reserved1)
            guard reserved == 0 else { throw error(.reservedNonZero, "reserved", Ev.reserved1, .value(0), UInt64(reserved)) }
        }
    }

    private static func validateButton(_ p: UnsafeRawBufferPointer, strict: Bool) throws(HIDDecodeError) {
        typealias B = HIDWireLayout.Button
        try checkPayloadLength(p, known: HIDWireLayout.buttonPayloadSize, strict: strict)
        let raw: UInt32 = p.u32(B.button)
        guard let button = HIDButton(rawValue: raw) else {
            throw E(.unknownButton, field: "button", offset: base + B.button, expected: .range(1, 4), found: UInt64(raw))
        }
        let down: UInt32 = p.u32(B.down)
        guard down <= 1 else {
            throw E(.invalidBoolean, field: "down", offset: base + B.down, expected: .range(0, 1), found: UInt64(down))
        }
        let usage = button.usage
        let page: UInt32 = p.u32(B.usagePage)
        guard page == usage.page else {
            throw E(
                .usageMismatch, field: "usagePage", offset: base + B.usagePage, expected: .value(UInt64(usage.page)),
                found: UInt64(page))
        }
        let code: UInt32 = p.u32(B.usage)
        guard code == usage.usage else {
            throw E(
                .usageMismatch, field: "usage", offset: base + B.usage, expected: .value(UInt64(usage.usage)), found: UInt64(code)
            )
        }
    }

    private static func validateMotion(_ p: UnsafeRawBufferPointer, strict: Bool) throws(HIDDecodeError) {
        typealias M = HIDWireLayout.Motion
        try checkPayloadLength(p, known: HIDWireLayout.motionPayloadSize, strict: strict)
        let motion: UInt32 = p.u32(M.motion)
        guard HIDMotion(rawValue: motion) != nil else {
            throw E(.unknownMotion, field: "motion", offset: base + M.motion, expected: .value(1), found: UInt64(motion))
        }
        let phase: UInt32 = p.u32(M.phase)
        guard HIDMotionPhase(rawValue: phase) != nil else {
            throw E(.unknownMotionPhase, field: "phase", offset: base + M.phase, expected: .range(1, 2), found: UInt64(phase))
        }
    }

    private static func zero(_ p: UnsafeRawBufferPointer, _ offset: Int, _ field: String, base: Int = 0) throws(HIDDecodeError) {
        let v: UInt32 = p.u32(offset)
        guard v == 0 else {
            throw E(.reservedNonZero, field: field, offset: base + offset, expected: .value(0), found: UInt64(v))
        }
    }
}
