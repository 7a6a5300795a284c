import AppChannel
import ControlProtocol
import EventPort
import Foundation
import HIDEvent
import RunLoopKit
import XCTest
import ZeroMQ

/// A hardware source the test drives step by step (down, wait for something, move, up), speaking the event
/// port's protocol like hid-source: HID messages over PUSH, then an end marker confirmed through the
/// control socket.
final class TestTouchSource {
    let senderID: UInt64
    private let context: ZMQContext
    private let socket: ZMQSocket
    private let controlEndpoint: String
    private var sequence: UInt64 = 0
    private var live: [UInt32: (x: Float, y: Float)] = [:]
    private var buffer: [UInt8] = []

    /// `senderID`: another source's id, to play an impostor (default: a fresh one).
    init(fixture: PipelineFixture, senderID: UInt64? = nil) throws {
        self.senderID = senderID ?? (UInt64.random(in: 1...UInt64(UInt32.max)) | 0x7E57_0000_0000_0000)
        controlEndpoint = fixture.endpoints.control
        context = try ZMQContext(ioThreads: 1)
        socket = try context.socket(.push)
        try socket.setLinger(0)
        try socket.connect(fixture.endpoints.events)
    }

    deinit { socket.close() }

    /// One digitizer frame: `changes` (finger, change, position) plus every other live finger, stationary.
    func frame(_ changes: [(index: UInt32, change: HIDFingerChange, x: Float, y: Float)]) throws {
        var fingers: [HIDDigitizerEvent] = []
        let changed = Set(changes.map(\.index))
        for (index, position) in live.sorted(by: { $0.key < $1.key }) where !changed.contains(index) {
            fingers.append(
                HIDDigitizerEvent(
                    finger: index, .stationary, x: position.x, y: position.y,
                    identity: index, tipPressure: 1))
        }
        for change in changes {
            fingers.append(
                HIDDigitizerEvent(
                    finger: change.index, change.change, x: change.x, y: change.y,
                    identity: change.index, tipPressure: change.change.contains(.up) ? 0 : 1))
            live[change.index] = change.change.lifts ? nil : (change.x, change.y)
        }
        try send(.digitizer(HIDDigitizerFrame(fingers: fingers)))
    }

    /// Sends exactly these fingers, leaving the source's idea of which fingers are down alone (for frames a
    /// well-behaved digitizer would never send).
    func untracked(_ fingers: [HIDDigitizerEvent]) throws {
        try send(.digitizer(HIDDigitizerFrame(fingers: fingers)))
    }

    func down(_ index: UInt32 = 1, _ x: Float, _ y: Float) throws { try frame([(index, .down, x, y)]) }
    func move(_ index: UInt32 = 1, _ x: Float, _ y: Float) throws { try frame([(index, .move, x, y)]) }
    func up(_ index: UInt32 = 1, _ x: Float, _ y: Float) throws { try frame([(index, .up, x, y)]) }

    func tap(_ x: Float, _ y: Float) throws {
        try down(1, x, y)
        try up(1, x, y)
    }

    func press(_ button: HIDButton) throws {
        try send(.button(HIDButtonEvent(button: button, isDown: true)))
        try send(.button(HIDButtonEvent(button: button, isDown: false)))
    }

    private func send(_ payload: HIDPayload) throws {
        sequence += 1
        try sendRaw(sequence: sequence, payload)
    }

    /// Sends `payload` with a sequence number of the test's choosing (a replay, a restarted sender).
    func sendRaw(sequence explicit: UInt64, _ payload: HIDPayload) throws {
        let message = HIDMessage(
            envelope: HIDEnvelope(
                kind: payload.kind, sequence: explicit, senderID: senderID,
                timestamps: HIDHopTimestamps(hardware: MonotonicClock.now)),
            payload: payload)
        buffer.removeAll(keepingCapacity: true)
        try HIDEncoder.append(message, to: &buffer)
        XCTAssertTrue(try socket.send(buffer))
    }

    /// Sequence numbers used without sending their frame (an injected loss before springboard).
    private var skipped: UInt64 = 0
    var sent: UInt64 { sequence - skipped }

    /// Loses the next frame on the way: its sequence number is used, nothing is sent.
    func loseNextFrame() {
        sequence += 1
        skipped += 1
    }

    /// Sends a checkpoint marker and waits until springboard confirms it read everything sent so far.
    func flush(timeout: TimeInterval = 2, file: StaticString = #filePath, line: UInt = #line) throws {
        try confirm(final: false, timeout: timeout, file: file, line: line)
    }

    /// Ends the run (a final marker: springboard cancels fingers left down) and waits for the confirmation.
    func finish(file: StaticString = #filePath, line: UInt = #line) throws {
        try confirm(final: true, timeout: 2, file: file, line: line)
    }

    /// Sends a keep-alive naming any sender id (a flood of fake sources on this one connection).
    func sendRawMarker(senderID other: UInt64) throws {
        XCTAssertTrue(try socket.send(EndMarker.keepAlive(senderID: other, count: 0).encoded()))
    }

    /// Sends an end marker and does not wait for a confirmation (an impostor's marker gets none).
    func sendEndMarker(final: Bool) throws {
        XCTAssertTrue(try socket.send(EndMarker(senderID: senderID, count: sent, isFinal: final).encoded()))
    }

    private func confirm(final: Bool, timeout: TimeInterval, file: StaticString, line: UInt) throws {
        XCTAssertTrue(try socket.send(EndMarker(senderID: senderID, count: sent, isFinal: final).encoded()))
        let control = controlEndpoint
        let expected = sent
        eventually("springboard to read \(expected) frame(s) and the end marker", timeout: timeout, file: file, line: line) {
            guard
                let source = try? ControlClient(endpoint: control, timeoutMilliseconds: 500).request(.source(senderID: senderID))
                    .source
            else { return false }
            return source.endReceived && source.endCount == expected && source.received == expected
        }
    }
}
