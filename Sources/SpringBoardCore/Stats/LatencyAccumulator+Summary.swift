import AppChannel

extension LatencyAccumulator {
    /// The `stats` reply's form.
    public var summary: LatencySummary {
        LatencySummary(count: count, meanMicroseconds: meanMicroseconds, maxMicroseconds: maxMicroseconds)
    }
}
