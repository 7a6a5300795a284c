/// The `source` reply: what SpringBoard has read from one hid-source.
public struct SourceInfo: Codable, Equatable, Sendable {
    public var senderID: UInt64
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
    /// Fingers of this source down in springboard's gesture latch.
    public var fingersDown: Int
    /// Milliseconds since springboard last read anything from it (a frame, a keep-alive, a marker).
    public var idleMilliseconds: UInt64
    /// Times its fingers were cancelled because it went silent (source timeout) or by `cancelSource`.
    public var timeouts: UInt64
    public var cancels: UInt64
    /// Times its fingers were cancelled because its connection closed with them down.
    public var disconnects: UInt64

    public init(
        senderID: UInt64, received: UInt64, endReceived: Bool, endCount: UInt64, lastSequence: UInt64 = 0,
        sequenceGaps: UInt64 = 0, framesMissing: UInt64 = 0, fingersDown: Int = 0, idleMilliseconds: UInt64 = 0,
        timeouts: UInt64 = 0, cancels: UInt64 = 0, disconnects: UInt64 = 0
    ) {
        self.senderID = senderID
        self.received = received
        self.endReceived = endReceived
        self.endCount = endCount
        self.lastSequence = lastSequence
        self.sequenceGaps = sequenceGaps
        self.framesMissing = framesMissing
        self.fingersDown = fingersDown
        self.idleMilliseconds = idleMilliseconds
        self.timeouts = timeouts
        self.cancels = cancels
        self.disconnects = disconnects
    }
}
