import ControlProtocol

/// Everything a run collected, before it is turned into a report.
struct LoadOutcome {
    var settings: LoadSettings
    var app: String
    var overload: OverloadMode
    var sent: LoadSendResult
    var source: SourceInfo?
    var confirmed: Bool
    var drainedAt: UInt64?
    var stats: StatsInfo
    /// CPU nanoseconds per process from the start of sending to the drain (`CPUSampler`).
    var cpuNanoseconds: [String: UInt64] = [:]
}
