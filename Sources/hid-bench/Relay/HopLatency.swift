import Histogram

/// One hop's latency in microseconds from an HdrHistogram of nanoseconds. The same JSON shape as
/// `hid-source load --json` writes (and `hid-source load --baseline` reads from this report).
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
}
