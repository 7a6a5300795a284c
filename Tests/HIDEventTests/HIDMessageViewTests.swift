import HIDEvent
import XCTest

final class HIDMessageViewTests: XCTestCase {
    /// `message(reusingFingers:)` gives the message `message()` gives whatever array it is handed (empty, shorter,
    /// as long, longer, with spare capacity or none), takes that array's buffer when it is big enough, and leaves the
    /// storage empty.
    func testMessageReusingFingersEqualsTheDecodedMessageWhateverArrayItIsGiven() throws {
        let filler = HIDDigitizerEvent(finger: 99, .move, x: 1, y: 2)
        for fingers in [0, 1, 2, 5, 10] {
            let bytes = HIDVectors.encoded(HIDSample.frame(fingers: fingers))
            try bytes.withUnsafeBytes { raw in
                let view = try HIDMessageView(validating: raw)
                let expected = view.message()
                for given in [0, 1, fingers, fingers + 3, 12] {
                    for spare in [0, 8] {
                        var storage = [HIDDigitizerEvent](repeating: filler, count: given)
                        storage.reserveCapacity(given + spare)
                        let buffer = storage.withUnsafeBufferPointer { $0.baseAddress }
                        let big = storage.capacity >= fingers + 1
                        let message = view.message(reusingFingers: &storage)
                        XCTAssertEqual(message, expected, "\(fingers) fingers into \(given) (+\(spare) spare)")
                        XCTAssertTrue(storage.isEmpty)
                        guard big, case .digitizer(let frame) = message.payload else { continue }
                        XCTAssertEqual(frame.children.withUnsafeBufferPointer { $0.baseAddress }, buffer, "buffer kept")
                    }
                }
            }
        }
    }

    func testViewReadsEnvelopeAndFingersInPlace() throws {
        let message = HIDVectors.valid.first { $0.name == "frame-10fingers" }!.message
        let bytes = HIDVectors.encoded(message)
        guard case .digitizer(let frame) = message.payload else { return XCTFail() }
        try bytes.withUnsafeBytes { raw in
            let view = try HIDMessageView(validating: raw)
            XCTAssertEqual(view.kind, .digitizer)
            XCTAssertEqual(view.sequence, 1000)
            XCTAssertEqual(view.senderID, HIDSample.senderID)
            XCTAssertEqual(view.timestamp(.hardware), 9_876_543_210)
            XCTAssertEqual(view.timestamps, message.envelope.timestamps)
            XCTAssertEqual(view.fingerCount, 10)
            XCTAssertEqual(view.eventCount, 11)
            XCTAssertEqual(view.parent.depth, 0)
            XCTAssertEqual(view.parent.event, frame.parent)
            XCTAssertEqual(view.finger(at: 3).x, 30 + 3 * 32.5)
            XCTAssertEqual(view.finger(at: 3).y, 470)
            XCTAssertEqual(view.finger(at: 0).phase, .began)
            XCTAssertEqual(view.finger(at: 2).phase, .cancelled)
            XCTAssertEqual(view.finger(at: 9).phase, [])
            XCTAssertEqual(view.finger(at: 9).transducerIndex, 10)
            XCTAssertEqual(view.fingers.map(\.transducerIndex), Array(1...10))
            XCTAssertEqual(view.fingers.map(\.event), frame.children)
            XCTAssertNil(view.button)
            XCTAssertNil(view.motion)
        }
    }

    func testButtonAndMotionViews() throws {
        try HIDVectors.encoded(HIDSample.button(.volumeUp, down: true, sequence: 5, hardware: 6)).withUnsafeBytes { raw in
            let view = try HIDMessageView(validating: raw)
            XCTAssertEqual(view.button, HIDButtonEvent(button: .volumeUp, isDown: true))
            XCTAssertEqual(view.fingerCount, 0)
            XCTAssertEqual(view.fingers.count, 0)
        }
        try HIDVectors.encoded(HIDSample.motion(.ended, sequence: 5, hardware: 6)).withUnsafeBytes { raw in
            XCTAssertEqual(try HIDMessageView(validating: raw).motion, HIDMotionEvent(phase: .ended))
        }
    }

    func testStampWritesEachHopInPlace() throws {
        var bytes = HIDVectors.encoded(HIDVectors.tapBegan)
        let original = bytes
        for (i, hop) in HIDHop.allCases.enumerated() where hop != .hardware {
            let ok = bytes.withUnsafeMutableBytes { HIDMessageView.stamp(hop, 0x0A0B_0C0D_0000_0000 + UInt64(i), in: $0) }
            XCTAssertTrue(ok)
        }
        // Only bytes 40..<64 changed, each u64 little-endian.
        XCTAssertEqual(Array(bytes[0..<40]), Array(original[0..<40]))
        XCTAssertEqual(Array(bytes[64...]), Array(original[64...]))
        XCTAssertEqual(Array(bytes[40..<48]), [1, 0, 0, 0, 0x0D, 0x0C, 0x0B, 0x0A])
        XCTAssertEqual(Array(bytes[48..<56]), [2, 0, 0, 0, 0x0D, 0x0C, 0x0B, 0x0A])
        XCTAssertEqual(Array(bytes[56..<64]), [3, 0, 0, 0, 0x0D, 0x0C, 0x0B, 0x0A])
        let decoded = try HIDDecoder.decode(bytes)
        XCTAssertEqual(
            decoded.envelope.timestamps,
            HIDHopTimestamps(
                hardware: 1_000_000_000, routerReceived: 0x0A0B_0C0D_0000_0001,
                routerForwarded: 0x0A0B_0C0D_0000_0002, appReceived: 0x0A0B_0C0D_0000_0003))
        XCTAssertEqual(decoded.payload, HIDVectors.tapBegan.payload)
    }

    func testStampForwardsUnknownKindsButRefusesNonMessages() {
        var unknown = HIDVectors.invalid.first { $0.name == "invalid-unknown-kind" }!.bytes
        XCTAssertTrue(unknown.withUnsafeMutableBytes { HIDMessageView.stamp(.routerReceived, 7, in: $0) })
        XCTAssertEqual(unknown[40], 7)
        var short = [UInt8](repeating: 0, count: 63)
        XCTAssertFalse(short.withUnsafeMutableBytes { HIDMessageView.stamp(.routerReceived, 7, in: $0) })
        XCTAssertEqual(short, [UInt8](repeating: 0, count: 63))
        var badMagic = HIDVectors.invalid.first { $0.name == "invalid-bad-magic" }!.bytes
        let before = badMagic
        XCTAssertFalse(badMagic.withUnsafeMutableBytes { HIDMessageView.stamp(.appReceived, 7, in: $0) })
        XCTAssertEqual(badMagic, before)
    }

    func testViewOverASliceOfALargerBuffer() throws {
        // A message at an odd offset inside a larger receive buffer: unaligned reads must work.
        let message = HIDSample.frame(fingers: 3)
        let bytes = [0xEE] + HIDVectors.encoded(message) + [0xEE]
        try bytes.withUnsafeBytes { raw in
            let view = try HIDMessageView(validating: UnsafeRawBufferPointer(rebasing: raw[1..<(raw.count - 1)]))
            XCTAssertEqual(view.message(), message)
        }
    }
}
