import Foundation
import RunLoopKit
import ZeroMQ

/// The event port's PUSH socket, sent on without ever blocking for long: a PUSH blocks while no springboard
/// reads (no peer, or its high-water mark reached), and a blocked send would ignore SIGTERM/SIGINT. Each send
/// waits in short polls, so an interruption ends it within one poll tick, and a stall is reported once with
/// the endpoint that does not take frames.
public final class EventPortSender {
    /// The PUSH socket, connected to `endpoint`.
    public let socket: ZMQSocket
    /// springboard's event port.
    public let endpoint: String
    private var poller = ZMQPoller()
    private var warned = false
    /// Who names itself in the stall warning (`hid-source`, `sbctl explore`).
    private let name: String

    /// How long one poll waits before the interruption flag is checked again.
    public static let tickMilliseconds = 50
    /// A send that waits this long is reported (once per sender) on stderr.
    public static let stallWarningNanoseconds: UInt64 = 2_000_000_000

    /// Connects a PUSH socket (linger 0, CURVE when `curve` is given) to `endpoint`.
    package init(context: ZMQContext, endpoint: String, curve: ZMQCurveClient?, name: String = "hid-source") throws {
        self.endpoint = endpoint
        self.name = name
        socket = try context.socket(.push)
        try socket.setLinger(0)
        try curve?.apply(to: socket)
        try socket.connect(endpoint)
        poller.add(socket: socket, events: .out)
    }

    /// Sends one frame. False when SIGTERM/SIGINT came (or `deadline` passed) before the socket took it.
    public func send(_ bytes: [UInt8], deadline: UInt64 = .max) throws -> Bool {
        let started = MonotonicClock.now
        while true {
            if try socket.send(bytes, dontWait: true) { return true }
            if Interruption.requested || MonotonicClock.now >= deadline { return false }
            if !warned, MonotonicClock.now - started > Self.stallWarningNanoseconds {
                warned = true
                FileHandle.standardError.write(
                    Data(
                        "\(name): the event port \(endpoint) has not taken a frame for 2 s (is springboard running?)\n".utf8))
            }
            try poller.poll(timeoutMilliseconds: Self.tickMilliseconds)
        }
    }

    /// Closes the socket (linger 0: anything unsent is dropped).
    public func close() { socket.close() }
}
