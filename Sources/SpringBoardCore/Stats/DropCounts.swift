/// Drop counters by reason: a fixed array indexed by `DropReason.rawValue`, so counting costs an increment.
package struct DropCounts: Equatable, Sendable {
    private var counts = [UInt64](repeating: 0, count: DropReason.allCases.count)

    init() {}

    @inline(__always) mutating func add(_ reason: DropReason, _ n: UInt64 = 1) { counts[reason.rawValue] &+= n }

    /// Adds every reason's count of `other`.
    mutating func add(_ other: DropCounts) {
        for i in counts.indices { counts[i] &+= other.counts[i] }
    }

    package subscript(_ reason: DropReason) -> UInt64 { counts[reason.rawValue] }

    var total: UInt64 { counts.reduce(0, &+) }

    /// Non-zero counts by name (the `stats` reply).
    var byName: [String: UInt64] {
        var out: [String: UInt64] = [:]
        for reason in DropReason.allCases where counts[reason.rawValue] > 0 { out[reason.name] = counts[reason.rawValue] }
        return out
    }
}
