/// What SpringBoard has read from one hid-source (keyed by the envelope's senderID).
public struct SourceState: Sendable {
    public var senderID: UInt64
    public var received: UInt64 = 0
    public var endReceived = false
    public var endCount: UInt64 = 0

    public init(senderID: UInt64) { self.senderID = senderID }
}
