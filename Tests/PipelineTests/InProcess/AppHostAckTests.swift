import AppChannel
import AppHostCore
import Foundation
import HIDEvent
import RunLoopKit
import UIKitModel
import XCTest
import ZeroMQ

/// An app-host in this process, on a manual clock, against a ROUTER the test plays springboard with: acks
/// the app channel refuses (its high-water mark) wait and go later, in order; none is lost.
final class AppHostAckTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        var template = Array("/tmp/tpa-XXXXXX".utf8CString)
        directory = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) }
        XCTAssertNotNil(directory)
    }

    override func tearDown() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }

    func testAcksTheChannelRefusesAreSentLaterInOrderAndNoneIsLost() throws {
        let endpoint = "ipc://\(directory!)/apps"
        let context = try ZMQContext(ioThreads: 1)
        let router = try context.socket(.router)
        defer { router.close() }
        try router.setLinger(0)
        try router.setReceiveHighWaterMark(1)
        try router.setReceiveBufferSize(4096)
        try router.bind(endpoint)

        var configuration = AppHostConfiguration(appEndpoint: endpoint, bundleID: "com.example.acks", displayName: "Acks")
        configuration.traceToStdout = false
        configuration.channelHighWaterMark = 1
        configuration.channelBufferBytes = 4096
        let clock = ManualClock()
        let application = UIApplication(runLoop: EventRunLoop(clock: clock))
        let host = try AppHost(application: application, configuration: configuration)
        var identity: [UInt8] = []
        let frame = try HIDEncoder.encode(
            HIDMessage(
                envelope: HIDEnvelope(kind: .button, sequence: 1, senderID: 1, timestamps: HIDHopTimestamps(hardware: 1)),
                payload: .button(HIDButtonEvent(button: .volumeUp, isDown: true))))

        // The app's connect probe ([identity][empty]): from now on the ROUTER can route to it.
        try router.setRouterMandatory(true)
        var probe: [[UInt8]]?
        try runUntil("the app's connect probe", application) {
            probe = probe ?? (try? router.receiveMultipart(dontWait: true)) ?? nil
            return probe != nil
        }
        // The ROUTER names the connection (the app sets no routing id: identity is the connection).
        identity = try XCTUnwrap(probe?.first)
        XCTAssertEqual(probe?.count, 2)
        XCTAssertEqual(probe?.last, [])

        // Events one at a time, each handled in its own pass (so each pass sends one ack message), while the
        // test reads nothing: the channel fills and the app must hold its acks.
        let events = 2_000
        for sequence in 1...events {
            XCTAssertTrue(try router.send(identity, more: true))
            XCTAssertTrue(try router.send(EventHeader(deliverySequence: UInt64(sequence)).encoded(), more: true))
            XCTAssertTrue(try router.send(frame))
            try runUntil("event \(sequence) handled", application) { host.eventsReceived == UInt64(sequence) }
        }
        XCTAssertGreaterThan(host.ackSendsDeferred, 0, "the channel never pushed back: the test proves nothing")
        XCTAssertGreaterThan(host.acksWaiting, 0)

        // springboard reads again: every event is acknowledged exactly once, in order.
        var acknowledged: [UInt64] = []
        let deadline = Date().addingTimeInterval(10)
        while acknowledged.count < events, Date() < deadline {
            while let frames = try router.receiveMultipart(dontWait: true) {
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

    /// Runs the app's loop until `condition` holds (the event crosses libzmq's I/O thread first).
    private func runUntil(_ what: String, _ application: UIApplication, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(5)
        while !condition() {
            guard Date() < deadline else {
                XCTFail("timed out waiting for \(what)")
                throw CancellationError()
            }
            application.runLoop.runUntilIdle()
            if !condition() { usleep(20) }
        }
    }
}
