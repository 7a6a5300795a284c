import HIDEvent

/// The test vectors of protocols/hid-event.md. `HIDVectorTests` checks the committed files against these
/// definitions (and rewrites them when HID_WRITE_VECTORS=1).
enum HIDVectors {
    struct Valid {
        let name: String
        let message: HIDMessage
    }

    /// Bytes a 1.0 reader must accept although they are not its own encoding (newer minor).
    struct Accepted {
        let name: String
        let bytes: [UInt8]
        let message: HIDMessage
        let note: String
    }

    struct Invalid {
        let name: String
        let bytes: [UInt8]
        let error: HIDDecodeError
        let note: String
    }

    static let tapBegan = HIDSample.digitizer(
        sequence: 1, hardware: 1_000_000_000,
        fingers: [
            HIDSample.finger(1, x: 150, y: 300, phase: .began, mask: [.range, .touch])
        ])

    static let valid: [Valid] = [
        Valid(name: "tap-began-1finger", message: tapBegan),
        Valid(
            name: "tap-ended-1finger",
            message: HIDSample.digitizer(
                sequence: 2, hardware: 1_050_000_000,
                fingers: [
                    HIDSample.finger(1, x: 150, y: 300, phase: .ended, mask: [.range, .touch], pressure: 0)
                ])),
        Valid(
            name: "frame-2fingers-moved",
            message: HIDSample.digitizer(
                sequence: 42, hardware: 2_016_000_000,
                fingers: [
                    HIDSample.finger(1, x: 110.5, y: 100, phase: .changed, mask: .position),
                    HIDSample.finger(2, x: 200, y: 99.25, phase: .changed, mask: .position),
                ])),
        Valid(
            name: "frame-10fingers",
            message: HIDSample.digitizer(
                sequence: 1000, hardware: 9_876_543_210,
                fingers: (0..<10).map { i in
                    // One finger begins, one ends, one is cancelled, three move, four rest (stationary: empty phase and mask).
                    let (phase, mask): (HIDDigitizerPhase, HIDDigitizerEventMask) =
                        switch i {
                        case 0: (.began, [.range, .touch])
                        case 1: (.ended, [.range, .touch])
                        case 2: (.cancelled, [.range, .touch, .cancel])
                        case 3, 4, 5: (.changed, .position)
                        default: ([], [])
                        }
                    return HIDSample.finger(
                        UInt32(i + 1), x: 30 + Float(i) * 32.5, y: 500 - Float(i) * 10, phase: phase, mask: mask)
                })),
        Valid(
            name: "frame-stamped-all-hops",
            message: {
                var m = HIDSample.frame(fingers: 1, sequence: 77)
                m.envelope.timestamps = HIDHopTimestamps(
                    hardware: 1_000, routerReceived: 2_000, routerForwarded: 3_000, appReceived: 4_000)
                return m
            }()),
        Valid(name: "button-home-down", message: HIDSample.button(.home, down: true, sequence: 3, hardware: 3_000_000_000)),
        Valid(name: "button-home-up", message: HIDSample.button(.home, down: false, sequence: 4, hardware: 3_100_000_000)),
        Valid(name: "button-lock-down", message: HIDSample.button(.lock, down: true, sequence: 5, hardware: 3_200_000_000)),
        Valid(
            name: "button-volumeUp-down", message: HIDSample.button(.volumeUp, down: true, sequence: 6, hardware: 3_300_000_000)),
        Valid(
            name: "button-volumeDown-up",
            message: HIDSample.button(.volumeDown, down: false, sequence: 7, hardware: 3_400_000_000)),
        Valid(name: "motion-shake-began", message: HIDSample.motion(.began, sequence: 8, hardware: 4_000_000_000)),
        Valid(name: "motion-shake-ended", message: HIDSample.motion(.ended, sequence: 9, hardware: 4_500_000_000)),
    ]

    static func encoded(_ message: HIDMessage) -> [UInt8] {
        // Vectors are well-formed by construction.
        try! HIDEncoder.encode(message)
    }

