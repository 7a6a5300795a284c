/// Per-app counters of the `stats` reply.
public struct AppStats: Codable, Equatable, Sendable {
    public var bundleID: String
    public var state: String
    public var sent: UInt64
    public var acked: UInt64
    public var handled: UInt64
    public var cancelsSent: UInt64
    public var heartbeats: UInt64
    public var registrations: UInt64
    public var inFlight: Int
    public var queued: Int
    public var drops: [String: UInt64]
    /// Per hop: `springBoardToApp`, `inApp` (read → sendEvent returned), `ackBack`, and `ack` (the round trip).
    public var latency: [String: LatencySummary]

    public init(bundleID: String, state: String, sent: UInt64, acked: UInt64, handled: UInt64, cancelsSent: UInt64,
                heartbeats: UInt64, registrations: UInt64, inFlight: Int, queued: Int, drops: [String: UInt64],
                latency: [String: LatencySummary]) {
        self.bundleID = bundleID
        self.state = state
        self.sent = sent
        self.acked = acked
        self.handled = handled
        self.cancelsSent = cancelsSent
        self.heartbeats = heartbeats
        self.registrations = registrations
        self.inFlight = inFlight
        self.queued = queued
        self.drops = drops
        self.latency = latency
    }
}
