import HIDEvent

extension UITouch.Phase {
    /// Maps one finger of a HID frame to a touch phase, given whether a UITouch already follows that finger.
    /// IOHIDFamily marks the phase in `options` and what changed in `eventMask`; either may carry the news:
    /// - cancelled phase or `cancel` bit → cancelled;
    /// - ended phase → ended;
    /// - began phase → began (a second began for a finger already down is treated as a move);
    /// - `touch` bit without a phase (the touch state flipped) → began if new, ended if known;
    /// - changed phase or `position` bit → moved; nothing → stationary.
    /// Returns nil for fingers the app cannot use: anything but a began for an unknown finger (the stream
    /// verifier rule: no moves or ends without a down), and hover (`mayBegin`, `range` only).
    init?(hidFinger finger: HIDDigitizerEvent, isTracked: Bool) {
        let phase = finger.phase, mask = finger.eventMask
        if phase.contains(.cancelled) || mask.contains(.cancel) {
            guard isTracked else { return nil }
            self = .cancelled
        } else if phase.contains(.ended) {
            guard isTracked else { return nil }
            self = .ended
        } else if phase.contains(.began) {
            self = isTracked ? .moved : .began
        } else if mask.contains(.touch) {
            self = isTracked ? .ended : .began
        } else if !isTracked {
            return nil
        } else if phase.contains(.changed) || mask.contains(.position) {
            self = .moved
        } else {
            self = .stationary
        }
    }
}
