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

    public init(
        hops: [String: UInt64], drops: [String: UInt64], apps: [AppStats], notResponding: [String],
        latency: [String: LatencySummary], overloadMode: String, intervalNanoseconds: UInt64,
        histograms: [String: Histogram<UInt64>]? = nil, malformedByReason: [String: UInt64]? = nil,
        malformedByPeer: [String: UInt64]? = nil
    ) {
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
