/// What springboard recorded between a `trace` `start` and `stop` (protocols/control.md, "trace"): every event it
/// delivered and got acknowledged, with each hop's stamps, and every frame the apps presented (`frames`), so one
/// timeline of the whole ensemble can be drawn (`sbctl trace --out FILE` writes it as Chrome trace-event JSON).
/// Records are arrays of numbers, in the column order of `Event.columns` and `Frame.columns` (a recording is up
/// to a million of them).
public struct EnsembleTrace: Codable, Equatable, Sendable {
    /// Still recording (the reply to `start` and `status`; `stop` ends it).
    public var recording: Bool
    /// springboard's CLOCK_MONOTONIC at `start`, and at `stop` (0 while recording).
    public var startedAt: UInt64
    public var stoppedAt: UInt64
    /// At most this many events, and this many frames, are kept; the rest are counted.
    public var limit: Int
    public var eventsDropped: UInt64
    public var framesDropped: UInt64
    /// Every process stamps one host's clock (no tcp endpoint): stamps of different processes may be compared.
    public var sharedClock: Bool
    /// Bundle ids; a record's `app` is an index here.
    public var apps: [String]
    public var events: [Event]
    public var frames: [Frame]

    public init(
        recording: Bool, startedAt: UInt64, stoppedAt: UInt64 = 0, limit: Int, eventsDropped: UInt64 = 0,
        framesDropped: UInt64 = 0, sharedClock: Bool = true, apps: [String] = [], events: [Event] = [],
        frames: [Frame] = []
    ) {
        self.recording = recording
        self.startedAt = startedAt
        self.stoppedAt = stoppedAt
        self.limit = limit
        self.eventsDropped = eventsDropped
        self.framesDropped = framesDropped
        self.sharedClock = sharedClock
        self.apps = apps
        self.events = events
        self.frames = frames
    }

    /// The default and largest `limit`. A `stop` reply is about 120 bytes per event (12 MB per 100,000, encoded in
    /// ~0.6 s on springboard's run loop, debug build): 250,000 keeps it well under a control client's 64 MB limit.
    public static let defaultLimit = 100_000
    public static let maximumLimit = 250_000

    /// One event delivered to an app and acknowledged. Times are CLOCK_MONOTONIC ns (0: not stamped).
    public struct Event: Codable, Equatable, Sendable {
        public var app: Int
        /// The app's delivery sequence (protocols/app-channel.md, `event`).
        public var sequence: UInt64
        /// `down`, `move`, `up`, `cancel`, `other` (a button or motion event).
        public var kind: String
        /// Routed frames it carried: 1 + its coalesced samples.
        public var samples: UInt32
        /// The source's `hardware` stamp; springboard read it, sent it; the app read it, began and finished its
        /// dispatch (0 when the ack carrying its stamps was lost); springboard read the ack.
        public var hardware: UInt64
        public var routerReceived: UInt64
        public var forwarded: UInt64
        public var appReceived: UInt64
        public var dispatchStarted: UInt64
        public var dispatchFinished: UInt64
        public var acked: UInt64
        /// The app's UIKit coalesced it into a later event of the same pass.
        public var coalescedInApp: Bool
        /// The index in `frames` of the frame that presented it; -1: none recorded.
        public var frame: Int

        public init(
            app: Int, sequence: UInt64, kind: String, samples: UInt32, hardware: UInt64, routerReceived: UInt64,
            forwarded: UInt64, appReceived: UInt64, dispatchStarted: UInt64, dispatchFinished: UInt64, acked: UInt64,
            coalescedInApp: Bool, frame: Int = -1
        ) {
            self.app = app
            self.sequence = sequence
            self.kind = kind
            self.samples = samples
            self.hardware = hardware
            self.routerReceived = routerReceived
            self.forwarded = forwarded
            self.appReceived = appReceived
            self.dispatchStarted = dispatchStarted
            self.dispatchFinished = dispatchFinished
            self.acked = acked
            self.coalescedInApp = coalescedInApp
            self.frame = frame
        }

        public static let columns = [
            "app", "sequence", "kind", "samples", "hardware", "routerReceived", "forwarded", "appReceived",
            "dispatchStarted", "dispatchFinished", "acked", "coalescedInApp", "frame",
        ]
        public static let kinds = ["other", "down", "move", "up", "cancel"]

        public init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            app = try c.decode(Int.self)
            sequence = try c.decode(UInt64.self)
            let code = try c.decode(Int.self)
            kind = Self.kinds.indices.contains(code) ? Self.kinds[code] : "other"
            samples = try c.decode(UInt32.self)
            hardware = try c.decode(UInt64.self)
            routerReceived = try c.decode(UInt64.self)
            forwarded = try c.decode(UInt64.self)
            appReceived = try c.decode(UInt64.self)
            dispatchStarted = try c.decode(UInt64.self)
            dispatchFinished = try c.decode(UInt64.self)
            acked = try c.decode(UInt64.self)
            coalescedInApp = try c.decode(Int.self) != 0
            frame = try c.decode(Int.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.unkeyedContainer()
            try c.encode(app)
            try c.encode(sequence)
            try c.encode(Self.kinds.firstIndex(of: kind) ?? 0)
            try c.encode(samples)
            for time in [hardware, routerReceived, forwarded, appReceived, dispatchStarted, dispatchFinished, acked] {
                try c.encode(time)
            }
            try c.encode(coalescedInApp ? 1 : 0)
            try c.encode(frame)
        }
    }

    /// One `frames` message: a frame an app presented (protocols/app-channel.md).
    public struct Frame: Codable, Equatable, Sendable {
        public var app: Int
        public var frame: UInt64
        public var vsync: UInt64
        public var committed: UInt64
        public var presented: UInt64
        public var firstSequence: UInt64
        public var count: UInt32
        public var missed: UInt32
        public var refreshHz: UInt32

        public init(
            app: Int, frame: UInt64, vsync: UInt64, committed: UInt64, presented: UInt64, firstSequence: UInt64,
            count: UInt32, missed: UInt32, refreshHz: UInt32
        ) {
            self.app = app
            self.frame = frame
            self.vsync = vsync
            self.committed = committed
            self.presented = presented
            self.firstSequence = firstSequence
            self.count = count
            self.missed = missed
            self.refreshHz = refreshHz
        }

        public static let columns = [
            "app", "frame", "vsync", "committed", "presented", "firstSequence", "count", "missed", "refreshHz",
        ]

        public init(from decoder: any Decoder) throws {
            var c = try decoder.unkeyedContainer()
            app = try c.decode(Int.self)
            frame = try c.decode(UInt64.self)
            vsync = try c.decode(UInt64.self)
            committed = try c.decode(UInt64.self)
            presented = try c.decode(UInt64.self)
            firstSequence = try c.decode(UInt64.self)
            count = try c.decode(UInt32.self)
            missed = try c.decode(UInt32.self)
            refreshHz = try c.decode(UInt32.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.unkeyedContainer()
            try c.encode(app)
            for value in [frame, vsync, committed, presented, firstSequence] { try c.encode(value) }
            for value in [count, missed, refreshHz] { try c.encode(value) }
        }
    }
}

/// What a `trace` request does.
public enum TraceAction: String, Codable, Sendable, CaseIterable {
    /// Starts a recording (discarding one in progress).
    case start
    /// Ends the recording and returns it.
    case stop
    /// Whether one is in progress, and its counts (no records).
    case status
}
