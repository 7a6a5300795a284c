import Histogram

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
