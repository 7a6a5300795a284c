import HIDEvent

// springboard checks every routed digitizer frame twice: against its sender's stream at the event port, and against
// the stream as sent to its app (`AppRecord.sentStream`). Almost every frame of a live stream is a move of the
// fingers already down, which the verifier passes without changing anything; that case is answered here from the
// fingers down, and everything else goes through the verifier's walk, unchanged. The walk was 1.8% of springboard's
// CPU at saturation, ~230 instructions a frame for its two calls (issue 27).
extension HIDStreamVerifier {
    /// True when `verify(view)` would pass and change nothing, known without its walk: a digitizer frame in which no
    /// finger begins, ends or is cancelled, whose fingers are exactly the fingers down, each once, breaks none of the
    /// walk's rules (no finger is duplicated, unknown or missing) and changes nothing (nothing began or lifted). False
    /// says nothing: the caller then verifies. Changes nothing; `mutating` so that the caller's access is in place: a
    /// verifier read out of an array element or a class's property is a copy, its array retained and released.
    @inline(__always) mutating func passesUnchanged(_ view: HIDMessageView) -> Bool {
        let count = view.fingerCount
        guard view.kind == .digitizer, count == fingersDown.count else { return false }
        let fingers = view.fingers
        for i in 0..<count {
            let finger = fingers[i]
            // Three tests, not `isDisjoint(with: [...])`: an option-set literal is an array, allocated in a debug build.
            let phase = finger.phase
            guard !phase.contains(.began), !phase.contains(.ended), !phase.contains(.cancelled) else { return false }
            let index = finger.transducerIndex
            guard fingersDown.contains(index) else { return false }
            for j in 0..<i where fingers[j].transducerIndex == index { return false }
        }
        return true
    }
}
