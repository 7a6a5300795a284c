import HIDEvent

/// One finger of a digitizer frame, as much of it as routing needs (read from the wire without allocating).
public struct TouchSample: Equatable, Sendable {
    public var index: UInt32
    public var phase: HIDDigitizerPhase
    public var x: Float
    public var y: Float

    public init(index: UInt32, phase: HIDDigitizerPhase, x: Float, y: Float) {
        self.index = index
        self.phase = phase
        self.x = x
        self.y = y
    }

    /// The finger leaves the gesture with this frame.
    public var isLifting: Bool { phase.contains(.ended) || phase.contains(.cancelled) }
}
