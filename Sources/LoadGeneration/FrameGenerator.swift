import EventPort
import Foundation
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
    /// Each frame starts with an event room (protocols/app-channel.md, "Event room"): springboard writes the
    /// app's event header there and forwards the message it read, allocating nothing.
    let eventRoom: Bool
    private var random: SplitMix64
    private var plan: GesturePlan?
    private var step = 0
    /// The fingers of the frame being built, kept across frames: the source shares the cores with what it
    /// measures, so it allocates nothing per frame (the relay's source patches a ready frame).
    private var children: [HIDDigitizerEvent] = []

    init(mix: GestureMix, fingers: Int, seed: UInt64, eventRoom: Bool = false) {
        self.mix = mix
        self.fingers = fingers
        self.eventRoom = eventRoom
        random = SplitMix64(seed: seed)
    }

    /// What a frame was to its gesture, so the sender can count only what it really sent.
    struct Frame {
        /// The frame put a new gesture's fingers down.
        var began: GestureKind?
        /// The frame lifted every finger.
        var lifted: Bool
    }

    /// Appends the next frame to `buffer` (emptied first; behind the event room with `eventRoom`), `hardware`
    /// left 0 for the sender to stamp.
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
        if eventRoom { EventRoom.append(to: &buffer) }
        try HIDEncoder.append(message, to: &buffer)
        let frame = Frame(began: step == 0 ? current.kind : nil, lifted: lifting)
        if lifting { plan = nil } else { step += 1 }
        return frame
    }
}

/// One gesture of a load run: which fingers, where they start and end, how many move frames lie between the
/// down and the up. Positions are linear in the step, so frame `s` needs no state but the plan.
struct GesturePlan {
    /// The bench app's screen (390 × 844 points), less margins: off the bottom 20 points, where a finger
    /// that moves up is the system's swipe, and off the edges.
    static let area = (minX: Float(15), maxX: Float(375), minY: Float(80), maxY: Float(760))

    var kind: GestureKind
    var starts: [(x: Float, y: Float)]
    var ends: [(x: Float, y: Float)]
    /// Move frames between the down (step 0) and the up (step moves + 1).
    var moves: Int

    var fingerCount: Int { starts.count }

    /// Where finger `index` is at `step` (0 = down, `moves` = last move; the up lifts at the last position).
    func position(_ index: Int, step: Int) -> (x: Float, y: Float) {
        guard moves > 0 else { return starts[index] }
        let t = Float(min(step, moves)) / Float(moves)
        return (
            starts[index].x + (ends[index].x - starts[index].x) * t,
            starts[index].y + (ends[index].y - starts[index].y) * t
        )
    }

    static func make(_ kind: GestureKind, fingers: Int, using random: inout SplitMix64) -> GesturePlan {
        switch kind {
        case .drag:
            let row = Row(fingers: fingers)
            let start = row.origin(using: &random), end = row.origin(using: &random)
            return GesturePlan(
                kind: kind, starts: row.points(from: start), ends: row.points(from: end),
                moves: Int.random(in: 10...60, using: &random))
        case .tap:
            let row = Row(fingers: fingers)
            let points = row.points(from: row.origin(using: &random))
            return GesturePlan(kind: kind, starts: points, ends: points, moves: 0)
        case .pinch:
            // Two fingers on a line through the centre; spreading or closing in.
            let cx = Float.random(in: 130...260, using: &random), cy = Float.random(in: 250...600, using: &random)
            let angle = Float.random(in: 0..<Float.pi, using: &random)
            var near = Float.random(in: 20...50, using: &random), far = Float.random(in: 80...110, using: &random)
            if Bool.random(using: &random) { swap(&near, &far) }
            let (dx, dy) = (cosf(angle), sinf(angle))
            return GesturePlan(
                kind: kind,
                starts: [(cx - near * dx, cy - near * dy), (cx + near * dx, cy + near * dy)],
                ends: [(cx - far * dx, cy - far * dy), (cx + far * dx, cy + far * dy)],
                moves: Int.random(in: 10...40, using: &random))
        }
    }

    /// Fingers side by side, `spacing` points apart, the whole row inside `area`.
    private struct Row {
        let fingers: Int
        let spacing: Float

        init(fingers: Int) {
            self.fingers = fingers
            spacing = fingers > 1 ? min(30, (GesturePlan.area.maxX - GesturePlan.area.minX) / Float(fingers - 1)) : 0
        }

        func origin(using random: inout SplitMix64) -> (x: Float, y: Float) {
            let a = GesturePlan.area
            let width = spacing * Float(fingers - 1)
            return (
                Float.random(in: a.minX...(a.maxX - width), using: &random), Float.random(in: a.minY...a.maxY, using: &random)
            )
        }

        func points(from origin: (x: Float, y: Float)) -> [(x: Float, y: Float)] {
            (0..<fingers).map { (origin.x + spacing * Float($0), origin.y) }
        }
    }
}
