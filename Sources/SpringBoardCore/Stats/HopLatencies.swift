import ControlProtocol
import Histogram

/// One HdrHistogram of nanoseconds per `Hop` (2 significant digits, up to 60 s). Recording is a bucket
/// increment: no allocation on the hot path.
///
/// Why 2 digits, not 3: every ack records up to 7 hops, each an increment at a scattered place in its
/// histogram's counts. With 3 digits a histogram's counts are ~220 KB and the 7 together miss the cache on
/// the ack path: springboard's CPU per frame at saturation fell from 1.62-1.66 to 1.46-1.51 µs with 2
/// digits (~30 KB each). A percentile stays within 1% of the value recorded, and the mean comes from the
/// exact sum.
package struct HopLatencies: Sendable {
    static let highest: UInt64 = 60_000_000_000
    private var histograms: [Histogram<UInt64>]
    /// Each hop's exact sum of recorded values: the mean of a `stats` reply without walking the histogram.
    private var sums: [UInt64]
    /// Each hop's last summary and the count and sum it was made from (`summary(_:)`): a `stats` reply walks a
    /// histogram only when samples came since the last one. The count only grows between resets, and `reset`
    /// empties this.
    private var summaryCache: [(count: UInt64, sum: UInt64, summary: LatencySummary)?]

    package init() {
        let empty = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: Self.highest,
            numberOfSignificantValueDigits: .two)
        histograms = Array(repeating: empty, count: Hop.allCases.count)
        sums = Array(repeating: 0, count: Hop.allCases.count)
        summaryCache = Array(repeating: nil, count: Hop.allCases.count)
    }

    /// Records `end - start`; a missing stamp (0) or a negative span records nothing.
    @inline(__always) package mutating func record(_ hop: Hop, from start: UInt64, to end: UInt64) {
        guard start != 0, end >= start else { return }
        let value = Swift.min(end - start, Self.highest)
        _ = histograms[hop.rawValue].record(value)
        sums[hop.rawValue] &+= value
    }

    subscript(_ hop: Hop) -> Histogram<UInt64> { histograms[hop.rawValue] }

    /// Summaries of the hops that have samples, by name.
    package func summaries(_ hops: [Hop] = Hop.allCases) -> [String: LatencySummary] {
        var out: [String: LatencySummary] = [:]
        for hop in hops where histograms[hop.rawValue].totalCount > 0 {
            out[hop.name] = LatencySummary(nanoseconds: histograms[hop.rawValue], sumNanoseconds: sums[hop.rawValue])
        }
        return out
    }

    /// One hop's summary (nil: no samples), the same as `summaries()` gives, walking the histogram only when it
    /// changed since the last call (a dashboard polling `stats` re-reads mostly unchanged hops).
    mutating func summary(_ hop: Hop) -> LatencySummary? {
        let count = histograms[hop.rawValue].totalCount, sum = sums[hop.rawValue]
        guard count > 0 else { return nil }
        if let cached = summaryCache[hop.rawValue], cached.count == count, cached.sum == sum { return cached.summary }
        let summary = LatencySummary(nanoseconds: histograms[hop.rawValue], sumNanoseconds: sum)
        summaryCache[hop.rawValue] = (count, sum, summary)
        return summary
    }

    /// `summaries(_:)` through `summary(_:)`'s cache.
    mutating func cachedSummaries(_ hops: [Hop] = Hop.allCases) -> [String: LatencySummary] {
        var out: [String: LatencySummary] = [:]
        for hop in hops {
            if let summary = summary(hop) { out[hop.name] = summary }
        }
        return out
    }

    /// How many samples a hop has, and their exact sum.
    func count(_ hop: Hop) -> UInt64 { histograms[hop.rawValue].totalCount }
    func sum(_ hop: Hop) -> UInt64 { sums[hop.rawValue] }

    /// Every hop's histogram, by name (the `stats` request with `histograms`).
    func byName(_ hops: [Hop] = Hop.allCases) -> [String: Histogram<UInt64>] {
        Dictionary(uniqueKeysWithValues: hops.map { ($0.name, histograms[$0.rawValue]) })
    }

    /// Adds every hop of `other` into this one.
    package mutating func add(_ other: HopLatencies) {
        for i in histograms.indices where other.histograms[i].totalCount > 0 {
            histograms[i].add(other.histograms[i])
            sums[i] &+= other.sums[i]
        }
    }

    package mutating func reset() {
        for i in histograms.indices { histograms[i].reset() }
        for i in sums.indices { sums[i] = 0 }
        for i in summaryCache.indices { summaryCache[i] = nil }
    }
}

/// The legs of an event's trip, each timed from two CLOCK_MONOTONIC stamps (every process on the host shares
/// the clock, so differences across processes are valid).
package enum Hop: Int, Sendable, CaseIterable {
    /// The HID envelope's `hardware` stamp → springboard read the frame off its event port.
    case sourceToSpringBoard
    /// springboard read it → springboard sent it to the app (time in the outbound queue).
    case springBoardQueue
    /// springboard sent it → the app's run loop read it.
    case springBoardToApp
    /// The app read it → UIKit's event source0 began.
    case appQueue
    /// UIKit's event source0 began → `sendEvent` returned.
    case dispatch
    /// `sendEvent` returned → springboard read the ack.
    case ackBack
    /// springboard sent it → springboard read its ack (the round trip).
    case ack
    /// The `hardware` stamp → `sendEvent` returned in the app: what a user of the pipeline waits.
    case endToEnd

    var name: String {
        switch self {
        case .sourceToSpringBoard: return "sourceToSpringBoard"
        case .springBoardQueue: return "springBoardQueue"
        case .springBoardToApp: return "springBoardToApp"
        case .appQueue: return "appQueue"
        case .dispatch: return "dispatch"
        case .ackBack: return "ackBack"
        case .ack: return "ack"
        case .endToEnd: return "endToEnd"
        }
    }
}
