/// One replayed view call: `touches` (one or more views' touches) handed to their views in `phase`, each
/// with the state recorded when its delivery was held back, so the view gets a withheld began "with its
/// original data" (event-delivery.md §5) although the finger has moved on since.
package struct TouchReplay {
    package let phase: UITouch.Phase
    /// The live touches, in the order their fingers came down.
    let touches: [UITouch]
    /// Per touch, the state recorded when it was held back; nil: the touch's current state.
    let recorded: [UITouchSnapshot]?

    /// Replays `touches` in `phase` with their current data (a test's interceptor releasing what it held).
    package init(_ touches: [UITouch], phase: UITouch.Phase) {
        self.phase = phase
        self.touches = touches
        self.recorded = nil
    }

    /// Replays recorded states, each given to its touch's view in `phase`.
    init(_ recorded: [(touch: UITouch, snapshot: UITouchSnapshot)], phase: UITouch.Phase) {
        self.phase = phase
        self.touches = recorded.map(\.touch)
        self.recorded = recorded.map(\.snapshot)
    }
}
