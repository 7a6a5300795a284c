import EventPort
import RunLoopKit
import HIDEvent
import ZeroMQ

/// The event-port PUSH socket of a load run. A send never drops: at the high-water mark (springboard in
/// backpressure mode, or just slower than the source) it waits. It waits in short slices (ZMQ_SNDTIMEO) so
/// that between them the run can show progress and notice SIGINT/SIGTERM; a blocking send without a
/// timeout would hold the thread in libzmq until the pipeline drained.
final class LoadSender {
    static let sliceMilliseconds = 20

    private let context: ZMQContext
    private let socket: ZMQSocket

    init(endpoint: String, curve: ZMQCurveClient?) throws {
        context = try ZMQContext(ioThreads: 1)
        socket = try context.socket(.push)
        try socket.setLinger(0)
        try socket.setSendTimeout(Self.sliceMilliseconds)
        try curve?.apply(to: socket)
        try socket.connect(endpoint)
    }

    deinit { socket.close() }

    /// Closes the socket (linger 0). Only once springboard confirmed the end marker: over ipc a PUSH socket
    /// closed with frames still in its pipe loses them, whatever the linger.
    func close() { socket.close() }

    /// Sends `bytes`, waiting as long as the socket pushes back. `whileBlocked` runs after each slice spent
    /// waiting and returns false to give up (the frame is then not sent). Returns whether it was sent.
    func send(_ bytes: UnsafeRawBufferPointer, whileBlocked: () -> Bool) throws -> Bool {
        while true {
            if try socket.send(bytes) { return true }
            if !whileBlocked() { return false }
        }
    }

    /// Sends the run's final end marker: it must go, even after an interruption, so it waits up to
    /// `timeoutNanoseconds` for room.
    func sendEndMarker(_ marker: EndMarker, timeoutNanoseconds: UInt64) throws -> Bool {
        let deadline = MonotonicClock.now + timeoutNanoseconds
        let bytes = marker.encoded()
        return try bytes.withUnsafeBytes { raw in
            try send(raw) { MonotonicClock.now < deadline }
        }
    }
}
