/// Count, sum and maximum of one hop's latency (CLOCK_MONOTONIC ns, the clock every process stamps with).
/// Three integer updates per sample; the mean is computed only when someone asks.
public struct LatencyAccumulator: Equatable, Sendable {
    public private(set) var count: UInt64 = 0
    public private(set) var sum: UInt64 = 0
    public private(set) var max: UInt64 = 0

    public init() {}

    /// Adds `end - start` when both are stamped and in order (a hop a peer did not stamp is skipped).
    @inline(__always) public mutating func add(from start: UInt64, to end: UInt64) {
        guard start != 0, end >= start else { return }
        let ns = end - start
        count &+= 1
        sum &+= ns
        if ns > max { max = ns }
    }

    public var meanMicroseconds: Double { count == 0 ? 0 : Double(sum) / Double(count) / 1000 }
    public var maxMicroseconds: Double { Double(max) / 1000 }
}
