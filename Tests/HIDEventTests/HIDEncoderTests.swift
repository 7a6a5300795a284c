import HIDEvent
import XCTest

final class HIDEncoderTests: XCTestCase {
    /// Distinctive values read back with literal offsets from protocols/hid-event.md (not the code's constants).
    func testFieldsSitAtTheDocumentedOffsetsInLittleEndian() throws {
        let finger = HIDDigitizerEvent(
            options: [.absolute, .pixelUnits], phase: [.changed], depth: 1, transducerIndex: 0x1122_3344, transducerType: .stylus,
            identity: 0x5566_7788, eventMask: [.position, .attribute], childEventMask: [.start], buttonMask: 0x0BAD_F00D,
            x: 1.5, y: 2.5, z: 3.5, tipPressure: 4.5, auxiliaryPressure: 5.5, twist: 6.5, majorRadius: 7.5, minorRadius: 8.5,
            altitude: 9.5, azimuth: 10.5, quality: 11.5, density: 12.5, generationCount: 0xCAFE_BABE)
        let message = HIDMessage(
            envelope: HIDEnvelope(
                kind: .digitizer, sequence: 0x0102_0304_0506_0708, senderID: 0x1112_1314_1516_1718,
                timestamps: HIDHopTimestamps(
                    hardware: 0x2122_2324_2526_2728, routerReceived: 0x3132_3334_3536_3738,
                    routerForwarded: 0x4142_4344_4546_4748, appReceived: 0x5152_5354_5556_5758)),
            payload: .digitizer(HIDDigitizerFrame(fingers: [finger])))
        let b = try HIDEncoder.encode(message)
        XCTAssertEqual(b.count, 64 + 8 + 2 * 96)
        func u(_ o: Int, _ n: Int) -> UInt64 { (0..<n).reduce(0) { $0 | UInt64(b[o + $1]) << (8 * UInt64($1)) } }
        func f(_ o: Int) -> Float { Float(bitPattern: UInt32(u(o, 4))) }
        XCTAssertEqual(Array(b[0..<4]), Array("TPHE".utf8))
        XCTAssertEqual(u(0, 4), 0x4548_5054)
        XCTAssertEqual(b[4], 1); XCTAssertEqual(b[5], 0)
        XCTAssertEqual(u(6, 2), 1)
        XCTAssertEqual(u(8, 4), 200)
        XCTAssertEqual(u(12, 4), 0)
        XCTAssertEqual(u(16, 8), 0x0102_0304_0506_0708)
        XCTAssertEqual(Array(b[16..<24]), [8, 7, 6, 5, 4, 3, 2, 1])
        XCTAssertEqual(u(24, 8), 0x1112_1314_1516_1718)
        XCTAssertEqual(u(32, 8), 0x2122_2324_2526_2728)
        XCTAssertEqual(u(40, 8), 0x3132_3334_3536_3738)
        XCTAssertEqual(u(48, 8), 0x4142_4344_4546_4748)
        XCTAssertEqual(u(56, 8), 0x5152_5354_5556_5758)
        XCTAssertEqual(u(64, 4), 2)
        XCTAssertEqual(u(68, 4), 0)
        // Parent at 72: depth 0, collection.
        XCTAssertEqual(u(72, 4), 96); XCTAssertEqual(u(76, 4), 11)
        XCTAssertEqual(u(80, 4), 0x0200_0003)
        XCTAssertEqual(b[84], 0)
        XCTAssertEqual(u(92, 4), 3)  // hand
        // Finger at 168.
        let e = 168
        XCTAssertEqual(u(e + 0, 4), 96)
        XCTAssertEqual(u(e + 4, 4), 11)
        XCTAssertEqual(u(e + 8, 4), 0x0200_0005)  // phase changed in the top byte, absolute|pixelUnits
        XCTAssertEqual(Array(b[(e + 12)..<(e + 16)]), [1, 0, 0, 0])
        XCTAssertEqual(u(e + 16, 4), 0x1122_3344)
        XCTAssertEqual(u(e + 20, 4), 0)  // stylus
        XCTAssertEqual(u(e + 24, 4), 0x5566_7788)
        XCTAssertEqual(u(e + 28, 4), 0x44)
        XCTAssertEqual(u(e + 32, 4), 0x100)
        XCTAssertEqual(u(e + 36, 4), 0x0BAD_F00D)
        let floats: [Float] = [1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 11.5, 12.5]
        for (i, value) in floats.enumerated() { XCTAssertEqual(f(e + 40 + 4 * i), value, "float \(i)") }
        XCTAssertEqual(u(e + 40, 4), 0x3FC0_0000)  // 1.5 as IEEE-754 little-endian
        XCTAssertEqual(u(e + 88, 4), 0xCAFE_BABE)
        XCTAssertEqual(u(e + 92, 4), 0)
    }

