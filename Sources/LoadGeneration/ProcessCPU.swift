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
