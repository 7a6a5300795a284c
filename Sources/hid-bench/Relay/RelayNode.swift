import AppChannel
import ArgumentParser
import CommandLineSupport
import LoadGeneration
import Foundation
import Histogram
import RunLoopKit
import ZeroMQ

#if canImport(Glibc)
    import Glibc
#endif

/// `hid-bench relay-node`: one process of the relay baseline, started by `hid-bench relay` (hidden).
struct RelayNodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay-node", abstract: "A relay or sink process of `hid-bench relay` (started by it).",
        shouldDisplay: false)

    enum Role: String, ExpressibleByArgument { case relay, sink }

    @Option(help: "relay or sink.") var role: Role
    @Option(help: "The relay's PULL endpoint (bound).") var input: String?
    @Option(help: "The relay's ROUTER endpoint (the relay binds, the sink connects).") var output: String
    @Option(help: "Frames in flight before the relay stops reading its input.") var window: Int = 4096
    @Option(help: "The relay's CURVE secret-key file: both its sockets are CURVE servers.") var curveSecretKey: String?
    @OptionGroup var curve: CurveOptions

    func run() throws {
        // A terminal's ^C reaches the whole process group; the parent decides when the run ends (it sends
        // the end frame), so the nodes must not die under it.
        signal(SIGINT, SIG_IGN)
        switch role {
        case .relay:
            guard let input else { throw ValidationError("--input is required for the relay") }
            let key = try curveSecretKey.map { try ZMQCurveKeyPair(secretKey: ZMQCurveKeyPair.readKey($0)) }
            let result = try RelayNode(input: input, output: output, window: window, curveServer: key).run()
            let encoder = JSONEncoder()
            FileHandle.standardOutput.write(try encoder.encode(result))
        case .sink:
            let cpu = try SinkNode(output: output, curve: try curve.client()).run()
            FileHandle.standardOutput.write(try JSONEncoder().encode(SinkResult(cpuNanoseconds: cpu)))
        }
    }
}

/// The relay process: PULL in from the source, ROUTER out to the sink's identity, acks back on the ROUTER.
/// The same sockets and hops as springboard, with springboard's ack window (at most `window` frames in
/// flight: past that it stops reading its PULL, as springboard does in backpressure mode), and none of its
/// work: no validation, no decoding, no routing decision, no queue; it reads the `hardware` stamp at its
/// fixed offset for the latencies. It blocks in zmq_poll, never spins.
final class RelayNode {
    private let input: String
    private let output: String
    private let window: Int
    /// With CURVE, springboard's: its sockets are servers with this key (the clients' keys are not checked here:
    /// the baseline measures the encryption, not the admission, which costs once per connection).
    private let curveServer: ZMQCurveKeyPair?
    private let watch = ParentWatch()

    init(input: String, output: String, window: Int, curveServer: ZMQCurveKeyPair? = nil) {
        self.input = input
        self.output = output
        self.window = window
        self.curveServer = curveServer
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
        if let curveServer {
            for socket in [pull, router] {
                try socket.setCurveServer(true)
                try socket.setCurveSecretKey(z85: curveServer.secretKey)
            }
        }
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

/// What the relay process writes on stdout when the run is over: its counts and its histograms (nanoseconds),
/// for the parent `hid-bench relay` to report.
struct RelayNodeResult: Codable {
    var forwarded: UInt64 = 0
    var acknowledged: UInt64 = 0
    /// When the relay read the first frame and the last ack (CLOCK_MONOTONIC, ns).
    var firstReceived: UInt64 = 0
    var lastAcknowledged: UInt64 = 0
    /// CPU the relay process used over its relay loop (from when the sink said hello, before the first frame, to
    /// the last ack), nil if unreadable.
    var cpuNanoseconds: UInt64?
    var histograms: [String: Histogram<UInt64>] = Dictionary(
        uniqueKeysWithValues: RelayHop.allCases.map {
            (
                $0.rawValue,
                Histogram<UInt64>(
                    lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000,
                    numberOfSignificantValueDigits: .three)
            )
        })
}

/// The hops the relay baseline measures, named and measured like springboard's, so ratios between the two
/// reports compare like with like. Every stamp is CLOCK_MONOTONIC, shared by the three processes.
enum RelayHop: String, CaseIterable, Codable {
    /// The frame's `hardware` stamp → the relay read it (springboard's `sourceToSpringBoard`).
    case sourceToRelay
    /// The relay sent it → the relay read the sink's ack for it (springboard's `ack`: the round trip).
    case ack
    /// The `hardware` stamp → the sink read it (springboard's `endToEnd` ends when the app's `sendEvent`
    /// returned; the sink has no dispatch, so reading it is the end).
    case endToEnd
    /// The `hardware` stamp → the ack for it is back at the relay.
    case sourceToAck
}

extension RelayHop {
    /// Position in `allCases`: the relay keeps its histograms in an array in that order.
    var index: Int { RelayHop.allCases.firstIndex(of: self)! }
}

/// A relay node is a child of `hid-bench relay`; if that parent dies without sending the end frame, the
/// node must not linger. Nodes block with a 100 ms timeout and check this between waits.
struct ParentWatch {
    private let parent = getppid()

    var parentIsGone: Bool { getppid() != parent }

    static let pollMilliseconds = 100
}
