/// Per-app counters, owned by the run-loop thread like `SpringBoardCounters`, and counted only here: the
/// all-apps figures of `stats` are these summed over apps when read (`AppRegistry.totals`). They add up:
/// `routed = samplesSent + queuedSamples + drops` (drops before a send: notResponding, appDead,
/// sendFailed), and `sent = acked + inFlight + lostInFlight`.
package struct AppCounters: Sendable {
    /// Frames routed to this app.
    var routed: UInt64 = 0
    /// `event` messages sent (synthesized cancels included).
    var sent: UInt64 = 0
    /// Routed frames that reached the socket: alone, or as coalesced samples of a later event.
    package var samplesSent: UInt64 = 0
    /// Of `samplesSent`, the moves that travelled as coalesced samples of a later event (counted when sent).
    package var coalescedSamples: UInt64 = 0
    package var acked: UInt64 = 0
    /// Events sent and never acknowledged because the app died or registered again: `sent = acked + inFlight +
    /// lostInFlight`.
    package var lostInFlight: UInt64 = 0
    package var handled: UInt64 = 0
    /// Of `handled`, events the app's UIKit coalesced into a later event of the same pass (ack flag bit 1):
    /// `handled - coalescedInApp` is how many times the app called `sendEvent`.
    package var coalescedInApp: UInt64 = 0
    package var cancelsSent: UInt64 = 0
    package var giveUps: UInt64 = 0
    package var heartbeats: UInt64 = 0
    package var registrations: UInt64 = 0
    /// Other connections that tried to register this bundle id while it was live.
    package var registrationsRefused: UInt64 = 0
    package var drops = DropCounts()
    /// Every hop but `sourceToSpringBoard` (which is per source, not per app).
    var latency = HopLatencies()

    init() {}

    /// Adds `other`'s counts (not its latency: the `stats` latency is the apps' histograms, added separately).
    mutating func add(_ other: AppCounters) {
        routed &+= other.routed
        sent &+= other.sent
        samplesSent &+= other.samplesSent
        coalescedSamples &+= other.coalescedSamples
        acked &+= other.acked
        lostInFlight &+= other.lostInFlight
        handled &+= other.handled
        coalescedInApp &+= other.coalescedInApp
        cancelsSent &+= other.cancelsSent
        giveUps &+= other.giveUps
        heartbeats &+= other.heartbeats
        registrations &+= other.registrations
        registrationsRefused &+= other.registrationsRefused
        drops.add(other.drops)
    }

    static let hops: [Hop] = Hop.allCases.filter { $0 != .sourceToSpringBoard }
}
