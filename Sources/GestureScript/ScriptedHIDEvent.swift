import HIDEvent

/// One HID payload of a played script and its time (nanoseconds from the start of the script).
public struct ScriptedHIDEvent: Equatable, Sendable {
    public var time: UInt64
    public var payload: HIDPayload

    public init(time: UInt64, payload: HIDPayload) {
        self.time = time
        self.payload = payload
    }

    /// The message a source sends for this event; `hardware` is its hardware timestamp.
    public func message(sequence: UInt64, senderID: UInt64, hardware: UInt64) -> HIDMessage {
        HIDMessage(envelope: HIDEnvelope(kind: payload.kind, sequence: sequence, senderID: senderID,
                                         timestamps: HIDHopTimestamps(hardware: hardware)),
                   payload: payload)
    }
}