    static func patch(_ bytes: [UInt8], _ offset: Int, _ value: UInt32, width: Int = 4) -> [UInt8] {
        var b = bytes
        for i in 0..<width { b[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(i))) }
        return b
    }

    /// tap-began-1finger written by a hypothetical 1.1 sender: flags and reserved fields used, events of
    /// 104 bytes, 8 extra payload bytes.
    static let accepted: [Accepted] = {
        let base = encoded(tapBegan)
        var b = Array(base[0..<72])
        b[5] = 1  // versionMinor 1
        b = patch(b, 12, 0xA5A5_0001)  // flags: meaning defined by 1.1
        b = patch(b, 68, 0x0000_0007)  // digitizer reserved
        for event in 0..<2 {
            let start = 72 + event * 96
            var e = Array(base[start..<(start + 96)])
            e = patch(e, 0, 104)  // size 104
            e = patch(e, 92, 0xDEAD_BEEF)  // reserved at 92
            b += e + [1, 2, 3, 4, 5, 6, 7, 8]  // 8 bytes a 1.0 reader skips
        }
        b += [0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE]  // payload trailer
        b = patch(b, 8, UInt32(b.count - 64))  // payloadLength
        return [
            Accepted(
                name: "accepted-minor1-extended", bytes: b, message: tapBegan,
                note: "tap-began-1finger as a 1.1 sender could write it: versionMinor 1, flags 0xa5a50001, "
                    + "digitizer reserved 7, events of size 104 with reserved 0xdeadbeef and 8 extra bytes, "
                    + "8 trailing payload bytes. A 1.0 reader decodes it to exactly tap-began-1finger.")
        ]
    }()

    static let invalid: [Invalid] = {
        let tap = encoded(tapBegan)
        let two = encoded(valid[2].message)
        let home = encoded(valid[5].message)
        let shake = encoded(valid[10].message)
        typealias E = HIDDecodeError
        return [
            Invalid(
                name: "invalid-empty", bytes: [],
                error: E(.truncated, field: "envelope", offset: 64, expected: .atLeast(64), found: 0),
                note: "zero bytes"),
            Invalid(
                name: "invalid-truncated", bytes: Array(tap[0..<40]),
                error: E(.truncated, field: "envelope", offset: 64, expected: .atLeast(64), found: 40),
                note: "the first 40 bytes of tap-began-1finger"),
            Invalid(
                name: "invalid-truncated-payload", bytes: Array(tap[0..<200]),
                error: E(.truncated, field: "payload", offset: 264, expected: .value(264), found: 200),
                note: "the first 200 of the 264 bytes of tap-began-1finger"),
            Invalid(
                name: "invalid-bad-magic", bytes: patch(tap, 0, 0x4548_5055),
                error: E(.badMagic, field: "magic", offset: 0, expected: .value(0x4548_5054), found: 0x4548_5055),
                note: "tap-began-1finger with byte 0 = 0x55"),
            Invalid(
                name: "invalid-major-version-2", bytes: patch(tap, 4, 2, width: 1),
                error: E(.unsupportedVersion, field: "versionMajor", offset: 4, expected: .value(1), found: 2),
                note: "tap-began-1finger with versionMajor 2"),
            Invalid(
                name: "invalid-unknown-kind", bytes: patch(shake, 6, 9, width: 2),
                error: E(.unknownKind, field: "kind", offset: 6, expected: .range(1, 3), found: 9),
                note: "motion-shake-began with kind 9"),
            Invalid(
                name: "invalid-trailing-byte", bytes: tap + [0],
                error: E(.payloadLengthMismatch, field: "payloadLength", offset: 8, expected: .value(201), found: 200),
                note: "tap-began-1finger plus one byte not counted by payloadLength"),
            Invalid(
                name: "invalid-flags-nonzero", bytes: patch(tap, 12, 1),
                error: E(.reservedNonZero, field: "flags", offset: 12, expected: .value(0), found: 1),
                note: "tap-began-1finger with flags 1 (version 1.0 reserves flags)"),
            Invalid(
                name: "invalid-event-count-zero", bytes: patch(tap, 64, 0),
                error: E(.eventCountOutOfRange, field: "eventCount", offset: 64, expected: .range(1, 33), found: 0),
                note: "tap-began-1finger with eventCount 0"),
            Invalid(
                name: "invalid-event-count-mismatch", bytes: patch(tap, 64, 3),
                error: E(.payloadLengthMismatch, field: "payloadLength", offset: 8, expected: .value(296), found: 200),
                note: "tap-began-1finger claiming 3 events (payloadLength only holds 2)"),
            Invalid(
                name: "invalid-event-size", bytes: patch(tap, 168, 100),
                error: E(.eventSizeInvalid, field: "size", offset: 168, eventIndex: 1, expected: .value(96), found: 100),
                note: "tap-began-1finger whose finger event says size 100"),
            Invalid(
                name: "invalid-parent-not-collection", bytes: patch(tap, 80, 0x0100_0001),
                error: E(.parentInvalid, field: "options", offset: 80, eventIndex: 0, expected: .bits(2), found: 1),
                note: "tap-began-1finger whose parent options lack collection (phase byte kept)"),
            Invalid(
                name: "invalid-child-depth-2", bytes: patch(tap, 180, 2, width: 1),
                error: E(.childInvalid, field: "depth", offset: 180, eventIndex: 1, expected: .value(1), found: 2),
                note: "tap-began-1finger whose finger has depth 2"),
            Invalid(
                name: "invalid-unknown-phase-bits", bytes: patch(tap, 179, 0x41, width: 1),
                error: E(.unknownPhaseBits, field: "phase", offset: 179, eventIndex: 1, expected: .bits(0x8F), found: 0x41),
                note: "tap-began-1finger whose finger phase byte is 0x41"),
            Invalid(
                name: "invalid-unknown-event-mask", bytes: patch(tap, 196, 0x400),
                error: E(
                    .unknownEventMaskBits, field: "eventMask", offset: 196, eventIndex: 1, expected: .bits(0x3FF), found: 0x400),
                note: "tap-began-1finger whose finger eventMask has bit 10"),
            Invalid(
                name: "invalid-unknown-transducer", bytes: patch(tap, 188, 4),
                error: E(
                    .unknownTransducerType, field: "transducerType", offset: 188, eventIndex: 1, expected: .range(0, 3), found: 4),
                note: "tap-began-1finger whose finger transducerType is 4"),
            Invalid(
                name: "invalid-nan-x", bytes: patch(tap, 208, 0x7FC0_0000),
                error: E(.nonFiniteFloat, field: "x", offset: 208, eventIndex: 1, expected: .finite, found: 0x7FC0_0000),
                note: "tap-began-1finger whose finger x is a quiet NaN"),
            Invalid(
                name: "invalid-infinite-y", bytes: patch(tap, 212, 0xFF80_0000),
                error: E(.nonFiniteFloat, field: "y", offset: 212, eventIndex: 1, expected: .finite, found: 0xFF80_0000),
                note: "tap-began-1finger whose finger y is -infinity"),
            Invalid(
                name: "invalid-reserved-event", bytes: patch(tap, 260, 5),
                error: E(.reservedNonZero, field: "reserved", offset: 260, eventIndex: 1, expected: .value(0), found: 5),
                note: "tap-began-1finger whose finger reserved u32 at event offset 92 is 5"),
            Invalid(
                name: "invalid-duplicate-transducer-index", bytes: patch(two, 280, 1),
                error: E(
                    .duplicateTransducerIndex, field: "transducerIndex", offset: 280, eventIndex: 2, expected: .unique, found: 1),
                note: "frame-2fingers-moved whose second finger also has transducerIndex 1"),
            Invalid(
                name: "invalid-button-unknown", bytes: patch(home, 64, 9),
                error: E(.unknownButton, field: "button", offset: 64, expected: .range(1, 4), found: 9),
                note: "button-home-down with button 9"),
            Invalid(
                name: "invalid-button-down-2", bytes: patch(home, 68, 2),
                error: E(.invalidBoolean, field: "down", offset: 68, expected: .range(0, 1), found: 2),
                note: "button-home-down with down 2"),
            Invalid(
                name: "invalid-button-usage", bytes: patch(home, 76, 0x30),
                error: E(.usageMismatch, field: "usage", offset: 76, expected: .value(0x40), found: 0x30),
                note: "button-home-down carrying the lock button's usage 0x30"),
            Invalid(
                name: "invalid-motion-phase", bytes: patch(shake, 68, 3),
                error: E(.unknownMotionPhase, field: "phase", offset: 68, expected: .range(1, 2), found: 3),
                note: "motion-shake-began with phase 3"),
        ]
    }()
}
