import AppChannel
import ControlProtocol
import EventPort
import HIDEvent
import Logging
import RunLoopKit

/// The hid-sources springboard has read (keyed by the envelope's sender id), their streams, and their
/// liveness. A hid-source that dies or stalls with fingers down would hold the gesture latch (and so the
/// whole screen) forever: a source silent for longer than the source timeout while it has fingers down loses
/// them (the gesture they belong to is cancelled, as after its final end marker), and so does one whose
/// connection closes. hid-source sends keep-alive markers while it holds fingers down without sending frames
/// (a long press), so scripts never trip it.
final class SourceTable {
    /// The busiest sender is kept last, so the common case is one comparison.
    @exclusivity(unchecked)
    private(set) var sources: [SourceState] = []
    private let router: GestureRouter
    private let counters: SpringBoardCounters
    private let log: SpringBoardLog
    private let clock: RunLoopClock
    /// 0: no source timeout.
    private let timeout: UInt64
    /// When springboard stopped reading the event port (0: it reads). A source can only be heard while the
    /// port is read: time it spends paused (backpressure, or shed mode holding the port for a slow app) is
    /// springboard's silence, not the source's, and must not count towards the source timeout.
    @exclusivity(unchecked)
    private var pausedSince: UInt64 = 0

    init(
        sourceTimeoutMilliseconds: UInt32, router: GestureRouter, counters: SpringBoardCounters, log: SpringBoardLog,
        clock: RunLoopClock
    ) {
        self.timeout = UInt64(sourceTimeoutMilliseconds) * 1_000_000
        self.router = router
        self.counters = counters
        self.log = log
        self.clock = clock
    }

    // MARK: Frames and markers

    /// Counts a frame from `senderID` and returns its index, or nil when another open connection speaks for
    /// that sender (the frame is then dropped, `foreignSender`).
    @inline(__always) func noteFrame(from senderID: UInt64, sequence: UInt64, connection: Int32, at time: UInt64) -> Int? {
        let index: Int
        if let last = sources.indices.last, sources[last].senderID == senderID {
            index = last
        } else if let found = sources.firstIndex(where: { $0.senderID == senderID }) {
            sources.swapAt(found, sources.count - 1)
            index = sources.count - 1
        } else {
            add(SourceState(senderID: senderID))
            index = sources.count - 1
        }
        guard bind(sourceAt: index, to: connection) else { return nil }
        // One access to the element (one uniqueness check of the array, not one per field written).
        let (regressed, missing) = sources[index].noteFrame(sequence: sequence, at: time)
        if regressed { counters.sequenceRegressions &+= 1 }
        if missing > 0 {
            counters.sequenceGaps &+= 1
            counters.framesMissing &+= missing
        }
        return index
    }

    /// Checks a digitizer frame against its sender's stream (Android's InputDispatcher verifier).
    @inline(__always) func verify(_ view: HIDMessageView, sourceAt index: Int) throws(HIDStreamError) {
        // A move of the fingers down (nearly every frame) passes without the verifier's walk.
        if sources[index].verifier.passesUnchanged(view) { return }
        try sources[index].verifier.verify(view)
    }

    /// An end marker (final, checkpoint or keep-alive) from `connection`.
    func noteMarker(_ marker: EndMarker, connection: Int32) {
        let index: Int
        if let found = sources.firstIndex(where: { $0.senderID == marker.senderID }) {
            index = found
        } else {
            add(SourceState(senderID: marker.senderID))
            index = sources.count - 1
        }
        guard bind(sourceAt: index, to: connection) else {
            // Another connection's marker cannot end (or confirm, or keep alive) this source's run.
            counters.markersRefused &+= 1
            log.limited("event port: an end marker for sender \(marker.senderID) from another connection: refused")
            return
        }
        sources[index].lastHeardFrom = clock.now
        if marker.isKeepAlive {
            counters.keepAlives &+= 1
            return
        }
        counters.endMarkers &+= 1
        sources[index].endReceived = true
        sources[index].endCount = marker.count
        guard marker.isFinal else { return }
        sources[index].isFinished = true
        // The sender is done. Fingers it left down would hold the gesture latch forever: cancel them.
        releaseFingers(ofSourceAt: index)
    }

