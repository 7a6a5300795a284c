/// What the sink process writes on stdout when the run is over, for the parent `hid-bench relay` to report.
struct SinkResult: Codable {
    /// CPU the sink used from its hello to the end frame, nil if unreadable.
    var cpuNanoseconds: UInt64?
}
