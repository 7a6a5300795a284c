import HIDEvent

extension GestureTimeline {
    /// One digitizer frame per instant with finger changes (children: every finger down or changing,
    /// by transducerIndex), followed by that instant's other payloads in source order.
    func events() -> [TimedHIDPayload] {
        var out: [TimedHIDPayload] = []
        var positions: [UInt32: GesturePoint] = [:]  // fingers down, with their position
        var contacts: [UInt32: GestureContact] = [:]
        var start = 0
        while start < actions.count {
            let time = actions[start].time
            var end = start
            while end < actions.count, actions[end].time == time { end += 1 }

            var changes: [UInt32: HIDFingerChange] = [:]
            var others: [HIDPayload] = []
            var current = positions
            for action in actions[start..<end] {
                switch action.kind {
                case .down(let p, let contact):
                    changes[action.finger, default: []].insert(.down)
                    current[action.finger] = p
                    contacts[action.finger] = contact.over(.standard)
                case .move(let p):
                    changes[action.finger, default: []].insert(.move)
                    current[action.finger] = p
                case .up:
                    changes[action.finger, default: []].insert(.up)
                case .cancel:
                    changes[action.finger, default: []].insert(.cancel)
                case .other(let payload):
                    others.append(payload)
                }
            }
            if !changes.isEmpty {
                let fingers = current.keys.sorted().map { index in
                    Self.finger(index, at: current[index]!, changes[index] ?? .stationary, contacts[index] ?? .standard)
                }
                out.append(TimedHIDPayload(time: time, payload: .digitizer(HIDDigitizerFrame(fingers: fingers))))
            }
            for payload in others { out.append(TimedHIDPayload(time: time, payload: payload)) }
            // Lifted fingers leave the set after their last frame.
            for (index, change) in changes where change.lifts { current[index] = nil }
            positions = current
            start = end
        }
        return out
    }

    /// The child event for a finger (phase and mask: `HIDFingerChange`), as a built-in panel reports its
    /// contact: its pressure while down (0 when it lifts), its contact ellipse, full quality and density.
    static func finger(
        _ index: UInt32, at p: GesturePoint, _ change: HIDFingerChange, _ contact: GestureContact
    ) -> HIDDigitizerEvent {
        var event = HIDDigitizerEvent(
            finger: index, change, x: p.x, y: p.y, options: [.absolute, .builtIn],
            tipPressure: change.lifts ? 0 : contact.pressure ?? 1)
        event.majorRadius = contact.majorRadius ?? 6
        event.minorRadius = contact.minorRadius ?? 6
        event.quality = 1
        event.density = 1
        return event
    }
}
