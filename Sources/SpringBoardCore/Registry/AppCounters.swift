/// Per-app counters, owned by the run-loop thread like `SpringBoardCounters`. They add up:
/// `routed = samplesSent + queuedSamples + drops` (drops before a send: notResponding, appDead,
/// sendFailed), and `sent = acked + inFlight + (unacknowledged events counted as appDead)`.
public struct AppCounters: Sendable {
    /// Frames routed to this app.
    public var routed: UInt64 = 0
    /// `event` messages sent (synthesized cancels included).
    public var sent: UInt64 = 0
    /// Routed frames that reached the socket: alone, or as coalesced samples of a later event.
    public var samplesSent: UInt64 = 0
    /// Of `samplesSent`, the moves that travelled as coalesced samples of a later event (counted when sent).
    public var coalescedSamples: UInt64 = 0
    public var acked: UInt64 = 0
    public var handled: UInt64 = 0
    public var cancelsSent: UInt64 = 0
    public var giveUps: UInt64 = 0
    public var heartbeats: UInt64 = 0
    public var registrations: UInt64 = 0
    public var drops = DropCounts()
    /// Every hop but `sourceToSpringBoard` (which is per source, not per app).
    public var latency = HopLatencies()

    public init() {}

    public static let hops: [Hop] = Hop.allCases.filter { $0 != .sourceToSpringBoard }
}
