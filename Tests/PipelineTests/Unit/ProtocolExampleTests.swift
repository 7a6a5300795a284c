import AppChannel
import XCTest

/// The worked examples of protocols/app-channel.md, byte for byte, so the document cannot drift from the code
/// (the end marker's: AppChannelMessageTests.testEndMarker, with its decoding).
final class ProtocolExampleTests: XCTestCase {
    private func bytes(_ hex: String) -> [UInt8] {
        hex.split(whereSeparator: \.isNewline).flatMap { line in
            line.split(separator: ":", maxSplits: 1)[1].split(separator: " ").map { UInt8($0, radix: 16)! }
        }
    }

    func testRegister() throws {
        let expected = bytes(
            """
            0000: 54 50 41 43 02 01 00 00 92 10 00 00 c8 00 00 00
            0010: 10 00 04 00 00 00 00 00 63 6f 6d 2e 65 78 61 6d
            0020: 70 6c 65 2e 6d 61 70 73 4d 61 70 73
            """)
        let message = RegisterMessage(
            bundleID: "com.example.maps", displayName: "Maps", pid: 4242, heartbeatIntervalMilliseconds: 200)
        XCTAssertEqual(message.encoded(), expected)
        XCTAssertEqual(try AppChannelMessage.decode(expected), .register(message))
    }

    func testRegisteredEventHeaderAckHeartbeat() {
        XCTAssertEqual(
            RegisteredMessage(
                session: 1, ackTimeoutMilliseconds: 5000, heartbeatIntervalMilliseconds: 200,
                visibility: .background
            ).encoded(),
            bytes(
                """
                0000: 54 50 41 43 02 02 00 00 01 00 00 00 00 00 00 00
                0010: 88 13 00 00 c8 00 00 00 02 00 00 00 00 00 00 00
                """))
        XCTAssertEqual(
            EventHeader(deliverySequence: 1).encoded(),
            bytes(
                """
                0000: 54 50 41 43 02 03 00 00 01 00 00 00 00 00 00 00
                0010: 00 00 00 00 00 00 00 00
                """))
        XCTAssertEqual(
            AckMessage(
                deliverySequence: 1, handled: true, appReceived: 1000, dispatchStarted: 2000,
                dispatchFinished: 3000
            ).encoded(),
            bytes(
                """
                0000: 54 50 41 43 02 04 00 00 01 00 00 00 00 00 00 00
                0010: 01 00 00 00 00 00 00 00 e8 03 00 00 00 00 00 00
                0020: d0 07 00 00 00 00 00 00 b8 0b 00 00 00 00 00 00
                """))
        XCTAssertEqual(
            HeartbeatMessage(counter: 1, appTime: 123_456_789).encoded(),
            bytes(
                """
                0000: 54 50 41 43 02 05 00 00 01 00 00 00 00 00 00 00
                0010: 15 cd 5b 07 00 00 00 00
                """))
    }

    func testCumulativeAckAndCoalescedEventHeader() throws {
        let expected = bytes(
            """
            0000: 54 50 41 43 02 0b 00 00 07 00 00 00 00 00 00 00
            0010: 02 00 00 00 00 00 00 00 e8 03 00 00 00 00 00 00
            0020: d0 07 00 00 00 00 00 00 b8 0b 00 00 00 00 00 00
            0030: 01 00 00 00 00 00 00 00 dc 05 00 00 00 00 00 00
            0040: d0 07 00 00 00 00 00 00 b8 0b 00 00 00 00 00 00
            0050: 01 00 00 00 00 00 00 00
            """)
        let acks = AcksMessage(
            firstSequence: 7,
            entries: [
                AcksMessage.Entry(appReceived: 1000, dispatchStarted: 2000, dispatchFinished: 3000),
                AcksMessage.Entry(appReceived: 1500, dispatchStarted: 2000, dispatchFinished: 3000),
            ])
        XCTAssertEqual(acks.encoded(), expected)
        XCTAssertEqual(try AppChannelMessage.decode(expected), .acks(acks))
        XCTAssertEqual(acks.lastSequence, 8)
        XCTAssertEqual(
            EventHeader(deliverySequence: 2, flags: .coalesced).encoded(),
            bytes(
                """
                0000: 54 50 41 43 02 03 00 00 02 00 00 00 00 00 00 00
                0010: 02 00 00 00 00 00 00 00
                """))
    }

    /// `frames` (type 14): frame 7 started at the vsync at 16,666,667 ns, committed at 17,000,000 ns, on screen at
    /// the vsync at 33,333,334 ns, the first to show delivery sequences 5...8, 1 frame missed, a 60 Hz display.
    func testFrames() throws {
        let expected = bytes(
            """
            0000: 54 50 41 43 02 0e 00 00 07 00 00 00 00 00 00 00
            0010: 2b 50 fe 00 00 00 00 00 40 66 03 01 00 00 00 00
            0020: 56 a0 fc 01 00 00 00 00 05 00 00 00 00 00 00 00
            0030: 04 00 00 00 01 00 00 00 3c 00 00 00 00 00 00 00
            """)
        let message = FramesMessage(
            frame: 7, vsync: 16_666_667, committed: 17_000_000, presented: 33_333_334, firstSequence: 5, count: 4,
            missed: 1, refreshHz: 60)
        XCTAssertEqual(message.encoded(), expected)
        XCTAssertEqual(try AppChannelMessage.decode(expected), .frames(message))
        XCTAssertEqual(message.lastSequence, 8)
    }
}
