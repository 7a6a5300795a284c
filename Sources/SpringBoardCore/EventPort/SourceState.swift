import HIDEvent

/// What SpringBoard has read from one hid-source (keyed by the envelope's senderID), and the state of its
/// digitizer stream (Android's InputDispatcher verifier: impossible sequences are rejected).
struct SourceState: Sendable {
    var senderID: UInt64
    var received: UInt64 = 0
    var endReceived = false
    var endCount: UInt64 = 0
    /// A final end marker arrived: the run is over (kept a while so the sender can ask for its confirmation).
    var isFinished = false
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
