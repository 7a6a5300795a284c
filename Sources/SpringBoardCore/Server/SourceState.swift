import HIDEvent

/// What SpringBoard has read from one hid-source (keyed by the envelope's senderID), and the state of its
/// digitizer stream (Android's InputDispatcher verifier: impossible sequences are rejected).
public struct SourceState: Sendable {
    public var senderID: UInt64
    public var received: UInt64 = 0
    public var endReceived = false
    public var endCount: UInt64 = 0
    /// A final end marker arrived: the run is over (kept a while so the sender can ask for its confirmation).
    public var isFinished = false
    public var verifier = HIDStreamVerifier()
    /// The `sequence` of the last valid HID message read from this sender (0: none yet).
    public var lastSequence: UInt64 = 0
    /// Times `sequence` jumped forward by more than one (messages lost before springboard).
    public var sequenceGaps: UInt64 = 0
    /// Sequence numbers skipped in those gaps: the messages lost before springboard.
    public var framesMissing: UInt64 = 0

    /// Follows the sender's `sequence`; returns how many numbers it skipped. A sequence that goes back
    /// (a restarted sender reusing its id) starts over without counting a gap.
    @inline(__always) public mutating func note(sequence: UInt64) -> UInt64 {
        defer { lastSequence = sequence }
        guard lastSequence != 0, sequence > lastSequence &+ 1 else { return 0 }
        sequenceGaps &+= 1
        framesMissing &+= sequence - lastSequence - 1
        return sequence - lastSequence - 1
    }

    public init(senderID: UInt64) { self.senderID = senderID }

    /// Every hid-source run has its own senderID: springboard remembers at most this many, forgetting the
    /// oldest finished runs first.
    public static let limit = 64
}
