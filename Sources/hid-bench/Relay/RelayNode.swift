import AppChannel
import Foundation
import Histogram
import LoadGeneration
import RunLoopKit
import ZeroMQ

/// The relay process: PULL in from the source, ROUTER out to the sink's identity, acks back on the ROUTER.
/// The same sockets and hops as springboard, with springboard's ack window (at most `window` frames in
/// flight: past that it stops reading its PULL, as springboard does in backpressure mode), and none of its
/// work: no validation, no decoding, no routing decision, no queue; it reads the `hardware` stamp at its
/// fixed offset for the latencies. It blocks in zmq_poll, never spins.
final class RelayNode {
    private let input: String
    private let output: String
    private let window: Int
    private let watch = ParentWatch()

    init(input: String, output: String, window: Int) {
        self.input = input
        self.output = output
        self.window = window
    }

    func run() throws -> RelayNodeResult {
        let context = try ZMQContext(ioThreads: 1)
        let pull = try context.socket(.pull)
        let router = try context.socket(.router)
        defer {
            pull.close()
            router.close()
        }
        try pull.setLinger(0)
        try router.setLinger(0)
        try router.setRouterMandatory(true)
        // springboard's mark for the same window, so the relay buffers what springboard buffers.
        try router.setSendHighWaterMark(AppChannelWire.springBoardSendHighWaterMark(ackWindow: window))
        try pull.bind(input)
        try router.bind(output)
        guard let identity = try waitForSink(router) else { throw RelayError("the sink never said hello") }
        // Unbuffered: the parent waits for this line before it starts the source.
        try? FileHandle.standardOutput.write(contentsOf: Data("ready\n".utf8))
        return try relay(pull, router, identity)
    }

    /// The sink's first message is its hello: its identity frame is where frames go.
    private func waitForSink(_ router: ZMQSocket) throws -> [UInt8]? {
        try router.setReceiveTimeout(ParentWatch.pollMilliseconds)
        while !watch.parentIsGone {
            if let frames = try router.receiveMultipart(), frames.count == 2 { return frames[0] }
        }
        return nil
    }

    private func relay(_ pull: ZMQSocket, _ router: ZMQSocket, _ identity: [UInt8]) throws -> RelayNodeResult {
        var result = RelayNodeResult()
        let cpu = CPUSampler.ownProcess("relay")
        var histograms = RelayHop.allCases.map { result.histograms[$0.rawValue]! }
        // The ack window: per frame in flight, its hardware stamp and when it was sent.
        var stamps = [(hardware: UInt64, sent: UInt64)](repeating: (0, 0), count: window)
        var head = 0, inFlight = 0
        var ended = false
        let frame = ZMQMessage()
        var ackFrames: [ZMQMessage] = []
        var poller = ZMQPoller()
        let pullIndex = poller.add(socket: pull, events: .in)
        let routerIndex = poller.add(socket: router, events: .in)
        func record(_ hop: RelayHop, _ start: UInt64, _ end: UInt64) {
            guard start != 0, end >= start else { return }
            _ = histograms[hop.index].record(min(end - start, 60_000_000_000))
        }

        while !(ended && inFlight == 0) {
            poller.setEvents(!ended && inFlight < window ? .in : [], at: pullIndex)
            if try poller.poll(timeoutMilliseconds: ParentWatch.pollMilliseconds) == 0 {
                if watch.parentIsGone { throw RelayError("hid-bench went away") }
                continue
            }
            if poller.revents(at: routerIndex).contains(.in) {
                // Acks: each settles the oldest `count` frames in flight.
                while let parts = try router.receiveMultipart(into: &ackFrames, dontWait: true) {
                    guard parts == 2 else { continue }
                    let now = MonotonicClock.now
                    ackFrames[1].withUnsafeBytes { bytes in
                        for i in 0..<min(RelayAck.count(bytes), inFlight) {
                            let sent = stamps[head]
                            record(.ack, sent.sent, now)
                            record(.endToEnd, sent.hardware, RelayAck.readAt(bytes, i))
                            record(.sourceToAck, sent.hardware, now)
                            head = (head + 1) % window
                            inFlight -= 1
                            result.acknowledged += 1
                        }
                    }
                    result.lastAcknowledged = now
                }
            }
            guard poller.revents(at: pullIndex).contains(.in) else { continue }
            // At most 256 frames a turn, as springboard, so acks interleave.
            var budget = 256
            while budget > 0, inFlight < window {
                budget -= 1
                guard try pull.receive(into: frame, dontWait: true) else { break }
                if frame.count == 0 {
                    ended = true
                    break
                }
                let now = MonotonicClock.now
                if result.firstReceived == 0 { result.firstReceived = now }
                let hardware: UInt64 = frame.withUnsafeBytes { bytes in
                    bytes.count >= 40 ? UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 32, as: UInt64.self)) : 0
                }
                record(.sourceToRelay, hardware, now)
                stamps[(head + inFlight) % window] = (hardware, MonotonicClock.now)
                try router.send(identity, more: true)
                try router.send(frame)
                inFlight += 1
                result.forwarded += 1
            }
        }
        // The sink's end: an empty frame, given a moment to leave before the socket closes.
        try router.send(identity, more: true)
        try router.send([UInt8]())
        try router.setLinger(1000)
        for hop in RelayHop.allCases { result.histograms[hop.rawValue] = histograms[hop.index] }
        result.cpuNanoseconds = cpu.elapsed()["relay"]
        return result
    }
}
