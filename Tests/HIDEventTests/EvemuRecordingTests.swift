import Foundation
import GestureScript
import HIDEvent
import TestSupport
import TouchRecording
import XCTest

/// The evemu reader (protocols/evemu-replay.md): protocol B slots, tracking ids and partial updates, axis
/// ranges from each source, the refusals, the mapping and the window rules.
final class EvemuRecordingTests: XCTestCase {
    private static let header = """
        # EVEMU 1.3
        N: Test Panel
        A: 2f 0 9 0 0 0
        A: 35 0 1000 0 0 10
        A: 36 0 500 0 0 10
        A: 39 0 65535 0 0 0
        A: 3a 0 255 0 0 0
        A: 30 0 100 0 0 0

        """

    private func recording(_ events: String, header: String = header) throws -> EvemuRecording {
        try EvemuRecording(text: header + events, name: "test.events")
    }

    private func changes(_ recording: EvemuRecording) -> [String] {
        recording.frames.map { frame in
            "\(frame.time / 1_000_000) "
                + frame.contacts.map { "\($0.id)@\($0.x),\($0.y)\(Self.name($0.change))" }.joined(separator: " ")
        }
    }

    private static func name(_ change: HIDFingerChange) -> String {
        switch change {
        case .down: return "d"
        case .move: return "m"
        case .up: return "u"
        case .cancel: return "c"
        default: return "s"
        }
    }

    /// Two fingers in slots 0 and 1; slot 0 is implied before the first ABS_MT_SLOT; only changed axes are
    /// sent; a finger that did not change is stationary; a tracking id reused later is a new contact, and a
    /// new contact in a slot keeps the slot's last values it was not sent.
    func testProtocolBSlotsTrackingIdsAndPartialUpdates() throws {
        let r = try recording(
            """
            E: 10.000000 0003 0039 7
            E: 10.000000 0003 0035 100
            E: 10.000000 0003 0036 200
            E: 10.000000 0000 0000 0
            E: 10.010000 0003 002f 1
            E: 10.010000 0003 0039 8
            E: 10.010000 0003 0035 300
            E: 10.010000 0003 0036 400
            E: 10.010000 0000 0000 0
            E: 10.020000 0003 002f 0
            E: 10.020000 0003 0036 210
            E: 10.020000 0000 0000 0
            E: 10.030000 0003 0039 -1
            E: 10.030000 0000 0000 0
            E: 10.040000 0003 0039 7
            E: 10.040000 0003 0035 120
            E: 10.040000 0000 0000 0
            E: 10.050000 0003 0039 -1
            E: 10.050000 0003 002f 1
            E: 10.050000 0003 0039 -1
            E: 10.050000 0000 0000 0

            """)
        XCTAssertEqual(
            changes(r),
            [
                "0 1@100,200d", "10 1@100,200s 2@300,400d", "20 1@100,210m 2@300,400s", "30 2@300,400s 1@100,210u",
                "40 3@120,210d 2@300,400s", "50 3@120,210u 2@300,400u",
            ])
        XCTAssertEqual(r.contactCount, 3)
        XCTAssertEqual(r.duration, 50_000_000)
    }

    /// A contact that comes down and lifts within one report: its down in that frame, its up in a frame of
    /// its own at the same time. Pressure and touch major travel with the contact.
    func testADownAndUpInOneReportAndTheContactsSize() throws {
        let r = try recording(
            """
            E: 0.000000 0003 0039 1
            E: 0.000000 0003 0035 10
            E: 0.000000 0003 0036 20
            E: 0.000000 0003 003a 51
            E: 0.000000 0003 0030 8
            E: 0.000000 0003 0039 -1
            E: 0.000000 0000 0000 0

            """)
        XCTAssertEqual(changes(r), ["0 1@10,20d", "0 1@10,20u"])
        XCTAssertEqual(r.frames[0].contacts[0].pressure, 51)
        XCTAssertEqual(r.frames[0].contacts[0].touchMajor, 8)
        let frames = try r.timedPayloads(mapping: RecordingMapping(screen: CGSize(width: 100, height: 50)))
        guard case .digitizer(let frame) = frames[0].payload else { return XCTFail("not a digitizer frame") }
        XCTAssertEqual(frame.children[0].x, 1)
        XCTAssertEqual(frame.children[0].y, 2)
        XCTAssertEqual(frame.children[0].majorRadius, 0.4, accuracy: 1e-6)  // 8 units across, 0.1 point per unit
        XCTAssertEqual(frame.children[0].minorRadius, 0.4, accuracy: 1e-6)
        guard case .digitizer(let lift) = frames[1].payload else { return XCTFail("not a digitizer frame") }
        XCTAssertEqual(lift.children[0].phase, .ended)
    }

