import ArgumentParser
import Foundation
import HIDEvent
import Histogram
import RunLoopKit
import Synchronization
import ZeroMQ

/// One hop over a real ZeroMQ PUSH/PULL pair, HID frames against a raw-ZeroMQ baseline measured in the same
/// run: the baseline sends the same bytes and only reads an 8-byte timestamp; the HID path stamps the
/// hardware time in place, validates with the zero-allocation view and stamps `appReceived`, as springboard
/// and app-host do on their hot path. Rounds alternate (raw, hid, raw, hid, ...) so noise on a shared
/// machine hits both sides alike; compare the ratio, not the absolute figures.
struct TransportBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transport",
        abstract: "Events/s and one-way latency over PUSH/PULL: HID frames vs a raw-ZeroMQ baseline.")

    @Option(help: "Endpoint to bind (default: ipc in a fresh temporary directory).")
    var endpoint: String?

    @Option(help: "Fingers per frame.")
    var fingers: Int = 1

    @Option(help: "Messages per throughput round (sent as fast as PUSH accepts them).")
    var messages: Int = 200_000

    @Option(help: "Messages per latency round, paced at --rate.")
    var latencyMessages: Int = 20_000

    @Option(help: "Messages per second in the latency rounds.")
    var rate: Int = 20_000

    @Option(help: "Rounds per path; the best throughput and the median round's latencies are reported.")
    var rounds: Int = 3

    func validate() throws {
        guard (1...HIDWireLayout.maxFingerCount).contains(fingers) else {
            throw ValidationError("--fingers must be 1...\(HIDWireLayout.maxFingerCount)")
        }
        guard messages > 0, latencyMessages > 0, rate > 0, rounds > 0 else {
            throw ValidationError("--messages, --latency-messages, --rate and --rounds must be positive")
        }
    }

    func run() throws {
        var directory: URL?
        let bindEndpoint: String
        if let endpoint {
            bindEndpoint = endpoint
        } else {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hid-bench-\(getpid())")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            directory = dir
            bindEndpoint = "ipc://\(dir.path)/transport"
        }
        defer { if let directory { try? FileManager.default.removeItem(at: directory) } }

        let frame = try HIDEncoder.encode(CodecBenchmark.frame(fingers: fingers))
        let pull = try ZMQContext.shared.socket(.pull)
        defer { pull.close() }
        try pull.setReceiveHighWaterMark(10_000)
        try pull.bind(bindEndpoint)
        let connectEndpoint = try pull.lastEndpoint

        print("hid-bench transport: PUSH -> PULL over \(connectEndpoint), \(fingers)-finger frames of \(frame.count) bytes")
        print(
            "  throughput: \(messages) messages unpaced; latency: \(latencyMessages) messages at \(rate)/s; \(rounds) rounds each, alternating"
        )
        var results: [TransportPath: [TransportRound]] = [.raw: [], .hid: []]
        for _ in 0..<rounds {
            for path in [TransportPath.raw, .hid] {
                let throughput = try measure(path, frame, pull, connectEndpoint, count: messages, pacedAt: nil)
                let latency = try measure(path, frame, pull, connectEndpoint, count: latencyMessages, pacedAt: rate)
                results[path, default: []].append(
                    TransportRound(eventsPerSecond: throughput.eventsPerSecond, latency: latency.latency))
            }
        }
        print(
            pad("path", 6) + pad("events/s", 13, right: true) + pad("p50 µs", 9, right: true) + pad("p99 µs", 9, right: true)
                + pad("p99.9 µs", 10, right: true) + pad("max µs", 9, right: true))
        for path in [TransportPath.raw, .hid] {
            let rounds = results[path] ?? []
            let best = rounds.map(\.eventsPerSecond).max() ?? 0
            let median = rounds.sorted { $0.latency.valueAtPercentile(50) < $1.latency.valueAtPercentile(50) }[rounds.count / 2]
                .latency
            print(
                pad(path.rawValue, 6) + pad(String(format: "%.0f", best), 13, right: true)
                    + pad(micros(median.valueAtPercentile(50)), 9, right: true)
                    + pad(micros(median.valueAtPercentile(99)), 9, right: true)
                    + pad(micros(median.valueAtPercentile(99.9)), 10, right: true) + pad(micros(median.max), 9, right: true))
        }
        let raw = results[.raw]?.map(\.eventsPerSecond).max() ?? 0
        let hid = results[.hid]?.map(\.eventsPerSecond).max() ?? 0
        if raw > 0 { print(String(format: "hid / raw throughput: %.2f", hid / raw)) }
    }

    /// Sends `count` frames from a sender thread (its own PUSH socket: one socket, one thread) and receives them
    /// here. The sender writes its send time into the frame (offset 32, the envelope's `hardware` stamp).
    private func measure(
        _ path: TransportPath, _ frame: [UInt8], _ pull: ZMQSocket, _ endpoint: String,
        count: Int, pacedAt rate: Int?
    ) throws -> TransportRound {
        let sender = TransportSender(path: path, frame: frame, endpoint: endpoint, count: count, rate: rate)
        let thread = Thread { sender.run() }
        thread.start()

        var histogram = Histogram<UInt64>(highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
        let message = ZMQMessage()
        var received = 0
        var start: UInt64 = 0
        while received < count {
            guard try pull.receive(into: message) else { continue }
            let now = MonotonicClock.now
            if received == 0 { start = now }
            let sent: UInt64 = try message.withUnsafeMutableBytes { bytes in
                switch path {
                case .raw:
                    return bytes.loadUnaligned(fromByteOffset: 32, as: UInt64.self).littleEndian
                case .hid:
                    let view = try HIDMessageView(validating: UnsafeRawBufferPointer(bytes))
                    HIDMessageView.stamp(.appReceived, now, in: bytes)
                    return view.timestamp(.hardware)
                }
            }
            _ = histogram.record(now &- min(now, sent))
            received += 1
        }
        let elapsed = MonotonicClock.now - start
        sender.finished.wait()
        if let error = sender.error { throw error }
        let eventsPerSecond = count > 1 && elapsed > 0 ? Double(count - 1) / (Double(elapsed) / 1e9) : 0
        return TransportRound(eventsPerSecond: eventsPerSecond, latency: histogram)
    }

    private func micros(_ ns: UInt64) -> String { String(format: "%.1f", Double(ns) / 1000) }
}

