import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The CPU time a process has used (user and system, every thread), from `/proc/PID/stat` (Linux): what a
/// load run divides by its frames to say what each process spent on one.
public enum ProcessCPU {
    /// One reading of a process: its CPU so far and when it started (which tells a reused pid apart).
    public struct Sample: Equatable, Sendable {
        public var nanoseconds: UInt64
        /// `starttime` (clock ticks after boot).
        public var startTime: UInt64

        public init(nanoseconds: UInt64, startTime: UInt64) {
            self.nanoseconds = nanoseconds
            self.startTime = startTime
        }
    }

    /// Nanoseconds of CPU used so far by `pid` (nil: this process); see `sample`.
    public static func nanoseconds(pid: Int32? = nil, named name: String? = nil) -> UInt64? {
        sample(pid: pid, named: name)?.nanoseconds
    }

    /// `pid` (nil: this process) read once, or nil when it cannot be: not Linux, no such process, or, with
    /// `named`, a process whose command is another (a pid springboard on another host reported may well name
    /// a local process; only the name and, across two readings, `startTime` tell them apart).
    public static func sample(pid: Int32? = nil, named name: String? = nil) -> Sample? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid.map(String.init) ?? "self")/stat", encoding: .utf8),
            let sample = sample(stat: stat, named: name)
        else { return nil }
        return sample
    }

    /// A `/proc/PID/stat` line read. The command (field 2, in parentheses) may hold spaces and parentheses, so the
    /// fields are counted after its last ")": state is field 3, utime 14, stime 15, starttime 22 (proc(5)).
    package static func sample(
        stat: String, named name: String? = nil, ticksPerSecond: UInt64 = clockTicksPerSecond
    )
        -> Sample?
    {
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"), open < close else { return nil }
        if let name, stat[stat.index(after: open)..<close] != name { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let user = UInt64(fields[11]), let system = UInt64(fields[12]),
            let start = UInt64(fields[19])
        else { return nil }
        return Sample(nanoseconds: (user + system) * 1_000_000_000 / max(1, ticksPerSecond), startTime: start)
    }

    public static let clockTicksPerSecond = UInt64(max(1, sysconf(Int32(_SC_CLK_TCK))))
}

/// What each process of a run spent per frame: its CPU time over the run (`ProcessCPU`, 10 ms resolution on
/// Linux) divided by the frames delivered. A report's `cpu` (`hid-source load --json`, `hid-bench relay
/// --json`: one shape, so a pipeline and its baseline read alike).
public struct CPUCost: Codable, Equatable, Sendable {
    /// The frames delivered over the run.
    public var frames: UInt64
    /// CPU seconds over the run, per process.
    public var seconds: [String: Double]
    /// Microseconds per frame, per process, and `total` when every process of the run was measured.
    public var microsecondsPerFrame: [String: Double]
    /// Processes of the run that could not be measured (not Linux, a pid that was not theirs, a process that
    /// restarted); nil when none.
    public var missing: [String]?

    /// nil when no frame was delivered (a cost per frame would read as a measurement). `expected`: the run's
    /// processes; `total` is given only when each of them is in `nanoseconds`.
    public init?(frames: UInt64, nanoseconds: [String: UInt64], expected: [String]) {
        guard frames > 0 else { return nil }
        self.frames = frames
        seconds = nanoseconds.mapValues { Double($0) / 1e9 }
        var perFrame = nanoseconds.mapValues { Double($0) / 1000 / Double(frames) }
        let missing = expected.filter { nanoseconds[$0] == nil }
        // A process that read no clock tick at all ran less than one tick, not for free: no total then.
        if missing.isEmpty, !nanoseconds.values.contains(0) { perFrame["total"] = perFrame.values.reduce(0, +) }
        microsecondsPerFrame = perFrame
        self.missing = missing.isEmpty ? nil : missing
    }

    /// `CPU per delivered frame: source 0.66 µs, springboard 1.52 µs, app 1.57 µs; total 3.75 µs`, the processes
    /// in `order` (n/a: not measured). /proc counts CPU in clock ticks (10 ms): a process that used less in a short
    /// run reads 0, shown as under one tick per frame (`app <0.50 µs`), and then there is no total.
    public func line(order: [String], ticksPerSecond: UInt64 = ProcessCPU.clockTicksPerSecond) -> String {
        let tick = 1e6 / Double(max(1, ticksPerSecond)) / Double(frames)  // µs per frame of one tick
        var underOneTick = false
        let parts = order.map { name in
            guard let value = microsecondsPerFrame[name] else { return "\(name) n/a" }
            if value == 0 {
                underOneTick = true
                return "\(name) " + String(format: "<%.2f µs", tick)
            }
            return "\(name) " + String(format: "%.2f µs", value)
        }
        let total =
            microsecondsPerFrame["total"].map { String(format: "; total %.2f µs", $0) }
            ?? (underOneTick ? "; no total (a process used less than one clock tick: run longer)" : "; no total")
        return "CPU per delivered frame: \(parts.joined(separator: ", "))" + total
    }
}

/// CPU time of named processes between `init` and `elapsed()`. A process that cannot be read at either end,
/// or that is not the same process at the end (another `startTime`: its pid was reused), is left out.
public struct CPUSampler {
    public struct Process: Sendable {
        public var name: String
        /// nil: this process.
        public var pid: Int32?
        /// What the process's command must be (nil: not checked).
        public var command: String?

        public init(name: String, pid: Int32? = nil, command: String? = nil) {
            self.name = name
            self.pid = pid
            self.command = command
        }
    }

    private let processes: [Process]
    private let start: [ProcessCPU.Sample?]

    public init(_ processes: [Process]) {
        self.processes = processes
        start = processes.map { ProcessCPU.sample(pid: $0.pid, named: $0.command) }
    }

    /// This process alone, as `name`.
    public static func ownProcess(_ name: String) -> CPUSampler { CPUSampler([Process(name: name)]) }

    /// Nanoseconds each readable process used since `init`, by name.
    public func elapsed() -> [String: UInt64] {
        var out: [String: UInt64] = [:]
        for (process, start) in zip(processes, start) {
            guard let start, let now = ProcessCPU.sample(pid: process.pid, named: process.command),
                now.startTime == start.startTime
            else { continue }
            out[process.name] = now.nanoseconds - min(now.nanoseconds, start.nanoseconds)
        }
        return out
    }
}