    /// Appends a new sender, first making room when at the limit: a finished run whose confirmation its sender
    /// already read goes first, else the source heard from longest ago; a source with fingers down is never
    /// forgotten (its fingers would outlive its liveness checks). At most 32 fingers are down, so of 64 sources
    /// one always qualifies. By recency, not by "finished first": a run whose only message was its final end
    /// marker has just been heard from, so it stays while its sender asks for the confirmation (it used to be
    /// the first finished run, and forgotten at the next new sender when the rest had not finished).
    private func add(_ state: SourceState) {
        if sources.count >= SourceState.limit {
            func confirmed(_ index: Int) -> Bool { sources[index].isFinished && sources[index].confirmed }
            let forget =
                sources.indices.filter { !router.hasFingersDown(of: sources[$0].senderID) }.min { a, b in
                    confirmed(a) != confirmed(b) ? confirmed(a) : sources[a].lastHeardFrom < sources[b].lastHeardFrom
                } ?? 0
            sources.remove(at: forget)
        }
        sources.append(state)
    }

    /// True when the frame's connection may speak for the source: the one it is bound to, or any while it is
    /// bound to none (first frame, or its connection closed), which then binds it.
    @inline(__always) private func bind(sourceAt index: Int, to connection: Int32) -> Bool {
        let bound = sources[index].connection
        if bound == connection || connection < 0 { return true }
        guard bound < 0 else { return false }
        sources[index].connection = connection
        sources[index].disconnectedAt = 0
        return true
    }

    /// Cancels the gesture the source's fingers belong to (its app gets cancel), forgets them, and resets the
    /// source's stream verifier: frames that still come from it start a new stream.
    private func releaseFingers(ofSourceAt index: Int) {
        sources[index].verifier.reset()
        router.releaseFingers(of: sources[index].senderID)
    }

    // MARK: Liveness

    /// The event port's monitor: a source's connection closed (it died, or finished). Its fingers are cancelled
    /// on the next liveness tick (its last frames, already in the socket's queue, are read first).
    func connectionClosed(_ connection: Int32) {
        for index in sources.indices where sources[index].connection == connection {
            sources[index].connection = -1
            sources[index].disconnectedAt = clock.now
        }
    }

    /// springboard stopped (`true`) or resumed reading the event port. On resuming, every source's last-heard
    /// time moves forward by the pause, so silence is measured only while the port was read: a source that kept
    /// sending into the paused port (its frames wait in the socket, read right after) is never taken for dead.
    func eventPortPaused(_ paused: Bool) {
        let now = clock.now
        if paused {
            if pausedSince == 0 { pausedSince = now }
            return
        }
        guard pausedSince != 0 else { return }
        let pause = now &- pausedSince
        pausedSince = 0
        for index in sources.indices where sources[index].lastHeardFrom != 0 { sources[index].lastHeardFrom &+= pause }
    }

    /// On the liveness timer: sources with fingers down whose connection closed, or silent past the timeout,
    /// lose their fingers (not while the event port is paused: see `eventPortPaused`).
    func check(time: UInt64) {
        guard !router.isIdle else { return }
        for index in sources.indices
        where sources[index].disconnectedAt != 0 && time &- sources[index].disconnectedAt > 50_000_000 {
            sources[index].disconnectedAt = 0
            guard router.hasFingersDown(of: sources[index].senderID) else { continue }
            sources[index].disconnects &+= 1
            counters.sourceDisconnects &+= 1
            log.logger.warning("source \(SenderID.text(sources[index].senderID)) disconnected with fingers down: cancelled")
            releaseFingers(ofSourceAt: index)
        }
        guard timeout > 0, pausedSince == 0 else { return }
        for index in sources.indices where time &- sources[index].lastHeardFrom > timeout {
            guard router.hasFingersDown(of: sources[index].senderID) else { continue }
            sources[index].timeouts &+= 1
            counters.sourceTimeouts &+= 1
            log.logger.warning(
                "source \(SenderID.text(sources[index].senderID)) silent for \((time &- sources[index].lastHeardFrom) / 1_000_000) ms with fingers down: cancelled"
            )
            releaseFingers(ofSourceAt: index)
        }
    }

    /// `cancelSource`: what the timeout does, now. False when springboard does not know the source.
    func cancel(_ senderID: UInt64) -> Bool {
        guard let index = sources.firstIndex(where: { $0.senderID == senderID }) else { return false }
        sources[index].cancels &+= 1
        counters.sourcesCancelled &+= 1
        log.logger.info("source \(SenderID.text(senderID)) cancelled by hand")
        releaseFingers(ofSourceAt: index)
        return true
    }

