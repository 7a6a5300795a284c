import HIDEvent

/// Builds HID messages the way IOHIDFamily frames them, for tests that feed the dispatcher directly.
enum HIDFrames {
    /// What a finger does in a frame (`.down`, `.move`, `.up`, `.cancel`, `.stationary`).
    typealias Change = HIDFingerChange

    struct Finger {
        var index: UInt32
        var x: Float
        var y: Float
        var change: Change
    }

    static func finger(_ index: UInt32, _ x: Float, _ y: Float, _ change: Change) -> Finger {
        Finger(index: index, x: x, y: y, change: change)
    }

    /// One digitizer frame at `seconds` carrying `fingers`.
    static func frame(at seconds: Double, _ fingers: [Finger], sequence: UInt64 = 0) -> HIDMessage {
        let children = fingers.map { HIDDigitizerEvent(finger: $0.index, $0.change, x: $0.x, y: $0.y) }
        return message(.digitizer(HIDDigitizerFrame(fingers: children)), at: seconds, sequence: sequence)
    }

    /// A single-finger tap: down at `seconds`, up 0.05 s later (what the gesture script's `tap` produces).
    static func tap(_ x: Float, _ y: Float, at seconds: Double, finger: UInt32 = 1) -> [HIDMessage] {
        [frame(at: seconds, [self.finger(finger, x, y, .down)]), frame(at: seconds + 0.05, [self.finger(finger, x, y, .up)])]
    }

    static func shake(at seconds: Double) -> [HIDMessage] {
        [
            message(.motion(HIDMotionEvent(phase: .began)), at: seconds),
            message(.motion(HIDMotionEvent(phase: .ended)), at: seconds + 0.3),
        ]
    }

    static func press(_ button: HIDButton, at seconds: Double) -> [HIDMessage] {
        [
            message(.button(HIDButtonEvent(button: button, isDown: true)), at: seconds),
            message(.button(HIDButtonEvent(button: button, isDown: false)), at: seconds + 0.1),
        ]
    }

    static func message(_ payload: HIDPayload, at seconds: Double, sequence: UInt64 = 0) -> HIDMessage {
        let ns = UInt64((seconds * 1_000_000_000).rounded())
        return HIDMessage(
            envelope: HIDEnvelope(
                kind: payload.kind, sequence: sequence, senderID: 1, timestamps: HIDHopTimestamps(hardware: ns)),
            payload: payload)
    }
}
