import ArgumentParser
import CommandLineSupport
import LoadGeneration
import ControlProtocol
import Foundation
import HIDEvent
import RunLoopKit

#if canImport(Glibc)
    import Glibc
#endif

/// `hid-bench relay`: the raw baseline of the pipeline. The same frames over the same process hops and
/// socket types as hid-source → springboard → app-host (PUSH → PULL | ROUTER → DEALER, cumulative acks
/// back), with nothing done to them on the way: what ZeroMQ and three processes cost on this machine, for
/// `hid-source load --baseline` to divide by.
struct RelayBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay",
        abstract: "Raw baseline: source PUSH → relay process (PULL in, ROUTER out) → sink process (DEALER, acks back).",
        discussion: """
            The relay and the sink are child processes (hid-bench relay-node) over ipc in a private temporary \
            directory. The relay keeps at most --window frames in flight (springboard's ack window) and blocks in \
            zmq_poll; the sink reads everything available and acks each batch with one message. Latencies are \
            measured like springboard's hops: endToEnd = the frame's stamp → the sink read it, ack = the relay sent \
            it → its ack came back, sourceToAck = the stamp → the ack came back. Paced as hid-source load is (frame \
            i due at t0 + i/rate, stamped with that time); a source behind its --rate still ends at --duration, and \
            the frames still due are reported as behindSchedule.

            Across hosts (deploy/ensemble relay does this for an ensemble file's hosts): --input and --output put the \
            relay's sockets on tcp (the relay binds them, the source and the sink connect to the same strings, so the \
            address must be one they reach); --relay-via and --sink-via run those nodes through a command prefix such \
            as `ip netns exec NS` or `ssh HOST` (hid-bench must be at the same path there; the node's stdout comes \
            back through it); --relay-curve-key with --curve-server-key and --curve-key make every connection CURVE, \
            as springboard's with --curve-key, so the baseline pays the same encryption.
            """)

    // Unconditional, as hid-source load's: `--rate -5` is said to be negative, not a missing value.
    @Option(parsing: .unconditional, help: "Frames per second; 0 sends flat out.") var rate: Double = 0
    @Option(help: "How many frames to send.") var count: UInt64?
    @Option(help: "How long to send: 10s, 500ms, 2m or plain seconds.") var duration: String?
    @Option(help: "Fingers per frame, 1...10.") var fingers: Int = 1
    @Option(help: "Frames in flight before the relay stops reading (springboard's --ack-window).") var window: Int = 4096
    @Flag(help: "Print the report as JSON.") var json = false
    @Option(help: "The relay's PULL endpoint, bound by it, connected to by the source (default: ipc in a temporary directory).")
    var input: String?
    @Option(help: "The relay's ROUTER endpoint, bound by it, connected to by the sink (default: ipc beside --input's).")
    var output: String?
    @Option(help: "Run the relay node through this command prefix, e.g. \"ip netns exec tp-sb\" or \"ssh host\".")
    var relayVia: String?
    @Option(help: "Run the sink node through this command prefix.") var sinkVia: String?
    @Option(help: "The relay's CURVE secret-key file (springboard's): its sockets are CURVE servers.")
    var relayCurveKey: String?
    @Option(help: "The sink's CURVE secret-key file (default: --curve-key's).") var sinkCurveKey: String?
    /// The source's (and by default the sink's) client keys: --curve-server-key (the relay's public key), --curve-key.
    @OptionGroup var curve: CurveOptions

    func validate() throws {
        _ = try durationNanoseconds()
        guard (1...10).contains(fingers) else { throw ValidationError("--fingers must be 1...10, got \(fingers)") }
        if let problem = PacedSchedule.problem(withRate: rate) { throw ValidationError(problem) }
        guard count != nil || duration != nil else { throw ValidationError("give --count N, --duration TIME or both") }
        if let count, count == 0 { throw ValidationError("--count must be at least 1") }
        guard window > 0 else { throw ValidationError("--window must be positive") }
        guard (input == nil) == (output == nil) else { throw ValidationError("--input and --output go together") }
        guard (relayCurveKey == nil) == (curve.curveServerKeyFile == nil) else {
            throw ValidationError("--relay-curve-key goes with --curve-server-key and --curve-key (both ends use CURVE)")
        }
        if sinkCurveKey != nil, relayCurveKey == nil { throw ValidationError("--sink-curve-key needs --relay-curve-key") }
        if input == nil, relayVia != nil || sinkVia != nil {
            throw ValidationError("--relay-via and --sink-via need --input and --output endpoints the other hosts reach")
        }
    }

    /// `PREFIX... hid-bench relay-node ARGUMENTS`, through /usr/bin/env so the prefix's command is found on $PATH.
    private func node(_ via: String?, _ executable: URL, _ arguments: [String]) -> (URL, [String]) {
        guard let via, !via.isEmpty else { return (executable, arguments) }
        let words = via.split(separator: " ").map(String.init)
        return (URL(fileURLWithPath: "/usr/bin/env"), words + [executable.path] + arguments)
    }

    func run() throws {
        let temporary = input == nil ? try RelayEndpoints.makeTemporary() : nil
        defer { temporary?.remove() }
        let inputEndpoint = input ?? temporary!.input
        let outputEndpoint = output ?? temporary!.output
        let executable = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let sourceCurve = try curve.client()
        var relayArguments = [
            "relay-node", "--role", "relay", "--input", inputEndpoint, "--output", outputEndpoint, "--window", "\(window)",
        ]
        if let relayCurveKey { relayArguments += ["--curve-secret-key", relayCurveKey] }
        var sinkArguments = ["relay-node", "--role", "sink", "--output", outputEndpoint]
        if let relayCurveKey = curve.curveServerKeyFile, let clientKey = sinkCurveKey ?? curve.curveKeyFile {
            sinkArguments += ["--curve-server-key", relayCurveKey, "--curve-key", clientKey]
        }
        let relayOutput = Pipe()
        let relay = try launch(node(relayVia, executable, relayArguments), stdout: relayOutput)
        let sinkOutput = Pipe()
        let sink = try launch(node(sinkVia, executable, sinkArguments), stdout: sinkOutput)
        // Whatever happens below, no node outlives the run.
        defer {
            for node in [relay, sink] where node.isRunning { kill(node.processIdentifier, SIGTERM) }
            relay.waitUntilExit()
            sink.waitUntilExit()
        }
        let output = ChildOutput(relayOutput)
        guard output.readLine(timeoutMilliseconds: 10_000) == "ready" else {
            throw RelayError("the relay did not start (its sink never connected)")
        }
        Interruption.install()
        let sender = try RelaySource(
            endpoint: inputEndpoint, rate: rate, count: count,
            durationNanoseconds: try durationNanoseconds(),
            frames: RelayFrames(fingers: fingers, senderID: 0xBE7C_0000_0000_0000 | UInt64(getpid())), curve: sourceCurve)
        defer { sender.close() }
        let sourceCPU = CPUSampler.ownProcess("source")
        let source = try sender.run()
        // The relay writes its result once every frame came back acknowledged.
        guard let bytes = output.readToEnd(timeoutMilliseconds: 30_000), !bytes.isEmpty else {
            throw RelayError("the relay did not report (frames still unacknowledged after 30 s?)")
        }
        var cpu = sourceCPU.elapsed()
        let result = try JSONDecoder().decode(RelayNodeResult.self, from: Data(bytes))
        if let relayCPU = result.cpuNanoseconds { cpu["relay"] = relayCPU }
        // The sink says what it used once the relay's end frame reached it.
        if let bytes = ChildOutput(sinkOutput).readToEnd(timeoutMilliseconds: 5_000), !bytes.isEmpty,
            let sinkCPU = try? JSONDecoder().decode(SinkResult.self, from: Data(bytes)).cpuNanoseconds
        {
            cpu["sink"] = sinkCPU
        }
        var report = makeReport(source, result, cpu: cpu)
        report.input = inputEndpoint
        report.curve = relayCurveKey != nil
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text)
        }
    }

    private func makeReport(_ source: RelaySourceResult, _ result: RelayNodeResult, cpu: [String: UInt64]) -> RelayReport {
        var latency = ["sourceSend": HopLatency(nanoseconds: source.sourceSend)]
        for (hop, histogram) in result.histograms { latency[hop] = HopLatency(nanoseconds: histogram) }
        let seconds = source.sendSeconds
        return RelayReport(
            rate: rate, fingers: fingers, frameBytes: source.frameBytes, window: window, interrupted: source.interrupted,
            offered: source.offered, behindSchedule: source.behindSchedule, forwarded: result.forwarded,
            delivered: result.acknowledged, sendSeconds: seconds,
            drainSeconds: Double(result.lastAcknowledged - min(result.lastAcknowledged, source.started)) / 1e9,
            offeredPerSecond: seconds > 0 ? Double(source.offered) / seconds : 0,
            framesPerSecond: seconds > 0 ? Double(result.acknowledged) / seconds : 0, latency: latency,
            cpu: CPUCost(frames: result.acknowledged, nanoseconds: cpu, expected: ["source", "relay", "sink"]))
    }

    private func launch(_ command: (URL, [String]), stdout: Pipe?) throws -> Process {
        let (executable, arguments) = command
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    /// `--duration` as `hid-source load` takes it: 10s, 500ms, 2m or plain seconds.
    private func durationNanoseconds() throws -> UInt64? {
        guard let duration else { return nil }
        var number = Substring(duration), scale = 1e9
        for (suffix, unit) in [("ms", 1e6), ("s", 1e9), ("m", 60e9)] where number.hasSuffix(suffix) {
            number = number.dropLast(suffix.count)
            scale = unit
            break
        }
        guard let value = Double(number), value.isFinite, value > 0 else {
            throw ValidationError("--duration: \"\(duration)\" is not a time such as 10s, 500ms, 2m or 1.5")
        }
        return UInt64(value * scale)
    }
}