    // MARK: Control

    /// What `source` answers (an unknown sender: all zero). Answering a finished run confirms it to its sender:
    /// from then on it is the first to be forgotten.
    func info(_ senderID: UInt64) -> SourceInfo {
        guard let index = sources.firstIndex(where: { $0.senderID == senderID }) else {
            return info(SourceState(senderID: senderID))
        }
        if sources[index].isFinished { sources[index].confirmed = true }
        return info(sources[index])
    }

    var infos: [SourceInfo] { sources.map(info) }

    private func info(_ state: SourceState) -> SourceInfo {
        SourceInfo(
            senderID: state.senderID, received: state.received, endReceived: state.endReceived, endCount: state.endCount,
            lastSequence: state.lastSequence, sequenceGaps: state.sequenceGaps, framesMissing: state.framesMissing,
            fingersDown: router.fingersDown(of: state.senderID),
            idleMilliseconds: state.lastHeardFrom == 0 ? 0 : (clock.now &- state.lastHeardFrom) / 1_000_000,
            timeouts: state.timeouts, cancels: state.cancels, disconnects: state.disconnects)
    }

    /// `stats` with `reset`: the per-source gap counts start again.
    func resetCounters() {
        for i in sources.indices {
            sources[i].sequenceGaps = 0
            sources[i].framesMissing = 0
        }
    }
}

/// What SpringBoard has read from one hid-source (keyed by the envelope's senderID), and the state of its
/// digitizer stream (Android's InputDispatcher verifier: impossible sequences are rejected).
struct SourceState: Sendable {
    var senderID: UInt64
    var received: UInt64 = 0
    var endReceived = false
    var endCount: UInt64 = 0
    /// A final end marker arrived: the run is over (kept a while so the sender can ask for its confirmation).
    var isFinished = false
    /// `source` answered for it after it finished: its sender has its confirmation.
    var confirmed = false
    var verifier = HIDStreamVerifier()
    /// The `sequence` of the last valid HID message read from this sender (0: none yet).
    var lastSequence: UInt64 = 0
    /// Times `sequence` jumped forward by more than one (messages lost before springboard).
    var sequenceGaps: UInt64 = 0
    /// Sequence numbers skipped in those gaps: the messages lost before springboard.
    var framesMissing: UInt64 = 0
    /// When springboard last read anything from it (frame, keep-alive or marker), monotonic ns.
    var lastHeardFrom: UInt64 = 0
    /// Times its fingers were cancelled because it fell silent with fingers down (the source timeout).
    var timeouts: UInt64 = 0
    /// Times its fingers were cancelled by hand (`cancelSource`).
    var cancels: UInt64 = 0
    /// Times its fingers were cancelled because its connection closed with them down.
    var disconnects: UInt64 = 0
    /// The event-port connection (its fd, `ZMQ_SRCFD`) the sender id is bound to while that stays open; -1
    /// when none (not seen yet, closed, or inproc). Frames and markers naming the id from another open
    /// connection are refused: a source's identity is its connection, the id only names it.
    var connection: Int32 = -1
    /// When its connection closed (0: open): its fingers are cancelled on the next liveness tick.
    var disconnectedAt: UInt64 = 0

    /// A frame read at `time`: counted, heard from, its sequence followed. Returns whether the sequence went back (or
    /// repeated) and how many numbers it skipped (`note(sequence:)`).
    @inline(__always) mutating func noteFrame(sequence: UInt64, at time: UInt64) -> (regressed: Bool, missing: UInt64) {
        lastHeardFrom = time
        received &+= 1
        let regressed = sequence <= lastSequence
        return (regressed, note(sequence: sequence))
    }

    /// Follows the sender's `sequence`; returns how many numbers it skipped. A sequence that goes back
    /// (a restarted sender reusing its id) starts over without counting a gap.
    @inline(__always) mutating func note(sequence: UInt64) -> UInt64 {
        defer { lastSequence = sequence }
        guard lastSequence != 0, sequence > lastSequence &+ 1 else { return 0 }
        sequenceGaps &+= 1
        framesMissing &+= sequence - lastSequence - 1
        return sequence - lastSequence - 1
    }

    init(senderID: UInt64, now: UInt64 = 0) {
        self.senderID = senderID
        lastHeardFrom = now
    }

    /// Every hid-source run has its own senderID: springboard remembers at most this many, forgetting the
    /// oldest finished runs first.
    static let limit = 64
}
