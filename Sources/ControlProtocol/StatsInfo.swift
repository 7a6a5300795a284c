import Histogram

/// The `stats` reply: counts at every hop, per app, every drop with its reason, and latency per hop.
public struct StatsInfo: Codable, Equatable, Sendable {
    /// Event-port and routing counters, by name (eventPortReceived, malformed, routedToApp, ...).
    public var hops: [String: UInt64]
    /// Undelivered events by reason (appDead, gaveUp, gestureCancelled, ...), all apps together.
    public var drops: [String: UInt64]
    public var apps: [AppStats]
    public var notResponding: [String]
    /// Per hop, all apps together (protocols/control.md lists the hops).
    public var latency: [String: LatencySummary]
    /// `shed` or `backpressure`.
    public var overloadMode: String
    /// Nanoseconds since the counters started (springboard start or the last `stats` with `reset`).
    public var intervalNanoseconds: UInt64
    /// Every hop's full histogram of nanoseconds, when the request asked for `histograms`.
    public var histograms: [String: Histogram<UInt64>]?
    /// Malformed event-port frames by the validation rule they broke, and by peer (`pid N` over ipc).
    public var malformedByReason: [String: UInt64]?
    public var malformedByPeer: [String: UInt64]?
    /// The display's figures, all apps together: frames, touch-to-present by kind (nil from a springboard
    /// older than `frames`).
    public var present: PresentStats?

    public init(
        hops: [String: UInt64], drops: [String: UInt64], apps: [AppStats], notResponding: [String],
        latency: [String: LatencySummary], overloadMode: String, intervalNanoseconds: UInt64,
        histograms: [String: Histogram<UInt64>]? = nil, malformedByReason: [String: UInt64]? = nil,
        malformedByPeer: [String: UInt64]? = nil, present: PresentStats? = nil
    ) {
        self.present = present
        self.hops = hops
        self.drops = drops
        self.latency = latency
        self.apps = apps
        self.notResponding = notResponding
        self.overloadMode = overloadMode
        self.intervalNanoseconds = intervalNanoseconds
        self.histograms = histograms
        self.malformedByReason = malformedByReason
        self.malformedByPeer = malformedByPeer
    }
}

/// Per-app counters of the `stats` reply.
public struct AppStats: Codable, Equatable, Sendable {
    public var bundleID: String
    public var state: String
    /// Frames routed to this app (each counts once, whether sent alone, coalesced into a later event, queued
    /// or dropped).
    public var routed: UInt64
    /// `event` messages sent (synthesized cancels included).
    public var sent: UInt64
    /// Routed frames that reached the app: as an event of their own or as a coalesced sample inside one.
    public var samplesSent: UInt64
    /// Of `samplesSent`, the moves that travelled as coalesced samples of a later event.
    public var coalescedSamples: UInt64
    public var acked: UInt64
    var handled: UInt64
    /// Of the acknowledged events, the ones the app's UIKit coalesced into a later event of the same pass
    /// (its touches arrived as that event's coalesced touches): `handled - coalescedInApp` events were sent.
    public var coalescedInApp: UInt64
    public var cancelsSent: UInt64
    /// Times springboard gave up on the app because it stopped responding (its queue dropped, its touches
    /// cancelled).
    public var giveUps: UInt64
    var heartbeats: UInt64
    package var registrations: UInt64
    /// Registrations of this bundle id refused because another live connection owned it.
    package var registrationsRefused: UInt64
    /// Events sent and never acknowledged because the app died or registered again.
    public var lostInFlight: UInt64
    public var inFlight: Int
    /// The ack window in use: 8 × the measured bandwidth-delay product, within springboard's bounds.
    public var window: Int
    /// Events waiting in the outbound queue, and the routed frames they hold (coalesced samples included).
    public var queued: Int
    public var queuedSamples: UInt64
    public var drops: [String: UInt64]
    /// Per hop: `springBoardQueue`, `springBoardToApp`, `appQueue`, `dispatch`, `ackBack`, `ack` (the round
    /// trip), `endToEnd` (hardware stamp → `sendEvent` returned).
    public var latency: [String: LatencySummary]
    /// The app's display figures (nil from a springboard older than `frames`).
    public var present: PresentStats?

