import AppChannel
import LoadGeneration
import RunLoopKit
import ZeroMQ

/// The sink process: a DEALER, like an app-host. It reads everything available (blocking for the first
/// frame of a batch, then without waiting), stamps when it read each frame, and sends one cumulative ack
/// per batch back to the relay. No decoding, no dispatch. At the end it says on stdout what CPU it used
/// (`SinkResult`).
final class SinkNode {
    static let identity = Array("sink".utf8)
    private let output: String
    private let watch = ParentWatch()

    init(output: String) { self.output = output }

    /// Returns the CPU the sink used from its hello to the end frame (nil if unreadable).
    func run() throws -> UInt64? {
        let context = try ZMQContext(ioThreads: 1)
        let dealer = try context.socket(.dealer)
        defer { dealer.close() }
        try dealer.setLinger(0)
        // An app's marks.
        try dealer.setSendHighWaterMark(AppChannelWire.socketHighWaterMark)
        try dealer.setReceiveHighWaterMark(AppChannelWire.socketHighWaterMark)
        try dealer.setRoutingID(Self.identity)
        try dealer.setReceiveTimeout(ParentWatch.pollMilliseconds)
        try dealer.connect(output)
        try dealer.send(Array("hello".utf8))
        let cpu = CPUSampler.ownProcess("sink")
        let frame = ZMQMessage()
        var ack: [UInt8] = []
        ack.reserveCapacity(RelayAck.headerSize + 8 * 1024)
        while true {
            guard try dealer.receive(into: frame) else {
                if watch.parentIsGone { return nil }
                continue
            }
            var ended = frame.count == 0
            RelayAck.begin(&ack)
            if !ended { RelayAck.append(readAt: MonotonicClock.now, to: &ack) }
            while !ended, try dealer.receive(into: frame, dontWait: true) {
                if frame.count == 0 { ended = true } else { RelayAck.append(readAt: MonotonicClock.now, to: &ack) }
            }
            if ack.count > RelayAck.headerSize { try dealer.send(ack) }
            if ended { return cpu.elapsed()["sink"] }
        }
    }
}
