import HIDEvent

extension GestureTimeline {
    /// What happened to one finger within one instant.
    private struct Change {
        var began = false, moved = false, ended = false, cancelled = false
    }

    /// One digitizer frame per instant with finger changes (children: every finger down or changing,
    /// by transducerIndex), followed by that instant's other payloads in source order.
    func events() -> [ScriptedHIDEvent] {
        var out: [ScriptedHIDEvent] = []
        var positions: [UInt32: GesturePoint] = [:]     // fingers down, with their position
        var start = 0
        while start < actions.count {
            let time = actions[start].time
            var end = start
            while end < actions.count, actions[end].time == time { end += 1 }

            var changes: [UInt32: Change] = [:]
            var others: [HIDPayload] = []
            var current = positions
            for action in actions[start..<end] {
                switch action.kind {
                case .down(let p):
                    changes[action.finger, default: Change()].began = true
                    current[action.finger] = p
                case .move(let p):
                    changes[action.finger, default: Change()].moved = true
                    current[action.finger] = p
                case .up:
                    changes[action.finger, default: Change()].ended = true
                case .cancel:
                    changes[action.finger, default: Change()].cancelled = true
                case .other(let payload):
                    others.append(payload)
                }
            }
            if !changes.isEmpty {
                let fingers = current.keys.sorted().map { index in
                    Self.finger(index, at: current[index]!, changes[index] ?? Change())
                }
                out.append(ScriptedHIDEvent(time: time, payload: .digitizer(HIDDigitizerFrame(fingers: fingers))))
            }
            for payload in others { out.append(ScriptedHIDEvent(time: time, payload: payload)) }
            // Lifted fingers leave the set after their last frame.
            for (index, change) in changes where change.ended || change.cancelled { current[index] = nil }
            positions = current
            start = end
        }
        return out
    }

    /// The child event for a finger, with the phase and mask conventions of protocols/hid-event.md.
    private static func finger(_ index: UInt32, at p: GesturePoint, _ change: Change) -> HIDDigitizerEvent {
        var phase: HIDDigitizerPhase = []
        var mask: HIDDigitizerEventMask = []
        if change.began { phase.insert(.began); mask.formUnion([.range, .touch]) }
        if change.ended { phase.insert(.ended); mask.formUnion([.range, .touch]) }
        if change.cancelled { phase.insert(.cancelled); mask.formUnion([.range, .touch, .cancel]) }
        if change.moved {
            if phase.isEmpty { phase.insert(.changed) }
            // A finger that begins is reported where it lands: no separate position change.
            if !change.began { mask.insert(.position) }
        }
        let lifted = change.ended || change.cancelled
        return HIDDigitizerEvent(
            options: [.absolute, .builtIn], phase: phase, depth: 1, transducerIndex: index, transducerType: .finger,
            eventMask: mask, x: p.x, y: p.y, tipPressure: lifted ? 0 : 1, majorRadius: 6, minorRadius: 6,
            quality: 1, density: 1)
    }
}