    public init(
        bundleID: String, state: String, routed: UInt64, sent: UInt64, samplesSent: UInt64,
        coalescedSamples: UInt64, acked: UInt64, handled: UInt64, cancelsSent: UInt64, giveUps: UInt64,
        heartbeats: UInt64, registrations: UInt64, inFlight: Int, window: Int, queued: Int, queuedSamples: UInt64,
        drops: [String: UInt64], latency: [String: LatencySummary], registrationsRefused: UInt64 = 0, lostInFlight: UInt64 = 0,
        coalescedInApp: UInt64 = 0, present: PresentStats? = nil
    ) {
        self.present = present
        self.coalescedInApp = coalescedInApp
        self.bundleID = bundleID
        self.state = state
        self.routed = routed
        self.sent = sent
        self.samplesSent = samplesSent
        self.coalescedSamples = coalescedSamples
        self.acked = acked
        self.handled = handled
        self.cancelsSent = cancelsSent
        self.giveUps = giveUps
        self.heartbeats = heartbeats
        self.registrations = registrations
        self.registrationsRefused = registrationsRefused
        self.lostInFlight = lostInFlight
        self.inFlight = inFlight
        self.window = window
        self.queued = queued
        self.queuedSamples = queuedSamples
        self.drops = drops
        self.latency = latency
    }
}

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
        let p = histogram.valuesAtPercentiles(50, 90, 99, 99.9)
        self.init(
            count: histogram.totalCount, meanMicroseconds: empty ? 0 : mean / 1000,
            minMicroseconds: us(histogram.min), p50Microseconds: us(p.0), p90Microseconds: us(p.1), p99Microseconds: us(p.2),
            p999Microseconds: us(p.3), maxMicroseconds: us(histogram.max))
    }
}

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
        let p = histogram.valuesAtPercentiles(50, 90, 99, 99.9)
        p50 = us(p.0)
        p90 = us(p.1)
        p99 = us(p.2)
        p999 = us(p.3)
        max = us(histogram.max)
        mean = empty ? 0 : exactMeanMicroseconds ?? histogram.mean / 1000
    }
}

extension Histogram<UInt64> {
    /// `valueAtPercentile` of four ascending percentiles (each in 0 < p < 100), the same values, in one walk of
    /// the recorded values. Why: `valueAtPercentile` is not inlinable, so from here it runs unspecialized (every
    /// bucket read through generic `BinaryInteger` witnesses) and walks the counts from the start once per
    /// percentile; that was three quarters of a `stats` reply's cost (~3 ms of springboard's run-loop thread
    /// with a few apps, measured with perf). `recordedValues()` is inlinable: specialized here, one pass.
    package func valuesAtPercentiles(
        _ a: Double, _ b: Double, _ c: Double, _ d: Double
    ) -> (UInt64, UInt64, UInt64, UInt64) {
        let total = totalCount
        guard total > 0 else { return (0, 0, 0, 0) }
        // The count each percentile reaches, as `valueAtPercentile` works it out (1 ulp below, rounded up).
        func target(_ percentile: Double) -> UInt64 {
            let requested = Swift.min(Swift.max(percentile.nextDown, 0), 100)
            return Swift.max(1, UInt64((requested * Double(total) / 100).rounded(.up)))
        }
        let targets = [target(a), target(b), target(c), target(d)]
        var values: [UInt64] = [0, 0, 0, 0]
        var next = 0
        var cumulative: UInt64 = 0
        let lowest = self.min, highest = maxRecorded
        for recorded in recordedValues() {
            cumulative += UInt64(recorded.count)
            while next < 4, cumulative >= targets[next] {
                values[next] = Swift.max(Swift.min(recorded.value, highest), lowest)
                next += 1
            }
            if next == 4 { break }
        }
        return (values[0], values[1], values[2], values[3])
    }
}
