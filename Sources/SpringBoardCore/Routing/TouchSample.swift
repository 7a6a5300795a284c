import HIDEvent

/// One finger of a digitizer frame, as much of it as routing needs (read from the wire without allocating).
package struct TouchSample: Equatable, Sendable {
    var index: UInt32
    var phase: HIDDigitizerPhase
    var x: Float
    var y: Float

    package init(index: UInt32, phase: HIDDigitizerPhase, x: Float, y: Float) {
        self.index = index
        self.phase = phase
        self.x = x
        self.y = y
    }

    /// The finger leaves the gesture with this frame.
    var isLifting: Bool { phase.contains(.ended) || phase.contains(.cancelled) }
}
