import HIDEvent
#if canImport(Glibc)
    import Glibc
#endif

/// Digitizer frames for a load run, gesture after gesture as the mix draws them: every finger of a gesture
/// appears in every frame (a down, moves, an up), as a digitizer reports them and as springboard's stream
/// verifier requires. Deterministic for a seed.
struct FrameGenerator {
    let mix: GestureMix
    let fingers: Int
    private var random: SplitMix64
    private var plan: GesturePlan?
    private var step = 0
    /// The fingers of the frame being built, kept across frames: the source shares the cores with what it
    /// measures, so it allocates nothing per frame (the relay's source patches a ready frame).
    private var children: [HIDDigitizerEvent] = []

    init(mix: GestureMix, fingers: Int, seed: UInt64) {
        self.mix = mix
        self.fingers = fingers
        random = SplitMix64(seed: seed)
    }

    /// What a frame was to its gesture, so the sender can count only what it really sent.
    struct Frame {
        /// The frame put a new gesture's fingers down.
        var began: GestureKind?
        /// The frame lifted every finger.
        var lifted: Bool
    }

    /// Appends the next frame to `buffer` (emptied first), `hardware` left 0 for the sender to stamp.
    /// `last`: the run's final frame; a gesture past its down lifts its fingers in it, so a count-limited run
    /// ends with no finger left down.
    mutating func next(sequence: UInt64, senderID: UInt64, last: Bool, into buffer: inout [UInt8]) throws -> Frame {
        if plan == nil {
            let kind = mix.pick(random.next())
            plan = GesturePlan.make(kind, fingers: kind == .pinch ? 2 : fingers, using: &random)
            step = 0
        }
        let current = plan!
        let lifting = step == current.moves + 1 || (last && step > 0)
        children.removeAll(keepingCapacity: true)
        for index in 0..<current.fingerCount {
            let point = current.position(index, step: step)
            let phase: HIDDigitizerPhase = step == 0 ? .began : lifting ? .ended : .changed
            let mask: HIDDigitizerEventMask = phase == .changed ? .position : [.range, .touch]
            children.append(
                HIDDigitizerEvent(
                    options: [.absolute, .builtIn], phase: phase, depth: 1, transducerIndex: UInt32(index + 1),
                    transducerType: .finger, identity: UInt32(index + 1), eventMask: mask, x: point.x, y: point.y,
                    tipPressure: lifting ? 0 : 1, majorRadius: 6, minorRadius: 6, quality: 1, density: 1))
        }
        let message = HIDMessage(
            envelope: HIDEnvelope(kind: .digitizer, sequence: sequence, senderID: senderID),
            payload: .digitizer(HIDDigitizerFrame(fingers: children)))
        buffer.removeAll(keepingCapacity: true)
        try HIDEncoder.append(message, to: &buffer)
        let frame = Frame(began: step == 0 ? current.kind : nil, lifted: lifting)
        if lifting { plan = nil } else { step += 1 }
        return frame
    }
}
