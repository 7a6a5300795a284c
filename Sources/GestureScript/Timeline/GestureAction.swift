import HIDEvent

/// One primitive of a played script: a finger change or a non-digitizer payload at an instant.
struct GestureAction {
    enum Kind {
        case down(GesturePoint, GestureContact = GestureContact())
        case move(GesturePoint)
        case up
        case cancel
        case other(HIDPayload)
    }

    var time: UInt64
    /// Global order of creation (source order, then within a command in time order): breaks time ties.
    var order: Int
    /// The transducerIndex of the finger (unused for `.other`).
    var finger: UInt32
    var kind: Kind
    /// Index of the script entry that produced it (for error locations).
    var entry: Int
}
