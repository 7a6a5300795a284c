import AppChannel
import AppHostCore
import Foundation
import HIDEvent
import RunLoopKit
import TestSupport
import UIKitModel
import XCTest
import ZeroMQ

/// An app-host in this process, on a manual clock, against a ROUTER the test plays springboard with: acks
/// the app channel refuses (its high-water mark) wait and go later, in order; none is lost.
final class AppHostAckTests: XCTestCase {
    private var directory: TemporaryDirectory!

    override func setUpWithError() throws {
        directory = try TemporaryDirectory(prefix: "tpa")
    }

    override func tearDown() {
        directory?.remove()
    }

    func testAcksTheChannelRefusesAreSentLaterInOrderAndNoneIsLost() throws {
        let channel = try AppChannelRouter(in: directory, receiveHighWaterMark: 1, receiveBufferSize: 4096)
        var configuration = AppHostConfiguration(appEndpoint: channel.endpoint, bundleID: "com.example.acks", displayName: "Acks")
        configuration.traceToStdout = false
        configuration.channelHighWaterMark = 1
        configuration.channelBufferBytes = 4096
        let clock = ManualClock()
        let application = UIApplication(runLoop: EventRunLoop(clock: clock))
        let host = try AppHost(application: application, configuration: configuration)
        let frame = try HIDEncoder.encode(
            HIDMessage(
                envelope: HIDEnvelope(kind: .button, sequence: 1, senderID: 1, timestamps: HIDHopTimestamps(hardware: 1)),
                payload: .button(HIDButtonEvent(button: .volumeUp, isDown: true))))

        // The app's connect probe ([identity][empty]): from now on the ROUTER can route to it.
        let probe = try channel.awaitProbe(application)
        XCTAssertEqual(probe.count, 2)
        XCTAssertEqual(probe.last, [])

        // Events one at a time, each handled in its own pass (so each pass sends one ack message), while the
        // test reads nothing: the channel fills and the app must hold its acks.
        let events = 2_000
        for sequence in 1...events {
            try channel.send(EventHeader(deliverySequence: UInt64(sequence)).encoded() + frame)
            try runUntil("event \(sequence) handled", application) { host.eventsReceived == UInt64(sequence) }
        }
        XCTAssertGreaterThan(host.ackSendsDeferred, 0, "the channel never pushed back: the test proves nothing")
        XCTAssertGreaterThan(host.acksWaiting, 0)

        // springboard reads again: every event is acknowledged exactly once, in order.
        var acknowledged: [UInt64] = []
        let deadline = Date().addingTimeInterval(10)
        while acknowledged.count < events, Date() < deadline {
            while let frames = try channel.receive() {
                guard frames.count == 2, frames[1].count > 8 else { continue }
                if case .acks(let acks) = try? AppChannelMessage.decode(frames[1]) {
                    acknowledged += (0..<UInt64(acks.entries.count)).map { acks.firstSequence + $0 }
                }
            }
            application.runLoop.advance(by: 1_000_000)  // the retry timer's period
            usleep(200)
        }
        XCTAssertEqual(acknowledged, (1...UInt64(events)).map { $0 })
        XCTAssertEqual(host.acksWaiting, 0)
    }

    /// UIKit coalesces moves it finds queued behind each other (an app that fell behind): each of them is
    /// still acknowledged, once and in order, flagged as coalesced in the app and stamped with the times of the
    /// event it travelled in; a down or an up never is.
    func testMovesUIKitCoalescedAreEachAcknowledgedWithTheFlagAndTheirEventsTimes() throws {
        let channel = try AppChannelRouter(in: directory)
        var configuration = AppHostConfiguration(appEndpoint: channel.endpoint, bundleID: "com.example.fold", displayName: "Fold")
        configuration.traceToStdout = false
        // The real clock: each event's dispatch times are its own, so sharing them means travelling together.
        let application = UIApplication(runLoop: EventRunLoop())
        let host = try AppHost(application: application, configuration: configuration)
        try channel.awaitProbe(application)

        // Bursts of a down, 6 moves and an up, all sent before the app's loop runs, so they wait in its socket
        // together. How many one drain finds is up to libzmq's I/O threads: a burst (a new touch each time) is
        // sent again until one shows coalescing.
        let burst = 8
        var sequence: UInt64 = 0
        var entries: [AcksMessage.Entry] = []
        for attempt in 0..<20 {
            for step in 0..<burst {
                let change: HIDFingerChange = step == 0 ? .down : step == burst - 1 ? .up : .move
                let finger = HIDDigitizerEvent(finger: 1, change, x: 10 + Float(step), y: 10)
                sequence += 1
                let frame = try HIDEncoder.encode(
                    HIDMessage(
                        envelope: HIDEnvelope(
                            kind: .digitizer, sequence: sequence, senderID: 1,
                            timestamps: HIDHopTimestamps(hardware: sequence)),
                        payload: .digitizer(HIDDigitizerFrame(fingers: [finger]))))
                try channel.send(EventHeader(deliverySequence: sequence).encoded() + frame)
            }
            usleep(UInt32(20_000 * (attempt + 1)))  // lets the I/O threads move the burst; waiting longer each time
            try runUntil("burst \(attempt + 1) handled", application) { host.eventsReceived == sequence }
            let deadline = Date().addingTimeInterval(5)
            while entries.count < Int(sequence), Date() < deadline {
                guard let frames = try channel.receive() else {
                    usleep(200)
                    continue
                }
                guard frames.count == 2, case .acks(let acks) = try? AppChannelMessage.decode(frames[1]) else { continue }
                XCTAssertEqual(acks.firstSequence, UInt64(entries.count + 1), "acknowledged in order, each once")
                entries += acks.entries
            }
            XCTAssertEqual(entries.count, Int(sequence))
            if entries.contains(where: \.coalescedInApp) { break }
        }

        let coalesced = entries.indices.filter { entries[$0].coalescedInApp }
        XCTAssertFalse(coalesced.isEmpty, "no burst was coalesced: the test proves nothing")
        XCTAssertEqual(UInt64(coalesced.count), application.eventDispatcher.framesCoalescedInQueue)
        for index in coalesced {
            let step = index % burst
            XCTAssertTrue((1..<burst - 1).contains(step), "sequence \(index + 1) is a down or an up, never coalesced")
            // A coalesced move is followed, in the same event, by the move it was folded into (the last one is not
            // flagged): the same dispatch times.
            XCTAssertEqual(entries[index].dispatchStarted, entries[index + 1].dispatchStarted)
            XCTAssertEqual(entries[index].dispatchFinished, entries[index + 1].dispatchFinished)
            XCTAssertTrue(entries[index].handled)
        }
        XCTAssertTrue(entries.allSatisfy(\.handled))
    }
}
