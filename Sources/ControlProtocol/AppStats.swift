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

    public init(
        bundleID: String, state: String, routed: UInt64, sent: UInt64, samplesSent: UInt64,
        coalescedSamples: UInt64, acked: UInt64, handled: UInt64, cancelsSent: UInt64, giveUps: UInt64,
        heartbeats: UInt64, registrations: UInt64, inFlight: Int, window: Int, queued: Int, queuedSamples: UInt64,
        drops: [String: UInt64], latency: [String: LatencySummary], registrationsRefused: UInt64 = 0, lostInFlight: UInt64 = 0,
        coalescedInApp: UInt64 = 0
    ) {
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
