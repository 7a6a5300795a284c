import HIDEvent

/// What SpringBoard has read from one hid-source (keyed by the envelope's senderID), and the state of its
/// digitizer stream (Android's InputDispatcher verifier: impossible sequences are rejected).
public struct SourceState: Sendable {
    public var senderID: UInt64
    public var received: UInt64 = 0
    public var endReceived = false
    public var endCount: UInt64 = 0
    public var verifier = HIDStreamVerifier()

    public init(senderID: UInt64) { self.senderID = senderID }
}
