import HIDEvent

/// One input for the headless runner: a HID payload and when the hardware produced it (nanoseconds from
/// the start of the run, the gesture script's clock).
public struct TimedHIDPayload: Equatable, Sendable {
    public var time: UInt64
    public var payload: HIDPayload

    public init(time: UInt64, payload: HIDPayload) {
        self.time = time
        self.payload = payload
    }
}
