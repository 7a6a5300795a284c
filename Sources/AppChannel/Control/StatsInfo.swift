/// The `stats` reply: counts at every hop, per app, and every drop with its reason.
public struct StatsInfo: Codable, Equatable, Sendable {
    /// Event-port and routing counters, by name (eventPortReceived, malformed, routedToApp, ...).
    public var hops: [String: UInt64]
    /// Undelivered events by reason (appDead, queueFull, gestureCancelled, ...), all apps together.
    public var drops: [String: UInt64]
    public var apps: [AppStats]
    public var notResponding: [String]
    /// `sourceToSpringBoard`: the hardware stamp → springboard read the frame.
    public var latency: [String: LatencySummary]

    public init(hops: [String: UInt64], drops: [String: UInt64], apps: [AppStats], notResponding: [String],
                latency: [String: LatencySummary]) {
        self.hops = hops
        self.drops = drops
        self.latency = latency
        self.apps = apps
        self.notResponding = notResponding
    }
}
