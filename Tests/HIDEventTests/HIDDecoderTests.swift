import HIDEvent
import XCTest

/// Rules not already pinned by the committed invalid vectors, and the versioning rules.
final class HIDDecoderTests: XCTestCase {
    private let tap = HIDVectors.encoded(HIDVectors.tapBegan)

    private func assertError(_ bytes: [UInt8], _ expected: HIDDecodeError, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try HIDDecoder.decode(bytes), file: file, line: line) {
            XCTAssertEqual($0 as? HIDDecodeError, expected, file: file, line: line)
        }
    }

    func testEventRules() {
        assertError(
            HIDVectors.patch(tap, 172, 12),
            HIDDecodeError(.eventTypeInvalid, field: "type", offset: 172, eventIndex: 1, expected: .value(11), found: 12))
        assertError(
            HIDVectors.patch(tap, 176, 0x0100_0031),
            HIDDecodeError(.unknownOptionBits, field: "options", offset: 176, eventIndex: 1, expected: .bits(0x1F), found: 0x31))
        assertError(
            HIDVectors.patch(tap, 84, 1, width: 1),
            HIDDecodeError(.parentInvalid, field: "depth", offset: 84, eventIndex: 0, expected: .value(0), found: 1))
        assertError(
            HIDVectors.patch(tap, 176, 0x0100_0013),
            HIDDecodeError(.childInvalid, field: "options", offset: 176, eventIndex: 1, expected: .bits(0x1D), found: 0x13))
        assertError(
            HIDVectors.patch(tap, 181, 1, width: 1),
            HIDDecodeError(.reservedNonZero, field: "reserved", offset: 181, eventIndex: 1, expected: .value(0), found: 1))
        assertError(
            HIDVectors.patch(tap, 104, 0x800),
            HIDDecodeError(
                .unknownEventMaskBits, field: "childEventMask", offset: 104, eventIndex: 0, expected: .bits(0x3FF), found: 0x800))
        assertError(
            HIDVectors.patch(tap, 68, 1),
            HIDDecodeError(.reservedNonZero, field: "reserved", offset: 68, expected: .value(0), found: 1))
        // The last float of the parent.
        assertError(
            HIDVectors.patch(tap, 156, 0x7F80_0000),
            HIDDecodeError(.nonFiniteFloat, field: "density", offset: 156, eventIndex: 0, expected: .finite, found: 0x7F80_0000))
        // 34 events is over the limit, checked before any length.
        assertError(
            HIDVectors.patch(tap, 64, 34),
            HIDDecodeError(.eventCountOutOfRange, field: "eventCount", offset: 64, expected: .range(1, 33), found: 34))
    }

    func testPayloadLengthRules() {
        let shake = HIDVectors.encoded(HIDSample.motion(.began, sequence: 1, hardware: 1))
        assertError(
            HIDVectors.patch(shake, 64, 2),
            HIDDecodeError(.unknownMotion, field: "motion", offset: 64, expected: .value(1), found: 2))
        // A 1.0 motion message must be exactly 8 payload bytes.
        var longer = shake + [0, 0, 0, 0]
        longer = HIDVectors.patch(longer, 8, 12)
        assertError(
            longer, HIDDecodeError(.payloadLengthMismatch, field: "payloadLength", offset: 8, expected: .value(8), found: 12))
        // A digitizer payload shorter than its header.
        let stub = HIDVectors.patch(Array(tap[0..<68]), 8, 4)
        assertError(
            stub, HIDDecodeError(.payloadLengthMismatch, field: "payloadLength", offset: 8, expected: .atLeast(104), found: 4))
    }

    func testNewerMinorMayExtendPayloadsButNotBreakKnownFields() throws {
        // Minor 1 button with 4 extra bytes and flags set: accepted.
        var button = HIDVectors.encoded(HIDSample.button(.home, down: true, sequence: 1, hardware: 1))
        button[5] = 1
        button = HIDVectors.patch(button, 12, 0xFFFF_FFFF)
        button += [1, 2, 3, 4]
        button = HIDVectors.patch(button, 8, 20)
        XCTAssertEqual(try HIDDecoder.decode(button).payload, .button(HIDButtonEvent(button: .home, isDown: true)))
        // ...but a newer minor may not shrink the known layout.
        var short = HIDVectors.encoded(HIDSample.motion(.began, sequence: 1, hardware: 1))
        short[5] = 7
        short = HIDVectors.patch(Array(short[0..<68]), 8, 4)
        assertError(
            short, HIDDecodeError(.payloadLengthMismatch, field: "payloadLength", offset: 8, expected: .atLeast(8), found: 4))
        // ...nor use an event size that is not a multiple of 4 or smaller than 96.
        var odd = tap
        odd[5] = 1
        odd = HIDVectors.patch(odd, 72, 98)
        assertError(
            odd, HIDDecodeError(.eventSizeInvalid, field: "size", offset: 72, eventIndex: 0, expected: .atLeast(96), found: 98))
        // ...nor events that do not fit payloadLength.
        var big = tap
        big[5] = 1
        big = HIDVectors.patch(big, 72, 100)
        assertError(
            big, HIDDecodeError(.payloadLengthMismatch, field: "payloadLength", offset: 8, expected: .atLeast(208), found: 200))
        // ...and unknown bits in known fields stay errors.
        var phase = tap
        phase[5] = 1
        phase[179] = 0x10
        assertError(
            phase,
            HIDDecodeError(.unknownPhaseBits, field: "phase", offset: 179, eventIndex: 1, expected: .bits(0x8F), found: 0x10))
    }

    func testErrorDescriptionsNameFieldOffsetAndValues() {
        let error = HIDDecodeError(
            .unknownTransducerType, field: "transducerType", offset: 188, eventIndex: 1, expected: .range(0, 3), found: 4)
        XCTAssertEqual(
            error.description, "unknownTransducerType: event[1].transducerType at offset 188: expected 0...3, found 0x4")
        let truncated = HIDDecodeError(.truncated, field: "envelope", offset: 64, expected: .atLeast(64), found: 3)
        XCTAssertEqual(truncated.description, "truncated: envelope needs 64 bytes, message has 3")
    }
}
