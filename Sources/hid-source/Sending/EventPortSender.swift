import Foundation
import RunLoopKit
import ZeroMQ

/// The event port's PUSH socket, sent on without ever blocking for long: a PUSH blocks while no springboard
/// reads (no peer, or its high-water mark reached), and a blocked send would ignore SIGTERM/SIGINT. Each send
/// waits in short polls, so an interruption ends it within one poll tick, and a stall is reported once with
/// the endpoint that does not take frames.
final class EventPortSender {
    let socket: ZMQSocket
    let endpoint: String
    private var poller = ZMQPoller()
    private var warned = false

    /// How long one poll waits before the interruption flag is checked again.
    static let tickMilliseconds = 50
    /// A send that waits this long is reported (once per run) on stderr.
    static let stallWarningNanoseconds: UInt64 = 2_000_000_000

    init(context: ZMQContext, endpoint: String, curve: ZMQCurveClient?) throws {
        self.endpoint = endpoint
        socket = try context.socket(.push)
        try socket.setLinger(0)
        try curve?.apply(to: socket)
        try socket.connect(endpoint)
        poller.add(socket: socket, events: .out)
    }

    /// Sends one frame. False when SIGTERM/SIGINT came (or `deadline` passed) before the socket took it.
    func send(_ bytes: [UInt8], deadline: UInt64 = .max) throws -> Bool {
        let started = MonotonicClock.now
        while true {
            if try socket.send(bytes, dontWait: true) { return true }
            if Interruption.requested || MonotonicClock.now >= deadline { return false }
            if !warned, MonotonicClock.now - started > Self.stallWarningNanoseconds {
                warned = true
                FileHandle.standardError.write(
                    Data(
                        ("hid-source: the event port \(endpoint) has not taken a frame for 2 s (is springboard running?)" + "\n")
                            .utf8))
            }
            try poller.poll(timeoutMilliseconds: Self.tickMilliseconds)
        }
    }

    func close() { socket.close() }
}
