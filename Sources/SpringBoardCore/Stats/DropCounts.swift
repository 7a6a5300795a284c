/// Drop counters by reason: a fixed array indexed by `DropReason.rawValue`, so counting costs an increment.
public struct DropCounts: Equatable, Sendable {
    private var counts = [UInt64](repeating: 0, count: DropReason.allCases.count)

    public init() {}

    @inline(__always) public mutating func add(_ reason: DropReason, _ n: UInt64 = 1) { counts[reason.rawValue] &+= n }

    public subscript(_ reason: DropReason) -> UInt64 { counts[reason.rawValue] }

    public var total: UInt64 { counts.reduce(0, &+) }

    /// Non-zero counts by name (the `stats` reply).
    public var byName: [String: UInt64] {
        var out: [String: UInt64] = [:]
        for reason in DropReason.allCases where counts[reason.rawValue] > 0 { out[reason.name] = counts[reason.rawValue] }
        return out
    }
}
