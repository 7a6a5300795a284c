/// Counters of every hop through SpringBoard. Plain integers owned by the run-loop thread and read by the
/// control server on that same thread: no atomics, no locks, nothing to pay when nobody reads them.
public struct SpringBoardCounters: Equatable, Sendable {
    /// Frames read off the event port (HID messages and end markers).
    public var eventPortReceived: UInt64 = 0
    public var digitizerFrames: UInt64 = 0
    public var buttonEvents: UInt64 = 0
    public var motionEvents: UInt64 = 0
    public var endMarkers: UInt64 = 0
    /// Frames forwarded to an app (sent or queued for it).
    public var routedToApp: UInt64 = 0
    /// Frames the home screen consumed.
    public var routedToHome: UInt64 = 0
    /// Frames consumed by a system gesture (swipe up from the bottom edge).
    public var consumedBySystem: UInt64 = 0
    public var homeButtonPresses: UInt64 = 0
    public var cancelsSynthesized: UInt64 = 0
    public var acks: UInt64 = 0
    public var heartbeats: UInt64 = 0
    public var registrations: UInt64 = 0
    public var foregroundChanges: UInt64 = 0
    public var controlRequests: UInt64 = 0
    public var notRespondingTransitions: UInt64 = 0
    public var drops = DropCounts()
    /// hid-source stamped `hardware` → springboard read the frame.
    public var sourceToSpringBoard = LatencyAccumulator()

    public init() {}

    public var byName: [String: UInt64] {
        [
            "eventPortReceived": eventPortReceived, "digitizerFrames": digitizerFrames, "buttonEvents": buttonEvents,
            "motionEvents": motionEvents, "endMarkers": endMarkers, "routedToApp": routedToApp,
            "routedToHome": routedToHome, "consumedBySystem": consumedBySystem, "homeButtonPresses": homeButtonPresses,
            "cancelsSynthesized": cancelsSynthesized, "acks": acks, "heartbeats": heartbeats,
            "registrations": registrations, "foregroundChanges": foregroundChanges, "controlRequests": controlRequests,
            "notRespondingTransitions": notRespondingTransitions,
        ]
    }
}
