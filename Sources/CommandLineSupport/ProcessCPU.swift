import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The CPU time a process has used (user and system, every thread), from `/proc/PID/stat` (Linux): what a
/// load run divides by its frames to say what each process spent on one.
public enum ProcessCPU {
    /// Nanoseconds of CPU used so far by `pid` (nil: this process), or nil when it cannot be read: not Linux,
    /// no such process, or, with `named`, a process of another name (`/proc/PID/comm`), such as the pid a
    /// springboard on another host reported.
    public static func nanoseconds(pid: Int32? = nil, named name: String? = nil) -> UInt64? {
        let directory = pid.map { "/proc/\($0)" } ?? "/proc/self"
        if let name {
            guard let comm = try? String(contentsOfFile: directory + "/comm", encoding: .utf8),
                comm.trimmingCharacters(in: .whitespacesAndNewlines) == name
            else { return nil }
        }
        guard let stat = try? String(contentsOfFile: directory + "/stat", encoding: .utf8) else { return nil }
        return nanoseconds(stat: stat)
    }

    /// `utime` + `stime` of a `/proc/PID/stat` line, in nanoseconds. The command (field 2) may hold spaces and
    /// parentheses, so the fields are counted after its last ")": state is field 3, utime 14, stime 15 (proc(5)).
    package static func nanoseconds(stat: String, ticksPerSecond: UInt64 = clockTicksPerSecond) -> UInt64? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = UInt64(fields[11]), let system = UInt64(fields[12]) else { return nil }
        return (user + system) * 1_000_000_000 / max(1, ticksPerSecond)
    }

    package static let clockTicksPerSecond = UInt64(max(1, sysconf(Int32(_SC_CLK_TCK))))
}