/// A relay baseline run that could not be carried out, and why.
struct RelayError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The baseline's sockets: ipc in a private temporary directory (mode 0700) that the run removes.
struct RelayEndpoints {
    let directory: String
    /// source PUSH → relay PULL.
    var input: String { "ipc://\(directory)/in" }
    /// relay ROUTER ↔ sink DEALER.
    var output: String { "ipc://\(directory)/out" }

    /// Short paths: ipc endpoints must stay within 107 bytes.
    static func makeTemporary() throws -> RelayEndpoints {
        var template = Array("/tmp/hid-bench-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw RelayError("cannot create a temporary directory: \(String(cString: strerror(errno)))")
        }
        return RelayEndpoints(directory: String(cString: made))
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}

/// A child's stdout read with deadlines (poll on the pipe), so a relay node that hangs or dies cannot hang
/// `hid-bench relay` with it.
final class ChildOutput {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private(set) var atEnd = false

    init(_ pipe: Pipe) { descriptor = pipe.fileHandleForReading.fileDescriptor }

    /// The next line (without its newline), or nil at the end of the output or the deadline.
    func readLine(timeoutMilliseconds: Int) -> String? {
        let deadline = MonotonicClock.now + UInt64(timeoutMilliseconds) * 1_000_000
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return line
            }
            guard !atEnd, fill(until: deadline) else { return nil }
        }
    }

    /// Everything up to the end of the output, or nil if it did not end by the deadline.
    func readToEnd(timeoutMilliseconds: Int) -> [UInt8]? {
        let deadline = MonotonicClock.now + UInt64(timeoutMilliseconds) * 1_000_000
        while !atEnd {
            guard fill(until: deadline) else { return atEnd ? buffer : nil }
        }
        defer { buffer.removeAll() }
        return buffer
    }

    /// Reads what is there; false at the deadline or the end.
    private func fill(until deadline: UInt64) -> Bool {
        let now = MonotonicClock.now
        guard now < deadline else { return false }
        var item = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&item, 1, Int32(min((deadline - now) / 1_000_000 + 1, 1000)))
        if ready < 0 { return errno == EINTR }
        if ready == 0 { return true }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = read(descriptor, &chunk, chunk.count)
        if n <= 0 {
            if n < 0, errno == EINTR { return true }
            atEnd = true
            return false
        }
        buffer.append(contentsOf: chunk[..<n])
        return true
    }
}

