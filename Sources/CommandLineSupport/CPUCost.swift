import Foundation

/// What each process of a run spent per frame: its CPU time over the run (`ProcessCPU`, 10 ms resolution on
/// Linux) divided by the frames delivered. A report's `cpu` (`hid-source load --json`, `hid-bench relay
/// --json`: one shape, so a pipeline and its baseline read alike).
public struct CPUCost: Codable, Equatable, Sendable {
    /// The frames delivered over the run.
    public var frames: UInt64
    /// CPU seconds over the run, per process.
    public var seconds: [String: Double]
    /// Microseconds per frame, per process and `total` (the processes that could be read).
    public var microsecondsPerFrame: [String: Double]

    public init(frames: UInt64, nanoseconds: [String: UInt64]) {
        self.frames = frames
        seconds = nanoseconds.mapValues { Double($0) / 1e9 }
        var perFrame = nanoseconds.mapValues { frames > 0 ? Double($0) / 1000 / Double(frames) : 0 }
        perFrame["total"] = perFrame.values.reduce(0, +)
        microsecondsPerFrame = perFrame
    }

    /// `CPU per delivered frame: source 0.66 µs, springboard 1.52 µs, app 1.57 µs; total 3.75 µs`, the processes
    /// in `order` (those measured).
    public func line(order: [String]) -> String {
        let parts = order.compactMap { name in microsecondsPerFrame[name].map { "\(name) \(String(format: "%.2f", $0)) µs" } }
        return "CPU per delivered frame: \(parts.joined(separator: ", "))"
            + (microsecondsPerFrame["total"].map { String(format: "; total %.2f µs", $0) } ?? "")
    }
}

/// CPU time of named processes between `init` and `elapsed()`; a process that cannot be read at either end is
/// left out.
public struct CPUSampler {
    public struct Process: Sendable {
        public var name: String
        /// nil: this process.
        public var pid: Int32?
        /// What `/proc/PID/comm` must say (nil: not checked).
        public var command: String?

        public init(name: String, pid: Int32?, command: String?) {
            self.name = name
            self.pid = pid
            self.command = command
        }
    }

    private let processes: [Process]
    private let start: [UInt64?]

    public init(_ processes: [Process]) {
        self.processes = processes
        start = processes.map { ProcessCPU.nanoseconds(pid: $0.pid, named: $0.command) }
    }

    /// Nanoseconds each readable process used since `init`, by name.
    public func elapsed() -> [String: UInt64] {
        var out: [String: UInt64] = [:]
        for (process, start) in zip(processes, start) {
            guard let start, let now = ProcessCPU.nanoseconds(pid: process.pid, named: process.command) else { continue }
            out[process.name] = now - min(now, start)
        }
        return out
    }
}
