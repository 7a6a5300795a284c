import Histogram

/// One hop's latency in a `stats` reply, from an HdrHistogram of nanosecond samples (springboard's keep 2
/// significant digits): how many samples, their mean, minimum, percentiles and maximum, in microseconds.
public struct LatencySummary: Codable, Equatable, Sendable {
    public var count: UInt64
    public var meanMicroseconds: Double
    var minMicroseconds: Double
    public var p50Microseconds: Double
    public var p90Microseconds: Double
    public var p99Microseconds: Double
    public var p999Microseconds: Double
    public var maxMicroseconds: Double

    init(
        count: UInt64, meanMicroseconds: Double, minMicroseconds: Double, p50Microseconds: Double,
        p90Microseconds: Double, p99Microseconds: Double, p999Microseconds: Double, maxMicroseconds: Double
    ) {
        self.count = count
        self.meanMicroseconds = meanMicroseconds
        self.minMicroseconds = minMicroseconds
        self.p50Microseconds = p50Microseconds
        self.p90Microseconds = p90Microseconds
        self.p99Microseconds = p99Microseconds
        self.p999Microseconds = p999Microseconds
        self.maxMicroseconds = maxMicroseconds
    }

    /// The summary of a histogram of nanoseconds (all zero when it is empty). `sumNanoseconds`, the exact sum of
    /// the recorded values when the recorder kept it, gives the mean at once; without it the mean is the
    /// histogram's, a walk over every bucket (tens of milliseconds for a stats reply's dozens of hops).
    public init(nanoseconds histogram: Histogram<UInt64>, sumNanoseconds: UInt64? = nil) {
        let empty = histogram.totalCount == 0
        func us(_ ns: UInt64) -> Double { empty ? 0 : Double(ns) / 1000 }
        let mean = sumNanoseconds.map { Double($0) / Double(Swift.max(histogram.totalCount, 1)) } ?? histogram.mean
        self.init(
            count: histogram.totalCount, meanMicroseconds: empty ? 0 : mean / 1000,
            minMicroseconds: us(histogram.min), p50Microseconds: us(histogram.valueAtPercentile(50)),
            p90Microseconds: us(histogram.valueAtPercentile(90)), p99Microseconds: us(histogram.valueAtPercentile(99)),
            p999Microseconds: us(histogram.valueAtPercentile(99.9)), maxMicroseconds: us(histogram.max))
    }
}