enum TransportPath: String, Sendable { case raw, hid }

struct TransportRound {
    var eventsPerSecond: Double
    var latency: Histogram<UInt64>
}

/// The sending side of one round, on its own thread.
final class TransportSender: Sendable {
    let path: TransportPath
    let endpoint: String
    let count: Int
    let rate: Int?
    let frame: [UInt8]
    /// Set by the sender thread; read after `finished`.
    private let failure = Mutex<(any Error)?>(nil)
    let finished = DispatchSemaphore(value: 0)

    var error: (any Error)? { failure.withLock { $0 } }

    init(path: TransportPath, frame: [UInt8], endpoint: String, count: Int, rate: Int?) {
        self.path = path
        self.frame = frame
        self.endpoint = endpoint
        self.count = count
        self.rate = rate
    }

    func run() {
        defer { finished.signal() }
        do {
            let push = try ZMQContext.shared.socket(.push)
            defer { push.close() }
            try push.setSendHighWaterMark(10_000)
            try push.connect(endpoint)
            let interval = rate.map { UInt64(1_000_000_000 / $0) } ?? 0
            var frame = frame  // stamped in place, frame after frame
            let start = MonotonicClock.now
            for index in 0..<count {
                if interval > 0 {
                    let due = start + UInt64(index) * interval
                    while MonotonicClock.now < due {}  // spin: a sleep's wake-up jitter would dominate
                }
                try frame.withUnsafeMutableBytes { bytes in
                    let now = MonotonicClock.now
                    switch path {
                    case .raw: bytes.storeBytes(of: now.littleEndian, toByteOffset: 32, as: UInt64.self)
                    case .hid: HIDMessageView.stamp(.hardware, now, in: bytes)
                    }
                    _ = try push.send(UnsafeRawBufferPointer(bytes))
                }
            }
        } catch {
            failure.withLock { $0 = error }
        }
    }
}
