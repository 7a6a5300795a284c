extension HIDDigitizerEvent {
    /// One finger of a frame (a child, depth 1) with `change`'s phase and mask; the other fields are what
    /// the senders vary (a built-in panel's `options`, a stable `identity`, contact pressure).
    public init(
        finger index: UInt32, _ change: HIDFingerChange, x: Float, y: Float,
        options: HIDEventOptions = [.absolute], identity: UInt32 = 0, tipPressure: Float = 0
    ) {
        self.init(
            options: options, phase: change.phase, depth: 1, transducerIndex: index, transducerType: .finger,
            identity: identity, eventMask: change.eventMask, x: x, y: y, tipPressure: tipPressure)
    }
}
