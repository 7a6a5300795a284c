import ArgumentParser
import ControlProtocol
import Foundation
import HIDEvent
import LoadGeneration
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
            """)

    // Unconditional, as hid-source load's: `--rate -5` is said to be negative, not a missing value.
    @Option(parsing: .unconditional, help: "Frames per second; 0 sends flat out.") var rate: Double = 0
    @Option(help: "How many frames to send.") var count: UInt64?
    @Option(help: "How long to send: 10s, 500ms, 2m or plain seconds.") var duration: String?
    @Option(help: "Fingers per frame, 1...10.") var fingers: Int = 1
    @Option(help: "Frames in flight before the relay stops reading (springboard's --ack-window).") var window: Int = 4096
    @Flag(help: "Print the report as JSON.") var json = false

    func validate() throws {
        _ = try durationNanoseconds()
        guard (1...10).contains(fingers) else { throw ValidationError("--fingers must be 1...10, got \(fingers)") }
        if let problem = PacedSchedule.problem(withRate: rate) { throw ValidationError(problem) }
        guard count != nil || duration != nil else { throw ValidationError("give --count N, --duration TIME or both") }
        if let count, count == 0 { throw ValidationError("--count must be at least 1") }
        guard window > 0 else { throw ValidationError("--window must be positive") }
    }

    func run() throws {
        let endpoints = try RelayEndpoints.makeTemporary()
        defer { endpoints.remove() }
        let executable = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let relayOutput = Pipe()
        let relay = try launch(
            executable,
            [
                "relay-node", "--role", "relay", "--input", endpoints.input,
                "--output", endpoints.output, "--window", "\(window)",
            ], stdout: relayOutput)
        let sinkOutput = Pipe()
        let sink = try launch(executable, ["relay-node", "--role", "sink", "--output", endpoints.output], stdout: sinkOutput)
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
            endpoint: endpoints.input, rate: rate, count: count,
            durationNanoseconds: try durationNanoseconds(),
            frames: RelayFrames(fingers: fingers, senderID: 0xBE7C_0000_0000_0000 | UInt64(getpid())))
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
        let report = makeReport(source, result, cpu: cpu)
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

    private func launch(_ executable: URL, _ arguments: [String], stdout: Pipe?) throws -> Process {
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
