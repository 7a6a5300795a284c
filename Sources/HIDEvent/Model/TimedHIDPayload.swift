/// A HID payload and when the hardware produced it (nanoseconds from the start of a run or script): what a
/// gesture script plays and what the headless runner feeds.
public struct TimedHIDPayload: Equatable, Sendable {
    public var time: UInt64
    public var payload: HIDPayload

    public init(time: UInt64, payload: HIDPayload) {
        self.time = time
        self.payload = payload
    }

    /// The message a source sends for this payload; `hardware` is its hardware timestamp.
    public func message(sequence: UInt64, senderID: UInt64, hardware: UInt64) -> HIDMessage {
        HIDMessage(
            envelope: HIDEnvelope(
                kind: payload.kind, sequence: sequence, senderID: senderID,
                timestamps: HIDHopTimestamps(hardware: hardware)),
            payload: payload)
    }
}
