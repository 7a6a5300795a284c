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