    func testButtonAndMotionOffsets() throws {
        let lock = try HIDEncoder.encode(HIDSample.button(.lock, down: true, sequence: 1, hardware: 2))
        XCTAssertEqual(lock.count, 80)
        XCTAssertEqual(Array(lock[6..<12]), [2, 0, 16, 0, 0, 0])
        XCTAssertEqual(Array(lock[64...]), [2, 0, 0, 0, 1, 0, 0, 0, 0x0C, 0, 0, 0, 0x30, 0, 0, 0])
        let volume = try HIDEncoder.encode(HIDSample.button(.volumeDown, down: false, sequence: 1, hardware: 2))
        XCTAssertEqual(Array(volume[64...]), [4, 0, 0, 0, 0, 0, 0, 0, 0x0C, 0, 0, 0, 0xEA, 0, 0, 0])
        let shake = try HIDEncoder.encode(HIDSample.motion(.ended, sequence: 1, hardware: 2))
        XCTAssertEqual(shake.count, 72)
        XCTAssertEqual(Array(shake[6..<12]), [3, 0, 8, 0, 0, 0])
        XCTAssertEqual(Array(shake[64...]), [1, 0, 0, 0, 2, 0, 0, 0])
    }

    func testEncodedSizeMatchesBytesWritten() throws {
        for fingers in [0, 1, 10, 32] {
            let message = HIDSample.frame(fingers: fingers)
            XCTAssertEqual(HIDEncoder.encodedSize(of: message), 72 + 96 * (fingers + 1))
            var buffer = [UInt8](repeating: 0xFF, count: HIDWireLayout.maxMessageSize + 10)
            let written = try buffer.withUnsafeMutableBytes { try HIDEncoder.encode(message, into: $0) }
            XCTAssertEqual(written, HIDEncoder.encodedSize(of: message))
            XCTAssertEqual(Array(buffer[..<written]), try HIDEncoder.encode(message))
            XCTAssertTrue(buffer[written...].allSatisfy { $0 == 0xFF }, "wrote past the message")
        }
    }

    func testPaddingIsZeroedEvenOverDirtyBuffers() throws {
        var buffer = [UInt8](repeating: 0xAB, count: 264)
        try buffer.withUnsafeMutableBytes { _ = try HIDEncoder.encode(HIDVectors.tapBegan, into: $0) }
        XCTAssertEqual(buffer, HIDVectors.encoded(HIDVectors.tapBegan))
    }

    func testAppendReusesCapacityAfterWarmUp() throws {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(HIDWireLayout.maxMessageSize)
        let address = bytes.withUnsafeBytes { $0.baseAddress }
        for fingers in [32, 1, 10, 0, 32] {
            bytes.removeAll(keepingCapacity: true)
            try HIDEncoder.append(HIDSample.frame(fingers: fingers), to: &bytes)
            XCTAssertEqual(bytes.count, 72 + 96 * (fingers + 1))
            XCTAssertEqual(bytes.withUnsafeBytes { $0.baseAddress }, address, "reallocated")
        }
        // Appending after existing bytes keeps them.
        bytes = [9, 9]
        try HIDEncoder.append(HIDSample.motion(.began, sequence: 1, hardware: 1), to: &bytes)
        XCTAssertEqual(Array(bytes[0..<2]), [9, 9])
        XCTAssertEqual(Array(bytes[2...]), try HIDEncoder.encode(HIDSample.motion(.began, sequence: 1, hardware: 1)))
    }

    func testEncoderErrors() {
        var buffer = [UInt8](repeating: 0, count: 100)
        XCTAssertThrowsError(try buffer.withUnsafeMutableBytes { try HIDEncoder.encode(HIDVectors.tapBegan, into: $0) }) {
            XCTAssertEqual($0 as? HIDEncodeError, .bufferTooSmall(needed: 264, available: 100))
        }
        XCTAssertThrowsError(try HIDEncoder.encode(HIDSample.frame(fingers: 33))) {
            XCTAssertEqual($0 as? HIDEncodeError, .tooManyFingers(count: 33, maximum: 32))
        }
        var mismatched = HIDVectors.tapBegan
        mismatched.envelope.kind = .button
        XCTAssertThrowsError(try HIDEncoder.encode(mismatched)) {
            XCTAssertEqual($0 as? HIDEncodeError, .kindMismatch(envelope: .button, payload: .digitizer))
        }
    }

    func testRandomValidMessagesRoundTripThroughDecoderAndView() throws {
        var rng = SplitMix64(seed: 0x5EED_0001)
        for _ in 0..<1_000 {
            let message = HIDSample.random(&rng)
            let bytes = try HIDEncoder.encode(message)
            XCTAssertEqual(try HIDDecoder.decode(bytes), message)
            try bytes.withUnsafeBytes { raw in
                let view = try HIDMessageView(validating: raw)
                XCTAssertEqual(view.message(), message)
            }
        }
    }
}
