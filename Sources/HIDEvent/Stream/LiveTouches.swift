/// The fingers currently down in a touch stream, with their last positions: what a synthesized cancel must
/// cover (springboard's gesture latch and the stream it sent each app; an app's own view of springboard's
/// stream). Fixed capacity (a frame carries at most 32 fingers): updating never allocates.
package struct LiveTouches: Sendable {
    package struct Touch: Equatable, Sendable {
        package var index: UInt32
        package var x: Float
        package var y: Float
        /// The hid-source (envelope senderID) whose finger this is.
        package var sender: UInt64

        package init(index: UInt32, x: Float, y: Float, sender: UInt64 = 0) {
            self.index = index
            self.x = x
            self.y = y
            self.sender = sender
        }
    }

    static let capacity = 32
    private var slots = [Touch](repeating: Touch(index: 0, x: 0, y: 0), count: LiveTouches.capacity)
    package private(set) var count = 0

    package init() {}

    package var isEmpty: Bool { count == 0 }

    package subscript(_ i: Int) -> Touch { slots[i] }

    /// Began/changed/stationary fingers are kept (added or moved); ended/cancelled ones removed.
    package mutating func apply(_ sample: TouchSample, sender: UInt64 = 0) {
        var found = -1
        for i in 0..<count where slots[i].index == sample.index && slots[i].sender == sender { found = i; break }
        if sample.isLifting {
            guard found >= 0 else { return }
            slots[found] = slots[count - 1]
            count -= 1
            return
        }
        let touch = Touch(index: sample.index, x: sample.x, y: sample.y, sender: sender)
        if found >= 0 {
            slots[found] = touch
        } else if count < LiveTouches.capacity {
            slots[count] = touch
            count += 1
        }
    }

    /// Follows a received frame's fingers: the newest position of each, a lifted one forgotten (what a receiver that
    /// may have to cancel the stream's touches keeps). A finger only in range (`mayBegin`) has no touch to cancel.
    /// Here, not in the receiver, so that every finger's update is inlined (the app did it a finger at a time across
    /// the module boundary: ~160 instructions a one-finger frame, issue 27).
    package mutating func follow(_ view: HIDMessageView) {
        guard view.kind == .digitizer else { return }
        for finger in view.fingers where finger.phase != .mayBegin {
            apply(TouchSample(index: finger.transducerIndex, phase: finger.phase, x: finger.x, y: finger.y))
        }
    }

    package func contains(sender: UInt64) -> Bool {
        for i in 0..<count where slots[i].sender == sender { return true }
        return false
    }

    /// Forgets every finger of `sender` (its run ended).
    package mutating func removeAll(of sender: UInt64) {
        var i = 0
        while i < count {
            if slots[i].sender == sender {
                slots[i] = slots[count - 1]
                count -= 1
            } else {
                i += 1
            }
        }
    }

    package mutating func removeAll() { count = 0 }

    /// One cancelled finger per live touch, at its last position (IOHIDFamily's cancel: phase cancelled, mask
    /// range|touch|cancel): the fingers of a frame that ends every touch of the stream.
    package var cancelFingers: [HIDDigitizerEvent] {
        (0..<count).map { HIDDigitizerEvent(finger: slots[$0].index, .cancel, x: slots[$0].x, y: slots[$0].y) }
    }
}

/// One finger of a digitizer frame, as much of it as routing needs (read from the wire without allocating).
package struct TouchSample: Equatable, Sendable {
    package var index: UInt32
    package var phase: HIDDigitizerPhase
    package var x: Float
    package var y: Float

    package init(index: UInt32, phase: HIDDigitizerPhase, x: Float, y: Float) {
        self.index = index
        self.phase = phase
        self.x = x
        self.y = y
    }

    /// The finger leaves the gesture with this frame.
    package var isLifting: Bool { phase.contains(.ended) || phase.contains(.cancelled) }
}
