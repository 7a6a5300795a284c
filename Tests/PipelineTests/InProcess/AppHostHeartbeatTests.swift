import AppChannel
import AppHostCore
import Foundation
import HIDEvent
import RunLoopKit
import TestSupport
import UIKitModel
import XCTest
import ZeroMQ

/// An app-host in this process on a manual clock, against a ROUTER the test plays springboard with: the heartbeat
/// timer's tick after an ack message went out sends nothing (springboard heard the app by the ack); an idle tick
/// sends the next heartbeat, its counter one past the last one sent (protocols/app-channel.md, `heartbeat`).
final class AppHostHeartbeatTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tph")
    }

    override func tearDown() {
        directory?.remove()
    }

    func testATickAfterAnAckSendsNoHeartbeatAndTheNextIdleTickSendsTheNextOne() throws {
        let channel = try AppChannelRouter(in: directory)
        let (host, application, clock) = try startHost(
            on: channel, bundleID: "com.example.heartbeat", displayName: "Heartbeat"
        ) { $0.heartbeatIntervalMilliseconds = 500 }
        var received: [AppChannelMessage] = []
        func collect() throws {
            usleep(20_000)
            received += try channel.messages()
        }
        let start = clock.now
        try channel.send(
            RegisteredMessage(
                session: 1, ackTimeoutMilliseconds: 5000, heartbeatIntervalMilliseconds: 500, visibility: .foreground
            )
            .encoded())
        try runUntil("registered", application) { host.sessionForTests == 1 }

        // Tick 1, nothing acknowledged yet: a heartbeat.
        application.runLoop.advance(to: start + 500_000_000)
        try collect()
        XCTAssertEqual(received, [.heartbeat(HeartbeatMessage(counter: 1, appTime: start + 500_000_000))])

        // An event, acknowledged in its pass; tick 2 comes after that ack message: nothing.
        let frame = try HIDEncoder.encode(
            HIDMessage(
                envelope: HIDEnvelope(kind: .button, sequence: 1, senderID: 1, timestamps: HIDHopTimestamps(hardware: 1)),
                payload: .button(HIDButtonEvent(button: .volumeUp, isDown: true))))
        try channel.send(EventHeader(deliverySequence: 1).encoded() + frame)
        try runUntil("the event handled", application) { host.eventsReceived == 1 }
        application.runLoop.advance(to: start + 1_000_000_000)
        try collect()
        XCTAssertEqual(received.count, 2, "the ack, and no heartbeat after it: \(received)")
        guard case .acks(let acks) = received.last else { return XCTFail("expected the ack second, got \(received)") }
        XCTAssertEqual(acks.firstSequence, 1)
        XCTAssertEqual(acks.entries.count, 1)
        XCTAssertEqual(host.heartbeatsSkipped, 1)

        // Tick 3, idle since tick 2: the next heartbeat, counter 2.
        application.runLoop.advance(to: start + 1_500_000_000)
        try collect()
        XCTAssertEqual(received.count, 3)
        XCTAssertEqual(received.last, .heartbeat(HeartbeatMessage(counter: 2, appTime: start + 1_500_000_000)))
        XCTAssertEqual(host.heartbeatsSkipped, 1)
    }
}
