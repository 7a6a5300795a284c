import AppChannel
import AppHostCore
import Foundation
import HIDEvent
import RunLoopKit
import TestSupport
import UIKitModel
import XCTest
import ZeroMQ

/// An app-host with a 60 Hz display, in this process on a manual clock, against a ROUTER the test plays
/// springboard with: events are acknowledged after the frame that dispatched them, a `frames` message follows
/// at the frame's present with the exact times and sequences, and an older springboard's `error malformed`
/// answer stops the `frames` without disturbing events or acks.
final class AppHostFramesTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tpf")
    }

    override func tearDown() {
        directory?.remove()
    }

    private func digitizer(_ sequence: UInt64, _ change: HIDFingerChange, x: Float, at hardware: UInt64) throws -> [UInt8] {
        try HIDEncoder.encode(
            HIDMessage(
                envelope: HIDEnvelope(
                    kind: .digitizer, sequence: sequence, senderID: 1, timestamps: HIDHopTimestamps(hardware: hardware)),
                payload: .digitizer(HIDDigitizerFrame(fingers: [HIDDigitizerEvent(finger: 1, change, x: x, y: 10)]))))
    }

    func testFramesFollowEachPresentAndAnOldSpringBoardsRefusalStopsThemQuietly() throws {
        let channel = try AppChannelRouter(in: directory)
        let (host, application, clock) = try startHost(
            on: channel, bundleID: "com.example.frames", displayName: "Frames"
        ) { $0.refreshHz = 60 }
        let send = channel.send
        var received: [AppChannelMessage] = []
        func collect() throws {
            received += try channel.messages { if case .heartbeat = $0 { true } else { false } }
        }
        try send(
            RegisteredMessage(
                session: 1, ackTimeoutMilliseconds: 5000, heartbeatIntervalMilliseconds: 500, visibility: .foreground
            )
            .encoded())
        try runUntil("registered", application) { host.sessionForTests == 1 }

        // A down at 1 ms and a move at 5 ms, both before the first vsync (16.67 ms).
        try send(EventHeader(deliverySequence: 1).encoded() + digitizer(1, .down, x: 10, at: 1_000_000))
        try send(EventHeader(deliverySequence: 2).encoded() + digitizer(2, .move, x: 12, at: 5_000_000))
        try runUntil("both events read", application) { host.eventsReceived == 2 }
        usleep(20_000)
        try collect()
        XCTAssertEqual(received, [], "held for the frame: nothing acknowledged before it dispatched them")

        application.runLoop.advance(to: 16_666_666)
        usleep(20_000)
        try collect()
        guard case .acks(let acks) = received.first else { return XCTFail("expected acks first, got \(received)") }
        XCTAssertEqual(acks.firstSequence, 1)
        XCTAssertEqual(acks.entries.map(\.dispatchStarted), [16_666_666, 16_666_666])
        XCTAssertEqual(received.count, 1, "no frames before the present")

        // Committed at 16.67 ms, the next vsync is 33.33 ms, on screen one frame later: 50 ms.
        application.runLoop.advance(to: 49_999_999)
        usleep(20_000)
        try collect()
        XCTAssertEqual(received.count, 1, "never ahead of the present")
        application.runLoop.advance(to: 50_000_000)
        usleep(20_000)
        try collect()
        XCTAssertEqual(
            received.last,
            .frames(
                FramesMessage(
                    frame: 1, vsync: 16_666_666, committed: 16_666_666, presented: 50_000_000, firstSequence: 1, count: 2,
                    missed: 0, refreshHz: 60)))
        XCTAssertEqual(host.framesSent, 1)

        // An older springboard answers `frames` with `error malformed`: the app stops sending them, nothing else.
        try send(ChannelErrorMessage(code: .malformed, text: "unknown app-channel message type 14").encoded())
        try runUntil("the refusal read", application) { host.framesRefused == 1 }
        try send(EventHeader(deliverySequence: 3).encoded() + digitizer(3, .up, x: 12, at: 60_000_000))
        try runUntil("the up read", application) { host.eventsReceived == 3 }
        application.runLoop.advance(to: 150_000_000)
        usleep(20_000)
        try collect()
        guard case .acks(let last) = received.last else { return XCTFail("expected the up's ack, got \(received)") }
        XCTAssertEqual(last.firstSequence, 3)
        XCTAssertEqual(host.framesSent, 1, "no frames after the refusal")
        XCTAssertEqual(application.display?.framesPresented, 2)
    }
}
