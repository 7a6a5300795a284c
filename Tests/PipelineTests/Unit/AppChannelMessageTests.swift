import AppChannel
import EventPort
import HIDEvent
import XCTest

final class AppChannelMessageTests: XCTestCase {
    func testAckExactBytes() {
        let ack = AckMessage(deliverySequence: 0x0102, handled: true, appReceived: 10, dispatchStarted: 11, dispatchFinished: 12)
        let bytes = ack.encoded()
        XCTAssertEqual(bytes.count, 48)
        XCTAssertEqual(Array(bytes[0..<8]), [0x54, 0x50, 0x41, 0x43, 2, 4, 0, 0])  // "TPAC", v2, type 4
        XCTAssertEqual(Array(bytes[8..<16]), [0x02, 0x01, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(Array(bytes[16..<24]), [1, 0, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(bytes[24], 10)
        XCTAssertEqual(bytes[32], 11)
        XCTAssertEqual(bytes[40], 12)
        XCTAssertEqual(try AppChannelMessage.decode(bytes), .ack(ack))
    }

    func testFramesExactBytesAndEveryFieldChecked() {
        let frames = FramesMessage(
            frame: 3, vsync: 100, committed: 150, presented: 200, firstSequence: 9, count: 2, missed: 0, refreshHz: 120)
        let bytes = frames.encoded()
        XCTAssertEqual(bytes.count, 64)
        XCTAssertEqual(Array(bytes[0..<8]), [0x54, 0x50, 0x41, 0x43, 2, 14, 0, 0])  // "TPAC", v2, type 14
        XCTAssertEqual(bytes[8], 3)
        XCTAssertEqual(bytes[16], 100)
        XCTAssertEqual(bytes[24], 150)
        XCTAssertEqual(bytes[32], 200)
        XCTAssertEqual(bytes[40], 9)
        XCTAssertEqual(bytes[48], 2)
        XCTAssertEqual(bytes[56], 120)
        XCTAssertEqual(try AppChannelMessage.decode(bytes), .frames(frames))
        func error(_ mutate: (inout [UInt8]) -> Void) -> AppChannelError? {
            var copy = bytes
            mutate(&copy)
            do { _ = try AppChannelMessage.decode(copy); return nil } catch { return error }
        }
        XCTAssertEqual(error { $0.removeLast() }, .truncated(message: "frames", needed: 64, found: 63))
        XCTAssertEqual(
            error { $0.append(0) },
            .invalidField(message: "frames", field: "length", offset: 0, expected: "64 bytes", found: "65 bytes"))
        XCTAssertEqual(
            error { $0[8] = 0 }, .invalidField(message: "frames", field: "frame", offset: 8, expected: ">= 1", found: "0"))
        XCTAssertEqual(
            error { $0[24] = 99 },
            .invalidField(message: "frames", field: "committed", offset: 24, expected: ">= vsync 100", found: "99"))
        XCTAssertEqual(
            error { $0[32] = 149 },
            .invalidField(message: "frames", field: "presented", offset: 32, expected: ">= committed 150", found: "149"))
        XCTAssertEqual(
            error { $0[40] = 0 },
            .invalidField(message: "frames", field: "firstSequence", offset: 40, expected: ">= 1", found: "0"))
        XCTAssertEqual(
            error { $0[48] = 0 }, .invalidField(message: "frames", field: "count", offset: 48, expected: "1...4096", found: "0"))
        XCTAssertEqual(
            error {
                $0[49] = 0x10; $0[48] = 1
            },
            .invalidField(message: "frames", field: "count", offset: 48, expected: "1...4096", found: "4097"))
        XCTAssertNil(
            error {
                $0[49] = 0x10; $0[48] = 0
            })  // 4096
        XCTAssertEqual(
            error { $0[56] = 0 },
            .invalidField(message: "frames", field: "refreshHz", offset: 56, expected: "1...1000", found: "0"))
        XCTAssertEqual(
            error {
                $0[56] = 0xe9; $0[57] = 3
            },
            .invalidField(message: "frames", field: "refreshHz", offset: 56, expected: "1...1000", found: "1001"))
        XCTAssertEqual(
            error { $0[60] = 1 }, .invalidField(message: "frames", field: "reserved", offset: 60, expected: "0", found: "1"))
        XCTAssertNil(
            error {
                $0[52] = 0xff; $0[55] = 0xff
            })  // missed: any value
    }

    func testAcksRejectBadCountsLengthsAndFlags() {
        func error(_ mutate: (inout [UInt8]) -> Void) -> AppChannelError? {
            var bytes = AcksMessage(
                firstSequence: 3, entries: [AcksMessage.Entry(appReceived: 1, dispatchStarted: 2, dispatchFinished: 3)]
            ).encoded()
            mutate(&bytes)
            do { _ = try AppChannelMessage.decode(bytes); return nil } catch { return error }
        }
        XCTAssertNil(error { _ in })
        XCTAssertEqual(
            error { $0[16] = 0 }, .invalidField(message: "acks", field: "count", offset: 16, expected: "1...4096", found: "0"))
        XCTAssertEqual(error { $0[16] = 2 }, .truncated(message: "acks", needed: 88, found: 56))
        XCTAssertEqual(
            error { $0.append(0) },
            .invalidField(message: "acks", field: "length", offset: 0, expected: "56 bytes", found: "57 bytes"))
        // Bit 1 (coalesced in the app) only with bit 0 (handled); no other bit.
        XCTAssertEqual(
            error { $0[48] = 2 }, .invalidField(message: "acks", field: "flags", offset: 48, expected: "0, 1 or 3", found: "2"))
        XCTAssertEqual(
            error { $0[48] = 4 }, .invalidField(message: "acks", field: "flags", offset: 48, expected: "0, 1 or 3", found: "4"))
        XCTAssertNil(error { $0[48] = 3 })
        XCTAssertEqual(
            error { $0[8] = 0 }, .invalidField(message: "acks", field: "firstSequence", offset: 8, expected: ">= 1", found: "0"))
        XCTAssertEqual(
            error { $0[20] = 1 }, .invalidField(message: "acks", field: "reserved", offset: 20, expected: "0", found: "1"))
    }

    func testRegisterRoundTripAndLayout() throws {
        let message = RegisterMessage(
            bundleID: "com.example.maps", displayName: "Maps", pid: 4242, heartbeatIntervalMilliseconds: 200)
        let bytes = message.encoded()
        XCTAssertEqual(bytes.count, 24 + 16 + 4)
        XCTAssertEqual(bytes[5], 1)
        XCTAssertEqual(Array(bytes[16..<20]), [16, 0, 4, 0])
        XCTAssertEqual(String(decoding: bytes[24..<40], as: UTF8.self), "com.example.maps")
        XCTAssertEqual(try AppChannelMessage.decode(bytes), .register(message))
    }

    /// Flag bit 1: the app traces every UIKit call (what `hid-source load` warns about); with a secret, 3.
    func testRegisterCarriesWhetherTheAppTracesEveryCall() throws {
        let tracing = RegisterMessage(
            bundleID: "a.b", displayName: "AB", pid: 1, heartbeatIntervalMilliseconds: 100, tracesCalls: true)
        var bytes = tracing.encoded()
        XCTAssertEqual(Array(bytes[20..<24]), [2, 0, 0, 0])
        XCTAssertEqual(try AppChannelMessage.decode(bytes), .register(tracing))
        let both = RegisterMessage(
            bundleID: "a.b", displayName: "AB", pid: 1, heartbeatIntervalMilliseconds: 100,
            launchSecret: [UInt8](repeating: 7, count: 32), tracesCalls: true)
        XCTAssertEqual(Array(both.encoded()[20..<24]), [3, 0, 0, 0])
        XCTAssertEqual(try AppChannelMessage.decode(both.encoded()), .register(both))
        // Bit 2: the app reads an event's `alone` flag.
        let readsAlone = RegisterMessage(
            bundleID: "a.b", displayName: "AB", pid: 1, heartbeatIntervalMilliseconds: 100, readsAlone: true)
        XCTAssertEqual(Array(readsAlone.encoded()[20..<24]), [4, 0, 0, 0])
        XCTAssertEqual(try AppChannelMessage.decode(readsAlone.encoded()), .register(readsAlone))
        bytes[20] = 8
        XCTAssertThrowsError(try AppChannelMessage.decode(bytes)) { error in
            XCTAssertEqual(
                error as? AppChannelError,
                .invalidField(message: "register", field: "flags", offset: 20, expected: "0...7", found: "8"))
        }
    }

    /// `AcksMessage.write` (the app's one-pass encoder) gives the bytes of `begin` and `append`, whatever the buffer
    /// held before: longer (it shrinks), shorter (it grows) or the same size with other bytes (all overwritten).
    func testAnAcksMessageWrittenInOnePassIsTheOneBuiltEntryByEntry() throws {
        let entries = [
            AcksMessage.Entry(appReceived: 1, dispatchStarted: 2, dispatchFinished: 3),
            AcksMessage.Entry(appReceived: 4, dispatchStarted: 5, dispatchFinished: 6, handled: false),
            AcksMessage.Entry(appReceived: 7, dispatchStarted: 8, dispatchFinished: 9, coalescedInApp: true),
        ]
        var buffer = [UInt8](repeating: 0xFF, count: 200)
        for count in [3, 1, 1, 3] {
            var expected: [UInt8] = []
            AcksMessage.begin(&expected, firstSequence: 41)
            for entry in entries.prefix(count) { AcksMessage.append(entry, to: &expected) }
            AcksMessage.write(firstSequence: 41, count: count, into: &buffer) { entries[$0] }
            XCTAssertEqual(buffer, expected, "\(count) entries")
            if count == 1 { buffer = [UInt8](repeating: 0xEE, count: buffer.count) }
        }
    }

    /// Bit 2 of an event's flags, `alone`: decoded; bit 3 is refused.
    func testAnEventFlaggedAloneDecodesAndAnUnknownBitIsRefused() throws {
        let alone = EventHeader(deliverySequence: 5, flags: .alone)
        var bytes = alone.encoded()
        XCTAssertEqual(Array(bytes[16..<20]), [4, 0, 0, 0])
        XCTAssertEqual(try AppChannelMessage.decode(bytes), .eventHeader(alone))
        bytes[16] = 8
        XCTAssertThrowsError(try AppChannelMessage.decode(bytes)) { error in
            XCTAssertEqual(
                error as? AppChannelError,
                .invalidField(message: "event", field: "flags", offset: 16, expected: "bits of 0x7", found: "0x8"))
        }
    }

    func testEveryMessageRoundTrips() throws {
        let messages: [AppChannelMessage] = [
            .registered(
                RegisteredMessage(
                    session: 7, ackTimeoutMilliseconds: 5000, heartbeatIntervalMilliseconds: 200, visibility: .background)),
            .eventHeader(EventHeader(deliverySequence: 3, flags: .synthesized)),
            .eventHeader(EventHeader(deliverySequence: 4, flags: [.coalesced])),
            .acks(
                AcksMessage(
                    firstSequence: 9,
                    entries: [
                        AcksMessage.Entry(appReceived: 1, dispatchStarted: 2, dispatchFinished: 3, handled: false),
                        AcksMessage.Entry(appReceived: 4, dispatchStarted: 5, dispatchFinished: 6, coalescedInApp: true),
                    ])),
            .heartbeat(HeartbeatMessage(counter: 9, appTime: 123_456)),
            .state(StateMessage(visibility: .foreground)),
            .error(ChannelErrorMessage(code: .notRegistered, text: "register first")),
            .ping(PingMessage(nonce: 77)),
            .hello, .goodbye,
        ]
        for message in messages {
            XCTAssertEqual(try AppChannelMessage.decode(message.encoded()), message)
        }
        XCTAssertEqual(RegisteredMessage.size, 32)
        XCTAssertEqual(EventHeader.size, 24)
        XCTAssertEqual(AppChannelMessage.hello.encoded(), [0x54, 0x50, 0x41, 0x43, 2, 9, 0, 0])
    }

    func testTypedErrorsNameTheField() {
        var ack = AckMessage(deliverySequence: 1, handled: false, appReceived: 0, dispatchStarted: 0, dispatchFinished: 0)
            .encoded()
        XCTAssertThrowsError(try AppChannelMessage.decode(Array(ack[0..<40]))) { error in
            XCTAssertEqual(error as? AppChannelError, .truncated(message: "ack", needed: 48, found: 40))
        }
        ack[16] = 2
        XCTAssertThrowsError(try AppChannelMessage.decode(ack)) { error in
            XCTAssertEqual(
                error as? AppChannelError,
                .invalidField(message: "ack", field: "handled", offset: 16, expected: "0 or 1", found: "2"))
        }
        XCTAssertThrowsError(try AppChannelMessage.decode([0x54, 0x50, 0x48, 0x45, 1, 1, 0, 0])) { error in
            XCTAssertEqual(error as? AppChannelError, .badMagic(found: 0x4548_5054))
        }
        // Version 1 (an `event` in three frames) is refused by name, not misread.
        XCTAssertThrowsError(try AppChannelMessage.decode([0x54, 0x50, 0x41, 0x43, 1, 1, 0, 0])) { error in
            XCTAssertEqual(error as? AppChannelError, .unsupportedVersion(found: 1))
        }
        XCTAssertThrowsError(try AppChannelMessage.decode([0x54, 0x50, 0x41, 0x43, 2, 99, 0, 0])) { error in
            XCTAssertEqual(error as? AppChannelError, .unknownType(99))
        }
        XCTAssertThrowsError(try AppChannelMessage.decode([0x54, 0x50])) { error in
            XCTAssertEqual(error as? AppChannelError, .truncated(message: "header", needed: 8, found: 2))
        }
    }

    func testRegisterRejectsBadLengthsAndIdentity() {
        var bytes = RegisterMessage(bundleID: "a.b", displayName: "AB", pid: 1, heartbeatIntervalMilliseconds: 100).encoded()
        bytes.append(0)
        XCTAssertThrowsError(try AppChannelMessage.decode(bytes)) { error in
            XCTAssertEqual(
                error as? AppChannelError,
                .invalidField(message: "register", field: "length", offset: 0, expected: "29 bytes", found: "30 bytes"))
        }
        var zero = RegisterMessage(bundleID: "\0ab", displayName: "", pid: 1, heartbeatIntervalMilliseconds: 100).encoded()
        XCTAssertThrowsError(try AppChannelMessage.decode(zero)) { error in
            XCTAssertEqual(
                error as? AppChannelError,
                .invalidField(
                    message: "register", field: "bundleID", offset: 24, expected: "a first byte other than 0", found: "0"))
        }
        zero[16] = 0
        XCTAssertThrowsError(try AppChannelMessage.decode(zero))
    }

    func testEndMarker() throws {
        let marker = EndMarker(senderID: 0xABCD, count: 12)
        let bytes = marker.encoded()
        // protocols/app-channel.md's example, byte for byte: "TPEM", v1, final, sender id, count.
        XCTAssertEqual(bytes, [0x54, 0x50, 0x45, 0x4D, 1, 1, 0, 0, 0xCD, 0xAB, 0, 0, 0, 0, 0, 0, 0x0C, 0, 0, 0, 0, 0, 0, 0])
        try bytes.withUnsafeBytes { raw in
            XCTAssertTrue(EndMarker.matches(raw))
            XCTAssertEqual(try EndMarker.decode(raw), marker)
        }
        [UInt8]([0x54, 0x50, 0x48, 0x45]).withUnsafeBytes { XCTAssertFalse(EndMarker.matches($0)) }
        let checkpoint = EndMarker(senderID: 1, count: 2, isFinal: false)
        XCTAssertEqual(checkpoint.encoded()[5], 0)
        try checkpoint.encoded().withUnsafeBytes { XCTAssertEqual(try EndMarker.decode($0), checkpoint) }
        let keepAlive = EndMarker.keepAlive(senderID: 1, count: 2)
        XCTAssertEqual(keepAlive.encoded()[5], 2)
        try keepAlive.encoded().withUnsafeBytes { XCTAssertEqual(try EndMarker.decode($0), keepAlive) }
        var bad = bytes
        bad[5] = 3  // final and keep-alive at once
        try bad.withUnsafeBytes { raw in
            XCTAssertThrowsError(try EndMarker.decode(raw)) { error in
                XCTAssertEqual(
                    error as? EventPortError,
                    .invalidField(message: "endMarker", field: "flags", offset: 5, expected: "0, 1 or 2", found: "3"))
            }
        }
    }

    /// An `event` is one frame: header, HID message, then samples exactly when flagged `coalesced`.
    func testAnEventFrameSplitsIntoHeaderMessageAndSamplesAndALengthThatDoesNotAddUpIsRefused() throws {
        func move(_ sequence: UInt64, x: Float) throws -> [UInt8] {
            try HIDEncoder.encode(
                HIDMessage(
                    envelope: HIDEnvelope(kind: .digitizer, sequence: sequence, senderID: 1),
                    payload: .digitizer(HIDDigitizerFrame(fingers: [HIDDigitizerEvent(finger: 1, .move, x: x, y: 0)]))))
        }
        let newest = try move(3, x: 30), samples = try move(1, x: 10) + move(2, x: 20)
        func split(_ bytes: [UInt8]) throws -> (header: EventHeader, message: Range<Int>, samples: Range<Int>) {
            try bytes.withUnsafeBytes { try EventHeader.split($0) }
        }

        let plain = EventHeader(deliverySequence: 5).encoded() + newest
        let parts = try split(plain)
        XCTAssertEqual(parts.header, EventHeader(deliverySequence: 5))
        XCTAssertEqual(parts.message, 24..<(24 + newest.count))
        XCTAssertTrue(parts.samples.isEmpty)

        let coalesced = EventHeader(deliverySequence: 6, flags: .coalesced).encoded() + newest + samples
        let withSamples = try split(coalesced)
        XCTAssertEqual(withSamples.message, 24..<(24 + newest.count))
        XCTAssertEqual(withSamples.samples, (24 + newest.count)..<coalesced.count)
        let decoded = try coalesced.withUnsafeBytes {
            try CoalescedSamples.decode(UnsafeRawBufferPointer(rebasing: $0[withSamples.samples]))
        }
        XCTAssertEqual(decoded.map(\.envelope.sequence), [1, 2])

        func refusal(_ bytes: [UInt8]) -> AppChannelError? {
            do { _ = try split(bytes); return nil } catch { return error as? AppChannelError }
        }
        XCTAssertEqual(
            refusal(EventHeader(deliverySequence: 7, flags: .coalesced).encoded() + newest),
            .invalidField(
                message: "event", field: "length", offset: 0, expected: "samples after the \(newest.count)-byte HID message",
                found: "\(24 + newest.count) bytes"))
        XCTAssertEqual(
            refusal(plain + [0]),
            .invalidField(
                message: "event", field: "length", offset: 0, expected: "\(24 + newest.count) bytes",
                found: "\(25 + newest.count) bytes"))
        XCTAssertEqual(
            refusal(Array(plain.dropLast())), .truncated(message: "event", needed: 24 + newest.count, found: 23 + newest.count))
        XCTAssertEqual(
            refusal(EventHeader(deliverySequence: 8).encoded() + [0, 0]),
            .truncated(message: "event", needed: 88, found: 26))
    }

    /// The header is validated once, by `AppChannelFrame`; the frame then goes to the one reader its type names
    /// (`message()`, or `AcksView` on springboard's hot path), and a reader of another type refuses it by its type
    /// byte with the error a whole-message decoder gives.
    func testAFrameValidatesTheHeaderOnceAndHandsTheBodyToItsTypesReader() throws {
        let acks = AcksMessage(
            firstSequence: 9, entries: [AcksMessage.Entry(appReceived: 1, dispatchStarted: 2, dispatchFinished: 3)])
        try acks.encoded().withUnsafeBytes { raw in
            let frame = try AppChannelFrame(validating: raw)
            XCTAssertEqual(frame.type, .acks)
            XCTAssertEqual(try frame.message(), .acks(acks))
            let view = try AcksView(frame)
            XCTAssertEqual(view.firstSequence, 9)
            XCTAssertEqual(view.entry(0), acks.entries[0])
        }
        let heartbeat = HeartbeatMessage(counter: 1, appTime: 2).encoded()
        try heartbeat.withUnsafeBytes { raw in
            let frame = try AppChannelFrame(validating: raw)
            XCTAssertEqual(try frame.message(), .heartbeat(HeartbeatMessage(counter: 1, appTime: 2)))
            let wrongType = AppChannelError.invalidField(
                message: "acks", field: "type", offset: 5, expected: "11", found: "5")
            XCTAssertThrowsError(try AcksView(frame)) { XCTAssertEqual($0 as? AppChannelError, wrongType) }
            XCTAssertThrowsError(try AcksView(validating: raw)) { XCTAssertEqual($0 as? AppChannelError, wrongType) }
        }
        // A bad header is refused before any type's reader sees the bytes.
        let oldVersion: [UInt8] = [0x54, 0x50, 0x41, 0x43, 1, 11, 0, 0]
        try oldVersion.withUnsafeBytes { raw in
            XCTAssertThrowsError(try AppChannelFrame(validating: raw)) {
                XCTAssertEqual($0 as? AppChannelError, .unsupportedVersion(found: 1))
            }
        }
    }
}
