import ControlProtocol
import Foundation
import LoadGeneration

/// The outcome of one `hid-source load` run: what was offered, where every frame went, the rates, and the
/// latency of every hop. Printed as a table, or as one JSON object with `--json` (keys sorted; times in
/// microseconds, rates per second).
struct LoadReport: Codable {
    var app: String
    var overload: String
    /// Requested frames/s (0: flat out), fingers per drag or tap, the mix and seed of the gestures.
    var rate: Double
    var fingers: Int
    var mix: String
    var seed: UInt64
    var senderID: UInt64
    /// SIGINT/SIGTERM ended the run early.
    var interrupted: Bool
    /// springboard read the final end marker and every frame before it.
    var confirmed: Bool
    /// The app had nothing in flight or queued when the report was taken.
    var drained: Bool

    // Frames, in the order they travel.
    var offered: UInt64
    /// Frames the schedule had due before the end of --duration that were never sent, because the sender fell
    /// behind --rate (0 when it kept up, and for a flat-out run). Not offered, so in no other count.
    var behindSchedule: UInt64
    /// Read by springboard from this run's sender (`source` reply).
    var received: UInt64
    var sequenceGaps: UInt64
    /// Routed to the app (sent alone, coalesced, queued or dropped).
    var routed: UInt64
    /// Reached the app: as an event of their own or as a coalesced sample inside one (`samplesSent`).
    var delivered: UInt64
    /// Moves springboard folded into a later queued event (`coalescedSamples`). springboard counts them when it
    /// coalesces, so when it later gives up on the app, the ones dropped with their event are counted here
    /// too (and under `drops`); with no drops they all travelled as samples of the events in `dispatched`.
    var coalesced: UInt64
    /// Still in springboard's outbound queue when the report was taken.
    var queued: UInt64
    /// Events still waiting for the app's ack.
    var inFlight: Int
    /// Not delivered, all reasons together, and by reason (springboard's `drops`).
    var lost: UInt64
    var drops: [String: UInt64]
    /// Frames springboard consumed without the app: the home screen, a system gesture, other apps.
    var elsewhere: [String: UInt64]
    /// offered − (delivered + queued + lost + elsewhere): frames nobody accounts for. Must be 0.
    var unexplained: Int64

    // Events (what the app's UIKit dispatched).
    /// `event` messages sent to the app (synthesized cancels included).
    var events: UInt64
    /// Events the app acknowledged after `sendEvent` returned.
    var dispatched: UInt64
    /// Of `dispatched`, events whose moves the app's UIKit coalesced into a later event it had queued (they
    /// reached `coalescedTouches(for:)`, with no `sendEvent` of their own): `dispatched − coalescedInApp` is how
    /// many times the app called `sendEvent`.
    var coalescedInApp: UInt64
    /// How many times the app called `sendEvent`.
    var sendEvents: UInt64 { dispatched - min(dispatched, coalescedInApp) }
    var cancelsSent: UInt64
    var giveUps: UInt64
    var gestures: [String: UInt64]
    var fingersLeftDown: Bool

    /// t0 → the last frame taken by the socket; t0 → the app seen drained (nil: it was not).
    var sendSeconds: Double
    var drainSeconds: Double?
    var throughput: Throughput
    /// Per hop, from springboard's histograms (all apps; the run resets them first) and the generator's own.
    var latency: [String: HopLatency]
    /// CPU per process (hid-source, springboard, the app) from the start of sending to the drain, per delivered
    /// frame; nil when no frame was delivered.
    var cpu: CPUCost?
    var baseline: BaselineRatios?

    struct Throughput: Codable {
        /// Over the send interval.
        var offeredPerSecond: Double
        var deliveredPerSecond: Double
        var dispatchedEventsPerSecond: Double
        /// `sendEvent` calls in the app (its UIKit coalesces queued moves).
        var sendEventsPerSecond: Double
    }
}
