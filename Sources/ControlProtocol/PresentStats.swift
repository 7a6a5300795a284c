/// The display's figures of a `stats` reply (protocols/control.md, "present"): what the apps' `frames` messages
/// (protocols/app-channel.md) say about frames, and touch-to-present latency — the HID `hardware` stamp to the
/// vsync at which the first frame showing the event was on screen — by kind. All apps together in
/// `StatsInfo.present`, per app in `AppStats.present`. They add up:
/// `eventsTracked = eventsPresented + eventsOverwritten + eventsAbandoned + awaiting`.
public struct PresentStats: Codable, Equatable, Sendable {
    /// Frames presented (`frames` messages; several messages of one `frame` count once), and the frames they say
    /// were missed.
    public var framesPresented: UInt64
    public var framesMissed: UInt64
    /// Acknowledged events kept for the frame that presents them.
    public var eventsTracked: UInt64
    public var eventsPresented: UInt64
    /// Still waiting when a newer event needed their slot (an app that sends no `frames` has all of them here).
    public var eventsOverwritten: UInt64
    /// Still waiting when the app's session ended (death, re-registration).
    public var eventsAbandoned: UInt64
    /// Acknowledged and waiting for their frame now.
    public var awaiting: UInt64
    /// Delivery sequences named by a `frames` that were not waiting (not acknowledged, overwritten, presented
    /// already).
    public var sequencesUnknown: UInt64
    /// `frames` messages refused as malformed.
    public var framesMalformed: UInt64
    /// Samples in acknowledged moves, and the moves the app dispatched (not coalesced by its UIKit into a later
    /// one); `samplesPerMove` is their ratio (nil: no move dispatched).
    public var moveSamples: UInt64
    public var movesDispatched: UInt64
    public var samplesPerMove: Double?
    /// The refresh rate of the app's last `frames` (per app; nil before any, and for all apps together).
    public var refreshHz: UInt32?
    /// `down`, `move`, `up`: only kinds with samples (none: the app sends no `frames`, "n/a").
    public var touchToPresent: [String: LatencySummary]

    public init(
        framesPresented: UInt64 = 0, framesMissed: UInt64 = 0, eventsTracked: UInt64 = 0, eventsPresented: UInt64 = 0,
        eventsOverwritten: UInt64 = 0, eventsAbandoned: UInt64 = 0, awaiting: UInt64 = 0, sequencesUnknown: UInt64 = 0,
        framesMalformed: UInt64 = 0, moveSamples: UInt64 = 0, movesDispatched: UInt64 = 0, refreshHz: UInt32? = nil,
        touchToPresent: [String: LatencySummary] = [:]
    ) {
        self.framesPresented = framesPresented
        self.framesMissed = framesMissed
        self.eventsTracked = eventsTracked
        self.eventsPresented = eventsPresented
        self.eventsOverwritten = eventsOverwritten
        self.eventsAbandoned = eventsAbandoned
        self.awaiting = awaiting
        self.sequencesUnknown = sequencesUnknown
        self.framesMalformed = framesMalformed
        self.moveSamples = moveSamples
        self.movesDispatched = movesDispatched
        self.samplesPerMove = movesDispatched > 0 ? Double(moveSamples) / Double(movesDispatched) : nil
        self.refreshHz = refreshHz
        self.touchToPresent = touchToPresent
    }

    /// The kinds touch-to-present is split by, in order.
    public static let kinds = ["down", "move", "up"]

    /// A kind's histogram in `StatsInfo.histograms`: `touchToPresentDown`, `touchToPresentMove`, `touchToPresentUp`.
    public static func histogramName(_ kind: String) -> String {
        "touchToPresent" + kind.prefix(1).uppercased() + kind.dropFirst()
    }

    /// The identity every reply keeps (protocols/control.md).
    public var addsUp: Bool { eventsTracked == eventsPresented + eventsOverwritten + eventsAbandoned + awaiting }
}
