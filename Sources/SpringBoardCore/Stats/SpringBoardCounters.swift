/// Counters of every hop through SpringBoard. Plain integers owned by the run-loop thread and read by the
/// control server on that same thread: no atomics, no locks, nothing to pay when nobody reads them.
struct SpringBoardCounters: Sendable {
    /// Frames read off the event port (HID messages and end markers).
    var eventPortReceived: UInt64 = 0
    var digitizerFrames: UInt64 = 0
    var buttonEvents: UInt64 = 0
    var motionEvents: UInt64 = 0
    var endMarkers: UInt64 = 0
    /// Keep-alive markers read (a source holding fingers down without sending frames).
    var keepAlives: UInt64 = 0
    /// Times a source's fingers were cancelled because it fell silent past the source timeout.
    package var sourceTimeouts: UInt64 = 0
    /// Times a source's fingers were cancelled by `cancelSource`.
    package var sourcesCancelled: UInt64 = 0
    /// Times a source's fingers were cancelled because its connection closed with them down.
    package var sourceDisconnects: UInt64 = 0
    /// End markers (final, checkpoint or keep-alive) naming a sender bound to another open connection.
    package var markersRefused: UInt64 = 0
    /// Frames forwarded to an app (sent, coalesced, queued or given up on: `AppStats.routed` per app).
    var routedToApp: UInt64 = 0
    /// Frames the home screen consumed.
    var routedToHome: UInt64 = 0
    /// Frames of a gesture the system took (swipe up from the bottom edge).
    package var consumedBySystem: UInt64 = 0
    package var homeButtonPresses: UInt64 = 0
    package var cancelsSynthesized: UInt64 = 0
    /// Moves that reached an app as coalesced samples of a later event (counted when that event is sent).
    package var coalescedSamples: UInt64 = 0
    /// Times springboard gave up on an app that stopped responding and cancelled its touches.
    package var giveUps: UInt64 = 0
    /// Times the event port stopped being read because the app it routes to could not take more (its queue
    /// reached the backpressure threshold, or in shed mode its bound).
    package var eventPortPauses: UInt64 = 0
    /// Frames whose `sequence` jumped past the sender's previous one (messages missing before springboard).
    var sequenceGaps: UInt64 = 0
    /// The sequence numbers those gaps skipped: frames lost between the sources and springboard.
    var framesMissing: UInt64 = 0
    /// Frames springboard was about to send that its per-app stream verifier rejected (a springboard bug:
    /// always 0).
    var outgoingStreamErrors: UInt64 = 0
    /// Acks read (one per event acknowledged, whether acknowledged alone or in a batch).
    var acks: UInt64 = 0
    /// Ack messages read (a batch is one message).
    package var ackMessages: UInt64 = 0
    package var heartbeats: UInt64 = 0
    package var registrations: UInt64 = 0
    /// Registrations refused: the bundle id is owned by another live connection, the connection registered
    /// another one, or the registry is full.
    package var registrationsRefused: UInt64 = 0
    /// Acks, heartbeats and goodbyes from connections that registered no app (refused with `notRegistered`).
    package var unregisteredMessages: UInt64 = 0
    /// Connections that opened on the app channel (their probe); nothing is kept for them until they register.
    package var channelProbes: UInt64 = 0
    package var foregroundChanges: UInt64 = 0
    package var controlRequests: UInt64 = 0
    package var notRespondingTransitions: UInt64 = 0
    package var drops = DropCounts()
    /// The part of `drops` decided at the event port (a frame read and routed nowhere): malformed,
    /// invalidStream, foreignSender, gestureCancelled, noTarget. Every frame read is counted once:
    /// `eventPortReceived = endMarkers + keepAlives + markersRefused + routedToApp + routedToHome +
    /// consumedBySystem + homeButtonFrames + eventPortDropped`.
    var eventPortDrops = DropCounts()
    /// Home-button frames (down and up): SpringBoard's own, never routed.
    var homeButtonFrames: UInt64 = 0
    /// Rate-limited log lines not written (at most one a second is).
    var logLinesSuppressed: UInt64 = 0
    /// Frame-monitor records published (`sbctl monitor`), and refused by a subscriber at its high-water mark.
    var monitorRecords: UInt64 = 0
    var monitorRecordsDropped: UInt64 = 0
    /// Frames whose `sequence` was not above the sender's previous one (a restarted sender reusing its id, a
    /// duplicate, a replay): counted and routed, the sender's sequence starts over.
    var sequenceRegressions: UInt64 = 0
    /// Events settled by a later cumulative ack without their own entry (their stamps were in a lost ack).
    var implicitAcks: UInt64 = 0
    /// Events sent to apps and never acknowledged because the app died or registered again.
    var lostInFlight: UInt64 = 0
    /// Apps ended with `kill`.
    var appsKilled: UInt64 = 0
    /// CURVE connections the ZAP handler admitted, and refused (key not authorized for that socket).
    var authAccepted: UInt64 = 0
    var authRefused: UInt64 = 0
    /// Control requests refused because the key's role does not allow them.
    var controlRefused: UInt64 = 0
    /// Apps springboard launched (relaunches included), and launched apps that exited.
    var launches: UInt64 = 0
    var launchedExits: UInt64 = 0
    /// Malformed event-port frames by the rule they broke (protocols/hid-event.md, "Validation"; `endMarker`
    /// for a bad end marker) and by peer (`pid N` over ipc, else `fd N`; at most 32 peers, the rest `other`).
    var malformedByReason: [String: UInt64] = [:]
    var malformedByPeer: [String: UInt64] = [:]
    /// `sourceToSpringBoard` (per source, not per app); the other hops are kept per app and added up for
    /// `stats`.
    package var latency = HopLatencies()

    init() {}

    var byName: [String: UInt64] {
        [
            "eventPortReceived": eventPortReceived, "digitizerFrames": digitizerFrames, "buttonEvents": buttonEvents,
            "motionEvents": motionEvents, "eventPortDropped": eventPortDrops.total, "homeButtonFrames": homeButtonFrames,
            "logLinesSuppressed": logLinesSuppressed, "monitorRecords": monitorRecords,
            "monitorRecordsDropped": monitorRecordsDropped,
            "sequenceRegressions": sequenceRegressions, "implicitAcks": implicitAcks, "lostInFlight": lostInFlight,
            "appsKilled": appsKilled, "authAccepted": authAccepted, "authRefused": authRefused, "controlRefused": controlRefused,
            "launches": launches, "launchedExits": launchedExits,
            "endMarkers": endMarkers, "keepAlives": keepAlives,
            "sourceTimeouts": sourceTimeouts, "sourcesCancelled": sourcesCancelled,
            "sourceDisconnects": sourceDisconnects, "markersRefused": markersRefused, "routedToApp": routedToApp,
            "routedToHome": routedToHome, "consumedBySystem": consumedBySystem, "homeButtonPresses": homeButtonPresses,
            "cancelsSynthesized": cancelsSynthesized, "coalescedSamples": coalescedSamples, "giveUps": giveUps,
            "eventPortPauses": eventPortPauses, "sequenceGaps": sequenceGaps, "framesMissing": framesMissing,
            "outgoingStreamErrors": outgoingStreamErrors, "acks": acks, "ackMessages": ackMessages,
            "heartbeats": heartbeats, "registrations": registrations, "registrationsRefused": registrationsRefused,
            "unregisteredMessages": unregisteredMessages, "channelProbes": channelProbes, "foregroundChanges": foregroundChanges,
            "controlRequests": controlRequests, "notRespondingTransitions": notRespondingTransitions,
        ]
    }
}
