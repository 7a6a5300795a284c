/// One hop's latency in a `stats` reply: how many samples, their mean and maximum in microseconds.
public struct LatencySummary: Codable, Equatable, Sendable {
    public var count: UInt64
    public var meanMicroseconds: Double
    public var maxMicroseconds: Double

    public init(count: UInt64, meanMicroseconds: Double, maxMicroseconds: Double) {
        self.count = count
        self.meanMicroseconds = meanMicroseconds
        self.maxMicroseconds = maxMicroseconds
    }
}
