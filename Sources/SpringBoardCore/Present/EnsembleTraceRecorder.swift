import AppChannel
import ControlProtocol

/// The live timeline of the whole ensemble (`sbctl trace`; protocols/control.md, "trace"), recorded where every
/// stamp meets: at an ack springboard has the event's source, springboard and app stamps, and at a `frames` the
/// app's vsync, commit and present. Off, it costs one test per acknowledged event; on, one append into storage
/// reserved at `start` (for the default limit; bounded: past `limit` records are counted, not kept), so the ack path does not allocate.
final class EnsembleTraceRecorder {
    /// A ring entry recorded in no trace.
    static let none = UInt32.max

    @exclusivity(unchecked)
    private(set) var isRecording = false
    @exclusivity(unchecked)
    private var startedAt: UInt64 = 0
    @exclusivity(unchecked)
    private var stoppedAt: UInt64 = 0
    @exclusivity(unchecked)
    private var limit = EnsembleTrace.defaultLimit
    /// A new number per `start`: an app's `traceSlot` from an earlier recording is stale.
    @exclusivity(unchecked)
    private var generation: UInt64 = 0
    @exclusivity(unchecked)
    private var apps: [String] = []
    @exclusivity(unchecked)
    private var events: [EnsembleTrace.Event] = []
    @exclusivity(unchecked)
    private var frames: [EnsembleTrace.Frame] = []
    @exclusivity(unchecked)
    private var eventsDropped: UInt64 = 0
    @exclusivity(unchecked)
    private var framesDropped: UInt64 = 0
    private let sharedClock: Bool

    init(sharedClock: Bool) { self.sharedClock = sharedClock }

    /// Starts a recording (one in progress is discarded).
    func start(limit: Int?, at time: UInt64) -> EnsembleTrace {
        self.limit = limit ?? EnsembleTrace.defaultLimit
        generation &+= 1
        apps = []
        events = []
        frames = []
        // 112 bytes an event: the default limit's 11 MB are reserved now; a larger limit grows past it.
        events.reserveCapacity(Swift.min(self.limit, EnsembleTrace.defaultLimit))
        frames.reserveCapacity(Swift.min(self.limit, 65_536))
        eventsDropped = 0
        framesDropped = 0
        startedAt = time
        stoppedAt = 0
        isRecording = true
        return status()
    }

    /// Ends the recording and hands it over (its storage with it); not recording: an empty recording.
    func stop(at time: UInt64) -> EnsembleTrace {
        guard isRecording else { return EnsembleTrace(recording: false, startedAt: 0, limit: limit, sharedClock: sharedClock) }
        isRecording = false
        stoppedAt = time
        let trace = EnsembleTrace(
            recording: false, startedAt: startedAt, stoppedAt: stoppedAt, limit: limit, eventsDropped: eventsDropped,
            framesDropped: framesDropped, sharedClock: sharedClock, apps: apps, events: events, frames: frames)
        apps = []
        events = []
        frames = []
        return trace
    }

    /// The recording's state and counts, without its records.
    func status() -> EnsembleTrace {
        EnsembleTrace(
            recording: isRecording, startedAt: isRecording ? startedAt : 0, limit: limit,
            eventsDropped: eventsDropped, framesDropped: framesDropped, sharedClock: sharedClock, apps: apps)
    }

    /// Events and frames kept so far.
    var counts: (events: Int, frames: Int) { (events.count, frames.count) }

    private func slot(of app: AppRecord) -> Int {
        if app.traceGeneration != generation {
            app.traceGeneration = generation
            app.traceSlot = apps.count
            apps.append(app.bundleID)
        }
        return app.traceSlot
    }

    /// An acknowledged event; returns its record's index (`none` when the recording is full).
    func event(
        _ sent: AckWindow.Entry, of app: AppRecord, stamps: AcksMessage.Entry?, ackedAt time: UInt64
    ) -> UInt32 {
        guard events.count < limit else {
            eventsDropped &+= 1
            return Self.none
        }
        events.append(
            EnsembleTrace.Event(
                app: slot(of: app), sequence: sent.sequence, kind: sent.kind.name, samples: sent.samples,
                hardware: sent.hardware, routerReceived: sent.routerReceived, forwarded: sent.sentAt,
                appReceived: stamps?.appReceived ?? 0, dispatchStarted: stamps?.dispatchStarted ?? 0,
                dispatchFinished: stamps?.dispatchFinished ?? 0, acked: time, coalescedInApp: stamps?.coalescedInApp ?? false))
        return UInt32(events.count - 1)
    }

    /// A presented frame; returns its index, or nil when the recording is full.
    func frame(_ message: FramesMessage, of app: AppRecord) -> Int? {
        guard frames.count < limit else {
            framesDropped &+= 1
            return nil
        }
        frames.append(
            EnsembleTrace.Frame(
                app: slot(of: app), frame: message.frame, vsync: message.vsync, committed: message.committed,
                presented: message.presented, firstSequence: message.firstSequence, count: message.count,
                missed: message.missed, refreshHz: message.refreshHz))
        return frames.count - 1
    }

    /// The event recorded at `index` (if it is this app's `sequence` of this recording) was presented by `frame`.
    func presented(_ index: UInt32, sequence: UInt64, of app: AppRecord, by frame: Int) {
        let i = Int(index)
        guard index != Self.none, i < events.count, events[i].sequence == sequence, app.traceGeneration == generation,
            events[i].app == app.traceSlot
        else { return }
        events[i].frame = frame
    }
}
