import AppChannel
import CommandLineSupport
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
    private let curve: ZMQCurveClient?
    private let watch = ParentWatch()

    init(output: String, curve: ZMQCurveClient? = nil) {
        self.output = output
        self.curve = curve
    }

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
        try curve?.apply(to: dealer)
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

/// What the sink process writes on stdout when the run is over, for the parent `hid-bench relay` to report.
struct SinkResult: Codable {
    /// CPU the sink used from its hello to the end frame, nil if unreadable.
    var cpuNanoseconds: UInt64?
}

/// sink → relay: one cumulative ack per batch the sink read, like app-host's `acks` message: how many frames
/// (the next ones in order, PUSH/ROUTER/DEALER keep order on one connection) and when the sink read each.
/// Layout, little-endian: count u32 @0, reserved u32 @4 (0), then `count` × readAt u64.
enum RelayAck {
    static let headerSize = 8

    static func begin(_ buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: headerSize))
    }

    static func append(readAt: UInt64, to buffer: inout [UInt8]) {
        withUnsafeBytes(of: readAt.littleEndian) { buffer.append(contentsOf: $0) }
        let count = UInt32((buffer.count - headerSize) / 8)
        buffer.withUnsafeMutableBytes { $0.storeBytes(of: count.littleEndian, as: UInt32.self) }
    }

    static func count(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard bytes.count >= headerSize else { return 0 }
        let count = Int(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
        return bytes.count == headerSize + count * 8 ? count : 0
    }

    static func readAt(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: headerSize + index * 8, as: UInt64.self))
    }
}
