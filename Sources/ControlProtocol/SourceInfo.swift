/// The `source` reply: what SpringBoard has read from one hid-source.
public struct SourceInfo: Codable, Equatable, Sendable {
    var senderID: UInt64
    /// HID messages read from this sender (valid or not).
    public var received: UInt64
    /// The end marker has been read; `endCount` is the count the sender claimed.
    public var endReceived: Bool
    package var endCount: UInt64
    /// The envelope `sequence` of the last valid HID message read from it.
    package var lastSequence: UInt64
    /// Messages missing between consecutive valid ones (`sequence` jumped forward by more than one).
    package var sequenceGaps: UInt64
    /// The sequence numbers those gaps skipped (messages lost before springboard).
    package var framesMissing: UInt64

    public init(
        senderID: UInt64, received: UInt64, endReceived: Bool, endCount: UInt64, lastSequence: UInt64 = 0,
        sequenceGaps: UInt64 = 0, framesMissing: UInt64 = 0
    ) {
        self.senderID = senderID
        self.received = received
        self.endReceived = endReceived
        self.endCount = endCount
        self.lastSequence = lastSequence
        self.sequenceGaps = sequenceGaps
        self.framesMissing = framesMissing
    }
}