    func testProtocolAAndOtherAxesAreRefusedWithTheReason() {
        XCTAssertThrowsError(try recording("E: 0.0 0003 0035 5\nE: 0.0 0000 0002 0\nE: 0.0 0000 0000 0\n")) { error in
            XCTAssertEqual(
                "\(error)",
                "test.events:10: multitouch protocol A (SYN_MT_REPORT, no slots): only protocol B recordings (ABS_MT_SLOT, ABS_MT_TRACKING_ID) can be replayed"
            )
        }
        XCTAssertThrowsError(try recording("E: 0.0 0003 0002 5\nE: 0.0 0003 0003 7\nE: 0.0 0000 0000 0\n")) { error in
            XCTAssertEqual(
                "\(error)",
                "test.events: the device reports position on ABS_Z/ABS_RX, not on ABS_MT_POSITION_X/Y: not a multitouch protocol B touchscreen (first axis 0x2)"
            )
        }
        XCTAssertThrowsError(try recording("E: 0.0 0003 0039 1\nE: 0.0 0000 0000 0\n", header: "")) { error in
            XCTAssertTrue("\(error)".contains("no ABS_MT_POSITION_X/Y range"), "\(error)")
        }
        XCTAssertThrowsError(try recording("E: 1.0 0000 0000 0\nE: 0.5 0000 0000 0\n")) { error in
            XCTAssertEqual("\(error)", "test.events:10: the timestamp goes backwards")
        }
    }

    /// evemu-record's header comments give the ranges when there are no `A:` lines, and a description file
    /// fills in what the recording lacks.
    func testRangesFromHeaderCommentsAndADescriptionFile() throws {
        let comments = """
            #   Event type 3 (EV_ABS)
            #     Event code 53 (ABS_MT_POSITION_X)
            #       Value        0
            #       Min         10
            #       Max        799
            #       Fuzz         0
            #       Flat         0
            #       Resolution   4
            #     Event code 54 (ABS_MT_POSITION_Y)
            #       Value        0
            #       Min          0
            #       Max        479

            """
        let r = try recording("", header: comments)
        XCTAssertEqual(r.xAxis, EvemuAxis(minimum: 10, maximum: 799, resolution: 4))
        XCTAssertEqual(r.yRange, 0...479)
        let described = try EvemuRecording(text: "E: 0.0 0000 0000 0\n", name: "x", description: Self.header)
        XCTAssertEqual(described.xRange, 0...1000)
        // The shared recordings: ep0430m09's ranges in its header, the Wacom's in the .desc beside it.
        let wacom = try EvemuRecording(evemuDevices: "wacom-isdv4-e6-finger.single-tap-center.events")
        XCTAssertEqual(wacom.xRange, 0...2776)
        XCTAssertEqual(wacom.yRange, 0...1569)
    }

    /// Stretch, aspect (centred), a quarter turn, a physical scale and a target rectangle.
    func testMapping() throws {
        let x = EvemuAxis(minimum: 0, maximum: 1000, resolution: 10), y = EvemuAxis(minimum: 0, maximum: 500, resolution: 10)
        let screen = CGSize(width: 400, height: 800)
        func point(_ mapping: RecordingMapping, _ px: Int, _ py: Int) throws -> CGPoint {
            try mapping.placement(x: x, y: y).point(x: px, y: py)
        }
        XCTAssertEqual(try point(RecordingMapping(screen: screen), 500, 500), CGPoint(x: 200, y: 800))
        XCTAssertEqual(try point(RecordingMapping(screen: screen, fit: .aspect), 0, 0), CGPoint(x: 0, y: 300))
        XCTAssertEqual(try point(RecordingMapping(screen: screen, fit: .aspect), 1000, 500), CGPoint(x: 400, y: 500))
        // Turned clockwise: the device's top-left corner goes to the top right; 500 × 1000 units fill 400 × 800.
        XCTAssertEqual(try point(RecordingMapping(screen: screen, fit: .aspect, rotation: 90), 0, 0), CGPoint(x: 400, y: 0))
        XCTAssertEqual(try point(RecordingMapping(screen: screen, fit: .aspect, rotation: 90), 1000, 0), CGPoint(x: 400, y: 800))
        // 100 × 50 mm at 2 points per mm from the target's corner.
        let physical = RecordingMapping(
            screen: screen, target: CGRect(x: 10, y: 20, width: 300, height: 300), pointsPerMillimetre: 2)
        XCTAssertEqual(try point(physical, 1000, 500), CGPoint(x: 210, y: 120))
        XCTAssertThrowsError(
            try RecordingMapping(screen: screen, pointsPerMillimetre: 2).placement(x: EvemuAxis(minimum: 0, maximum: 9), y: y))
        XCTAssertThrowsError(try RecordingMapping(screen: screen, rotation: 45).placement(x: x, y: y))
    }