/// The baseline's report (`hid-bench relay --json`): one JSON object, keys sorted, times in microseconds.
/// `framesPerSecond` and `latency.endToEnd` are what `hid-source load --baseline` divides by.
struct RelayReport: Codable {
    var kind = "relay"
    var rate: Double
    var fingers: Int
    var frameBytes: Int
    var window: Int
    var interrupted: Bool
    var offered: UInt64
    /// Due before the end of --duration but not sent: the source fell behind --rate (as in `hid-source load`).
    var behindSchedule: UInt64
    /// Read by the relay and sent on to the sink.
    var forwarded: UInt64
    /// Acknowledged by the sink (so read by it).
    var delivered: UInt64
    /// t0 → the last frame taken by the source's socket; t0 → the last ack back at the relay.
    var sendSeconds: Double
    var drainSeconds: Double
    /// Over the send interval, as `hid-source load` counts them.
    var offeredPerSecond: Double
    var framesPerSecond: Double
    var latency: [String: HopLatency]
    /// CPU per process (the source in this process, the relay, the sink) per delivered frame, as `hid-source
    /// load` reports the pipeline's; nil when no frame was delivered.
    var cpu: CPUCost?
    /// The relay's input endpoint and whether every connection used CURVE (nil in reports made before they were
    /// recorded).
    var input: String?
    var curve: Bool?

    static let hopOrder = ["sourceSend"] + RelayHop.allCases.map(\.rawValue)

    var text: String {
        let pace = rate > 0 ? String(format: "%.0f frames/s", rate) : "flat out"
        var lines = [
            "hid-bench relay: source PUSH → relay PULL/ROUTER → sink DEALER, acks back; \(fingers)-finger frames of \(frameBytes) bytes, \(pace), window \(window)"
                + (interrupted ? ", interrupted" : ""),
            "  over \(input.map { $0.hasPrefix("ipc://") ? "ipc" : $0 } ?? "ipc")" + (curve == true ? " with CURVE" : ""),
            "  offered \(offered), forwarded \(forwarded), delivered \(delivered)"
                + (behindSchedule > 0 ? " (\(behindSchedule) more were due: the source fell behind the rate)" : ""),
            String(
                format: "  over the %.3f s send interval (drained at %.3f s): offered %.0f frames/s, delivered %.0f frames/s",
                sendSeconds, drainSeconds, offeredPerSecond, framesPerSecond),
        ]
        var rows = [["latency (µs)", "count", "p50", "p90", "p99", "p99.9", "max"]]
        for hop in Self.hopOrder {
            guard let l = latency[hop] else { continue }
            rows.append(["  " + hop, "\(l.count)"] + [l.p50, l.p90, l.p99, l.p999, l.max].map { String(format: "%.1f", $0) })
        }
        lines.append(TextTable.render(rows, rightAlignedFrom: 1))
        if let cpu { lines.append(cpu.line(order: ["source", "relay", "sink"])) }
        return lines.joined(separator: "\n")
    }
}
