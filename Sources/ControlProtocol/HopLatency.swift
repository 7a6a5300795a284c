import Histogram

/// One hop's latency in a load report (`hid-source load --json`, `hid-bench relay --json`: one JSON shape,
/// so `--baseline` can compare them), in microseconds, read from an HdrHistogram of nanoseconds.
public struct HopLatency: Codable, Equatable, Sendable {
    public var count: UInt64
    public var p50: Double
    public var p90: Double
    public var p99: Double
    public var p999: Double
    public var max: Double
    public var mean: Double

    /// `exactMeanMicroseconds`: the recorder's exact mean when it kept the sum (springboard's `stats` gives it per
    /// hop); without it the mean is the histogram's.
    public init(nanoseconds histogram: Histogram<UInt64>, exactMeanMicroseconds: Double? = nil) {
        let empty = histogram.totalCount == 0
        func us(_ ns: UInt64) -> Double { empty ? 0 : Double(ns) / 1000 }
        count = histogram.totalCount
        p50 = us(histogram.valueAtPercentile(50))
        p90 = us(histogram.valueAtPercentile(90))
        p99 = us(histogram.valueAtPercentile(99))
        p999 = us(histogram.valueAtPercentile(99.9))
        max = us(histogram.max)
        mean = empty ? 0 : exactMeanMicroseconds ?? histogram.mean / 1000
    }
}