    /// `hid-source inspect`'s figures for ep0430m09's two fingers held (aspect fit on 390 x 844 points).
    func testSummaryOfTwoFingersHeld() throws {
        let recording = try EvemuRecording(evemuDevices: "ep0430m09.2-fingers-touch-release.events")
        let summary = try recording.summary(mapping: RecordingMapping(screen: CGSize(width: 390, height: 844), fit: .aspect))
        XCTAssertEqual(summary.contacts, 2)
        XCTAssertEqual(summary.frames, 14)
        XCTAssertEqual(summary.sessions.count, 1)
        let session = summary.sessions[0]
        XCTAssertEqual(session.duration, 0.527809)
        XCTAssertEqual(session.maximumFingers, 2)
        XCTAssertEqual(session.travel, 2.13)
        XCTAssertEqual(session.spread, RecordingSession.Spread(start: 161.31, end: 162.23, minimum: 161.31, maximum: 162.23))
        XCTAssertEqual(session.rotation, 0.1)
        XCTAssertEqual(session.samplingRate, 31.5)
    }

    /// A window that opens with a finger down brings it down there; one that closes with a finger down
    /// cancels it at the window's end.
    func testWindowEdges() throws {
        let r = try recording(
            """
            E: 0.000000 0003 0039 1
            E: 0.000000 0003 0035 100
            E: 0.000000 0003 0036 100
            E: 0.000000 0000 0000 0
            E: 0.100000 0003 0035 200
            E: 0.100000 0000 0000 0
            E: 0.200000 0003 0035 300
            E: 0.200000 0000 0000 0
            E: 0.300000 0003 0039 -1
            E: 0.300000 0000 0000 0

            """)
        let frames = try r.timedPayloads(
            mapping: RecordingMapping(screen: CGSize(width: 1000, height: 500)), from: 50_000_000, to: 250_000_000)
        let summary = frames.map { timed -> String in
            guard case .digitizer(let frame) = timed.payload else { return "?" }
            return
                "\(timed.time / 1_000_000) \(frame.children.map { "\($0.transducerIndex)\($0.phase.rawValue)@\(Int($0.x))" }.joined())"
        }
        XCTAssertEqual(summary, ["50 11@200", "150 12@300", "200 18@300"])
    }
}

/// `hid-source --write`: what a source would send, written as evemu and read back, is the same stream.
final class EvemuWriterTests: XCTestCase {
    /// Every changing finger of every frame: time, phase, position, pressure and radius (sorted within a
    /// frame; a recording numbers its contacts afresh, so finger ids are left out).
    private func fingers(_ frames: [TimedHIDPayload]) -> [String] {
        frames.flatMap { timed -> [String] in
            guard case .digitizer(let frame) = timed.payload else { return ["\(timed.time) \(timed.payload.kind)"] }
            return frame.children.filter { !$0.phase.isEmpty }.map {
                "\(timed.time) \($0.phase.rawValue) \($0.x),\($0.y) p\($0.tipPressure) r\($0.majorRadius)/\($0.minorRadius)"
            }.sorted()
        }
    }

    func testAScriptWrittenAndReadBackIsTheSameStream() throws {
        let script = try GestureScript.parse(
            """
            at 0.000 down 1 145 400 ; at 0.000 down 2 245.5 400
            at 0.050 move 1 140 380.25 ; at 0.050 move 2 250 380
            at 0.100 up 1 ; at 0.100 move 2 260 360
            at 0.150 up 2
            at 0.2 tap 100 100
            at 0.4 press home
            """)
        let frames = script.frames()
        var writer = EvemuWriter(screen: CGSize(width: 390, height: 844))
        var text = writer.header
        for frame in frames { text += writer.lines(for: frame) }
        let back = try EvemuRecording(text: text, name: "written").timedPayloads(
            mapping: RecordingMapping(screen: CGSize(width: 390, height: 844), fit: .aspect))
        XCTAssertEqual(fingers(back), fingers(frames).filter { !$0.hasSuffix("button") })
        XCTAssertEqual(writer.eventsLeftOut, 2)
        XCTAssertTrue(text.contains("# 0.400000 button event not written"))
    }
}
