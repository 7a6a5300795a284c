import ControlProtocol
import Histogram

/// One HdrHistogram of nanoseconds per `Hop` (2 significant digits, up to 60 s), kept as flat bucket counts in one
/// buffer and turned into `Histogram` values only when `stats` asks. Recording is a bucket increment: no allocation
/// on the hot path.
///
/// Why 2 digits, not 3: every ack records up to 7 hops, each an increment at a scattered place in its
/// histogram's counts. With 3 digits a histogram's counts are ~220 KB and the 7 together miss the cache on
/// the ack path: springboard's CPU per frame at saturation fell from 1.62-1.66 to 1.46-1.51 µs with 2
/// digits (~30 KB each). A percentile stays within 1% of the value recorded, and the mean comes from the
/// exact sum.
///
/// Why flat counts, not `Histogram` values (issue 27): `Histogram.record` checked two arrays for uniqueness
/// (the array of histograms, then the counts), called its generic index helpers out of line and kept min and max
/// per record; with 8 records per frame that was most of the ack path's `settle` (5% of springboard's CPU at
/// saturation). Here a record is the same bucket arithmetic inline on a raw pointer (`Recorder`), one uniqueness
/// check per ack message. The buckets are HdrHistogram's own (lowest 1, 2 digits: 256 sub-buckets), and the
/// exact min and max are kept, so the `Histogram` a reader gets equals one recorded value by value
/// (`HopLatenciesTests`).
package struct HopLatencies: Sendable {
    static let highest: UInt64 = 60_000_000_000
    /// HdrHistogram's layout for lowest 1 and 2 significant digits: 200 values at unit resolution need 256
    /// sub-buckets (half: 128, magnitude 7); the first bucket index is 64 − 8 − the value's leading zeros.
    static let subBucketHalfCountMagnitude = 7
    static let subBucketHalfCount = 1 << subBucketHalfCountMagnitude
    static let subBucketMask: UInt64 = 255
    static let leadingZeroCountBase = 56
    /// Buckets covering `highest` (`bucketsCovering(highest)`, checked by a test): a literal, so the hot path reads a
    /// constant, not a lazily initialized global.
    static let bucketCount = 29
    /// How many buckets HdrHistogram gives a histogram whose highest trackable value is `value` (each bucket doubles
    /// the range of the one before).
    static func bucketsCovering(_ value: UInt64) -> Int {
        var smallestUntrackable: UInt64 = subBucketMask + 1
        var buckets = 1
        while smallestUntrackable <= value {
            smallestUntrackable <<= 1
            buckets += 1
        }
        return buckets
    }
    static let countsPerHop = (bucketCount + 1) * subBucketHalfCount
    /// Per hop: total count, sum, smallest non-zero value, largest value, then the bucket counts.
    static let header = 4
    static let stride = header + countsPerHop

    private var storage: Storage
    /// Each hop's last summary and the count and sum it was made from (`summary(_:)`): a `stats` reply walks a
    /// histogram only when samples came since the last one. The count only grows between resets, and `reset`
    /// empties this.
    private var summaryCache: [(count: UInt64, sum: UInt64, summary: LatencySummary)?]

    package init() {
        storage = Storage()
        summaryCache = Array(repeating: nil, count: Hop.allCases.count)
    }

    /// Records `end - start`; a missing stamp (0) or a negative span records nothing.
    @inline(__always) package mutating func record(_ hop: Hop, from start: UInt64, to end: UInt64) {
        recorder().record(hop, from: start, to: end)
    }

    /// Writes straight into the counts, for a batch of records (an ack message's events): valid until this value is
    /// next copied, mutated otherwise, or released. One uniqueness check for the batch instead of one per record.
    @inline(__always) package mutating func recorder() -> Recorder {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return Recorder(base: storage.base)
    }

    /// Records into a `HopLatencies` it does not own (see `recorder()`).
    package struct Recorder {
        let base: UnsafeMutablePointer<UInt64>

        /// Records `end - start`; a missing stamp (0) or a negative span records nothing.
        @inline(__always) package func record(_ hop: Hop, from start: UInt64, to end: UInt64) {
            guard start != 0, end >= start else { return }
            let value = Swift.min(end - start, HopLatencies.highest)
            let tally = base + hop.rawValue * HopLatencies.stride
            tally[0] &+= 1
            tally[1] &+= value
            if value != 0, value < tally[2] { tally[2] = value }
            if value > tally[3] { tally[3] = value }
            tally[HopLatencies.header + HopLatencies.index(of: value)] &+= 1
        }
    }

    /// HdrHistogram's `countsIndexForValue` for this layout.
    @inline(__always) static func index(of value: UInt64) -> Int {
        let bucket = leadingZeroCountBase - (value | subBucketMask).leadingZeroBitCount
        let subBucket = Int(truncatingIfNeeded: value >> UInt64(bucket))
        return ((bucket + 1) << subBucketHalfCountMagnitude) + subBucket - subBucketHalfCount
    }

    /// The lowest value of bucket `index` (HdrHistogram's `valueFromIndex`).
    static func value(atIndex index: Int) -> UInt64 {
        var bucket = (index >> subBucketHalfCountMagnitude) - 1
        var subBucket = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
        if bucket < 0 {
            subBucket -= subBucketHalfCount
            bucket = 0
        }
        return UInt64(subBucket) << UInt64(bucket)
    }

    /// The hop's samples as a `Histogram`: the same counts, total, min and max as recording each value into one.
    subscript(_ hop: Hop) -> Histogram<UInt64> {
        var histogram = Histogram<UInt64>(
            lowestDiscernibleValue: 1, highestTrackableValue: Self.highest, numberOfSignificantValueDigits: .two)
        let tally = storage.base + hop.rawValue * Self.stride
        guard tally[0] > 0 else { return histogram }
        let minimum = tally[2], maximum = tally[3]
        let minimumIndex = minimum == .max ? -1 : Self.index(of: minimum), maximumIndex = Self.index(of: maximum)
        for index in 0..<Self.countsPerHop {
            let count = tally[Self.header + index]
            guard count > 0 else { continue }
            // The bucket holding the exact min or max records that value, so the histogram's own min and max are
            // exact; any other value of a bucket lands in the same bucket.
            if index == minimumIndex, index == maximumIndex, minimum != maximum {
                histogram.record(minimum, count: 1)
                histogram.record(maximum, count: count - 1)
            } else if index == maximumIndex {
                histogram.record(maximum, count: count)
            } else if index == minimumIndex {
                histogram.record(minimum, count: count)
            } else {
                histogram.record(Self.value(atIndex: index), count: count)
            }
        }
        return histogram
    }

    /// Summaries of the hops that have samples, by name.
    package func summaries(_ hops: [Hop] = Hop.allCases) -> [String: LatencySummary] {
        var out: [String: LatencySummary] = [:]
        for hop in hops where count(hop) > 0 {
            out[hop.name] = LatencySummary(nanoseconds: self[hop], sumNanoseconds: sum(hop))
        }
        return out
    }

    /// One hop's summary (nil: no samples), the same as `summaries()` gives, walking the histogram only when it
    /// changed since the last call (a dashboard polling `stats` re-reads mostly unchanged hops).
    mutating func summary(_ hop: Hop) -> LatencySummary? {
        let count = count(hop), sum = sum(hop)
        guard count > 0 else { return nil }
        if let cached = summaryCache[hop.rawValue], cached.count == count, cached.sum == sum { return cached.summary }
        let summary = LatencySummary(nanoseconds: self[hop], sumNanoseconds: sum)
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
    func count(_ hop: Hop) -> UInt64 { storage.base[hop.rawValue * Self.stride] }
    func sum(_ hop: Hop) -> UInt64 { storage.base[hop.rawValue * Self.stride + 1] }

    /// Every hop's histogram, by name (the `stats` request with `histograms`).
    func byName(_ hops: [Hop] = Hop.allCases) -> [String: Histogram<UInt64>] {
        Dictionary(uniqueKeysWithValues: hops.map { ($0.name, self[$0]) })
    }

    /// Adds every hop of `other` into this one.
    package mutating func add(_ other: HopLatencies) {
        let recorder = recorder()
        for hop in Hop.allCases where other.count(hop) > 0 {
            let into = recorder.base + hop.rawValue * Self.stride, from = other.storage.base + hop.rawValue * Self.stride
            into[0] &+= from[0]
            into[1] &+= from[1]
            into[2] = Swift.min(into[2], from[2])
            into[3] = Swift.max(into[3], from[3])
            for i in Self.header..<Self.stride { into[i] &+= from[i] }
        }
    }

    package mutating func reset() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage()
        } else {
            storage.clear()
        }
        for i in summaryCache.indices { summaryCache[i] = nil }
    }

    /// The counts of every hop, one allocation; copied before a write when shared (value semantics).
    private final class Storage: @unchecked Sendable {
        // @unchecked: written only through a `HopLatencies` that holds it uniquely (`recorder()` copies first).
        let base: UnsafeMutablePointer<UInt64>
        static let size = Hop.allCases.count * HopLatencies.stride

        init() {
            base = .allocate(capacity: Self.size)
            clear()
        }

        func clear() {
            base.initialize(repeating: 0, count: Self.size)
            for hop in 0..<Hop.allCases.count { base[hop * HopLatencies.stride + 2] = .max }
        }

        func copy() -> Storage {
            let copy = Storage()
            copy.base.update(from: base, count: Self.size)
            return copy
        }

        deinit { base.deallocate() }
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
