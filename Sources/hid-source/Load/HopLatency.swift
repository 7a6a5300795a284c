import Histogram

/// One hop's latency in a load report, in microseconds, read from an HdrHistogram of nanoseconds.
/// The same JSON shape as `hid-bench relay --json` writes, so `--baseline` can compare them.
struct HopLatency: Codable, Equatable {
    var count: UInt64
    var p50: Double
    var p90: Double
    var p99: Double
    var p999: Double
    var max: Double
    var mean: Double

    init(nanoseconds histogram: Histogram<UInt64>) {
        let empty = histogram.totalCount == 0
        func us(_ ns: UInt64) -> Double { empty ? 0 : Double(ns) / 1000 }
        count = histogram.totalCount
        p50 = us(histogram.valueAtPercentile(50))
        p90 = us(histogram.valueAtPercentile(90))
        p99 = us(histogram.valueAtPercentile(99))
        p999 = us(histogram.valueAtPercentile(99.9))
        max = us(histogram.max)
        mean = empty ? 0 : histogram.mean / 1000
    }

    /// springboard's hops in the order an event travels them; `sourceSend` (the load generator's own
    /// wait: the frame's stamp → its PUSH socket took it) comes first.
    static let order = [
        "sourceSend", "sourceToSpringBoard", "springBoardQueue", "springBoardToApp", "appQueue",
        "dispatch", "ackBack", "ack", "endToEnd",
    ]

    /// Names of `hops` in travel order, unknown ones after, alphabetically.
    static func ordered<T>(_ hops: [String: T]) -> [String] {
        order.filter { hops[$0] != nil } + hops.keys.filter { !order.contains($0) }.sorted()
    }
}
