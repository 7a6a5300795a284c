/// Counters of every hop through SpringBoard. Plain integers owned by the run-loop thread and read by the
/// control server on that same thread: no atomics, no locks, nothing to pay when nobody reads them.
public struct SpringBoardCounters: Sendable {
    /// Frames read off the event port (HID messages and end markers).
    public var eventPortReceived: UInt64 = 0
    public var digitizerFrames: UInt64 = 0
    public var buttonEvents: UInt64 = 0
    public var motionEvents: UInt64 = 0
    public var endMarkers: UInt64 = 0
    /// Frames forwarded to an app (sent, coalesced, queued or given up on: `AppStats.routed` per app).
    public var routedToApp: UInt64 = 0
    /// Frames the home screen consumed.
    public var routedToHome: UInt64 = 0
    /// Frames of a gesture the system took (swipe up from the bottom edge).
    public var consumedBySystem: UInt64 = 0
    public var homeButtonPresses: UInt64 = 0
    public var cancelsSynthesized: UInt64 = 0
    /// Moves that reached an app as coalesced samples of a later event (counted when that event is sent).
    public var coalescedSamples: UInt64 = 0
    /// Times springboard gave up on an app that stopped responding and cancelled its touches.
    public var giveUps: UInt64 = 0
    /// Times the event port stopped being read because the app it routes to could not take more (its queue
    /// reached the backpressure threshold, or in shed mode its bound).
    public var eventPortPauses: UInt64 = 0
    /// Frames whose `sequence` jumped past the sender's previous one (messages missing before springboard).
    public var sequenceGaps: UInt64 = 0
    /// The sequence numbers those gaps skipped: frames lost between the sources and springboard.
    public var framesMissing: UInt64 = 0
    /// Frames springboard was about to send that its per-app stream verifier rejected (a springboard bug:
    /// always 0).
    public var outgoingStreamErrors: UInt64 = 0
    /// Acks read (one per event acknowledged, whether acknowledged alone or in a batch).
    public var acks: UInt64 = 0
    /// Ack messages read (a batch is one message).
    public var ackMessages: UInt64 = 0
    public var heartbeats: UInt64 = 0
    public var registrations: UInt64 = 0
    public var foregroundChanges: UInt64 = 0
    public var controlRequests: UInt64 = 0
    public var notRespondingTransitions: UInt64 = 0
    public var drops = DropCounts()
    /// `sourceToSpringBoard` (per source, not per app); the other hops are kept per app and added up for
    /// `stats`.
    public var latency = HopLatencies()

    public init() {}

    public var byName: [String: UInt64] {
        [
            "eventPortReceived": eventPortReceived, "digitizerFrames": digitizerFrames, "buttonEvents": buttonEvents,
            "motionEvents": motionEvents, "endMarkers": endMarkers, "routedToApp": routedToApp,
            "routedToHome": routedToHome, "consumedBySystem": consumedBySystem, "homeButtonPresses": homeButtonPresses,
            "cancelsSynthesized": cancelsSynthesized, "coalescedSamples": coalescedSamples, "giveUps": giveUps,
            "eventPortPauses": eventPortPauses, "sequenceGaps": sequenceGaps, "framesMissing": framesMissing,
            "outgoingStreamErrors": outgoingStreamErrors, "acks": acks, "ackMessages": ackMessages,
            "heartbeats": heartbeats, "registrations": registrations, "foregroundChanges": foregroundChanges,
            "controlRequests": controlRequests, "notRespondingTransitions": notRespondingTransitions,
        ]
    }
}
