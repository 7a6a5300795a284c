import ControlProtocol
import EventPort
import Foundation
import HIDEvent
import RunLoopKit
import ZeroMQ

/// One hardware source's stream on the event port, as every sender of HID frames keeps it
/// (protocols/app-channel.md, "Event port" and "Source liveness"): its own sender id on every frame, envelope
/// sequences from 1 with no gap, a keep-alive while fingers are down and nothing else is sent, and a final end
/// marker at the end, whose arrival is confirmed through the control socket (`source`), not trusted to
/// libzmq's linger. `hid-source` plays scripts and recordings through it; `sbctl explore` sends the browser's
/// pointers through it.
public final class HIDSourceStream {
    /// The sender id stamped on every frame and marker.
    public let senderID: UInt64
    /// HID messages sent so far (the last envelope sequence used).
    public private(set) var sent: UInt64 = 0
    /// When the last frame or keep-alive went out (monotonic ns).
    public private(set) var lastSent: UInt64
    /// Which fingers are down after the frames sent so far: while any is, silences get keep-alives.
    public private(set) var fingers = HIDStreamVerifier()
    /// The socket.
    public let port: EventPortSender
    private var buffer: [UInt8] = []

    /// While fingers are down and nothing else is sent, a keep-alive this often (a quarter of springboard's
    /// default source timeout, 2 s; protocols/app-channel.md, "Source liveness").
    public static let keepAliveInterval: UInt64 = 250_000_000

    /// A stream from `senderID` on a PUSH socket connected to `endpoint`.
    package init(
        context: ZMQContext, endpoint: String, curve: ZMQCurveClient?, senderID: UInt64, name: String = "hid-source"
    ) throws {
        self.senderID = senderID
        port = try EventPortSender(context: context, endpoint: endpoint, curve: curve, name: name)
        lastSent = MonotonicClock.now
        buffer.reserveCapacity(64 + 8 + 33 * 96)
    }

    /// A fresh sender id: the pid in the high half, a random number in the low half, so springboard never mixes
    /// this run's sequence numbers (and end marker) with an earlier run's.
    public static func freshSenderID() -> UInt64 {
        UInt64(UInt32(bitPattern: getpid())) << 32 | UInt64(UInt32.random(in: 1...UInt32.max))
    }

    /// Sends `payload` as the next HID message, stamped with the hardware time now. False when interrupted
    /// (or `deadline` passed) before the socket took it: nothing is counted then.
    public func send(_ payload: HIDPayload, deadline: UInt64 = .max) throws -> Bool {
        let message = TimedHIDPayload(time: 0, payload: payload).message(
            sequence: sent + 1, senderID: senderID, hardware: MonotonicClock.now)
        buffer.removeAll(keepingCapacity: true)
        try HIDEncoder.append(message, to: &buffer)
        guard try port.send(buffer, deadline: deadline) else { return false }
        sent += 1
        lastSent = MonotonicClock.now
        if case .digitizer(let digitizer) = payload { try? fingers.verify(digitizer) }
        return true
    }

    /// Whether a keep-alive is owed at `now`: fingers are down and nothing went out for `keepAliveInterval`.
    public func keepAliveDue(at now: UInt64) -> Bool {
        !fingers.fingersDown.isEmpty && now >= lastSent + Self.keepAliveInterval
    }

    /// The time by which the next keep-alive is owed (nil while no finger is down).
    public var nextKeepAlive: UInt64? {
        fingers.fingersDown.isEmpty ? nil : lastSent + Self.keepAliveInterval
    }

    /// Sends a keep-alive (never blocks: a full socket drops it, as the next one follows).
    public func sendKeepAlive() {
        _ = try? port.socket.send(EndMarker.keepAlive(senderID: senderID, count: sent).encoded(), dontWait: true)
        lastSent = MonotonicClock.now
    }

    /// Sends a keep-alive when one is owed now.
    public func keepAliveIfDue() {
        if keepAliveDue(at: MonotonicClock.now) { sendKeepAlive() }
    }

    /// The final end marker: springboard cancels any finger this stream left down. False when it was not taken
    /// before `deadline` (or an interruption).
    public func finish(deadline: UInt64 = .max) throws -> Bool {
        try port.send(EndMarker(senderID: senderID, count: sent, isFinal: true).encoded(), deadline: deadline)
    }

    /// Polls `{"command":"source"}` until springboard has read the end marker (or the deadline passes).
    package func waitForEndMarker(
        controlEndpoint: String, curve: ZMQCurveClient?, timeoutMilliseconds: Int
    ) throws
        -> SourceInfo?
    {
        let deadline = MonotonicClock.now + UInt64(timeoutMilliseconds) * 1_000_000
        while MonotonicClock.now < deadline {
            let remaining = Int((deadline - MonotonicClock.now) / 1_000_000) + 1
            let client = try ControlClient(endpoint: controlEndpoint, timeoutMilliseconds: remaining, curve: curve)
            guard let reply = try? client.request(.source(senderID: senderID)), let source = reply.source else { return nil }
            if source.endReceived { return source }
            MonotonicClock.sleep(until: MonotonicClock.now + 2_000_000)
        }
        return nil
    }

    /// Closes the socket.
    public func close() { port.close() }
}
