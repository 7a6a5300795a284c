import Foundation
import HIDEvent

/// The script expanded into primitive actions sorted by time, checked to be a possible touch sequence.
struct GestureTimeline {
    /// Generated gestures (tap, drag, ...) take transducerIndex values from here on; script fingers use
    /// their id (1...999), so the two never collide.
    static let firstGeneratedFinger: UInt32 = 1000

    private(set) var actions: [GestureAction] = []

    init(_ entries: [GestureScript.Entry]) throws(GestureScriptError) {
        var nextFinger = Self.firstGeneratedFinger
        for (index, entry) in entries.enumerated() {
            expand(entry, index: index, nextFinger: &nextFinger)
        }
        // Stable: same time keeps creation order.
        actions.sort { ($0.time, $0.order) < ($1.time, $1.order) }
        try check(entries)
    }

    // MARK: Expansion

    private mutating func add(_ time: UInt64, _ finger: UInt32, _ kind: GestureAction.Kind, _ entry: Int) {
        actions.append(GestureAction(time: time, order: actions.count, finger: finger, kind: kind, entry: entry))
    }

    private mutating func expand(_ entry: GestureScript.Entry, index: Int, nextFinger: inout UInt32) {
        let t = entry.time
        func fresh() -> UInt32 {
            defer { nextFinger += 1 }
            return nextFinger
        }
        switch entry.command {
        case .tap(let p, let fingers, let duration, let taps, let interval):
            for tap in 0..<UInt64(taps) {
                let start = t + tap * (duration + interval)
                let ids = (0..<fingers).map { _ in fresh() }
                for (i, id) in ids.enumerated() {
                    add(start, id, .down(GesturePoint(x: p.x + Self.rowOffset(i, of: fingers), y: p.y)), index)
                }
                for id in ids { add(start + duration, id, .up, index) }
            }
        case .drag(let from, let to, let duration, let steps, let via, let fingers):
            let polyline = [from] + via + [to]
            for i in 0..<fingers {
                path(fresh(), t, duration, steps, index) { Self.point(along: polyline, $0, dx: Self.rowOffset(i, of: fingers)) }
            }
        case .swipe(let direction, let from, let distance, let duration, let steps, let fingers):
            let unit = direction.unit
            let to = GesturePoint(x: from.x + unit.dx * distance, y: from.y + unit.dy * distance)
            for i in 0..<fingers {
                path(fresh(), t, duration, steps, index) {
                    Self.point(along: [from, to], $0, dx: Self.rowOffset(i, of: fingers))
                }
            }
        case .pinch(let c, let from, let to, let duration, let steps):
            let a = fresh(), b = fresh()
            twoFingers(a, b, t, duration, steps, index) { f in
                let half = (from + (to - from) * f) / 2
                return (GesturePoint(x: c.x - half, y: c.y), GesturePoint(x: c.x + half, y: c.y))
            }
        case .rotate(let c, let radius, let radians, let duration, let steps):
            let a = fresh(), b = fresh()
            twoFingers(a, b, t, duration, steps, index) { f in
                let angle = radians * f
                let dx = radius * Float(cos(Double(angle))), dy = radius * Float(sin(Double(angle)))
                return (GesturePoint(x: c.x + dx, y: c.y + dy), GesturePoint(x: c.x - dx, y: c.y - dy))
            }
        case .down(let finger, let p, let contact): add(t, UInt32(finger), .down(p, contact), index)
        case .move(let finger, let p): add(t, UInt32(finger), .move(p), index)
        case .up(let finger): add(t, UInt32(finger), .up, index)
        case .cancel(let finger): add(t, UInt32(finger), .cancel, index)
        case .press(let button):
            add(t, 0, .other(.button(HIDButtonEvent(button: button, isDown: true))), index)
            add(t + GestureCommand.pressDuration, 0, .other(.button(HIDButtonEvent(button: button, isDown: false))), index)
        case .button(let button, let down):
            add(t, 0, .other(.button(HIDButtonEvent(button: button, isDown: down))), index)
        case .shake(let duration):
            add(t, 0, .other(.motion(HIDMotionEvent(motion: .shake, phase: .began))), index)
            add(t + duration, 0, .other(.motion(HIDMotionEvent(motion: .shake, phase: .ended))), index)
        case .digitizer:
            return  // how the frames are reported, not a touch (GestureTimeline+Digitizer.swift)
        case .sendActions:
            break  // in-app, no HID frame (see `GestureScript.appSteps`)
        }
    }

    /// Finger `i` of `count` on a row, 30 points apart, centred on the gesture's point.
    static func rowOffset(_ i: Int, of count: Int) -> Float { (Float(i) - Float(count - 1) / 2) * 30 }

    /// The point `fraction` of the way along `polyline` by length, moved `dx` points along x.
    static func point(along polyline: [GesturePoint], _ fraction: Float, dx: Float) -> GesturePoint {
        if polyline.count == 2 {
            let p = polyline[0].interpolated(to: polyline[1], fraction)
            return GesturePoint(x: p.x + dx, y: p.y)
        }
        let lengths = zip(polyline, polyline.dropFirst()).map { a, b in
            ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        let total = lengths.reduce(0, +)
        var p = polyline[polyline.count - 1]
        if total > 0 {
            var remaining = fraction * total
            for (i, length) in lengths.enumerated() {
                if remaining <= length || i == lengths.count - 1 {
                    p = polyline[i].interpolated(to: polyline[i + 1], length > 0 ? min(1, remaining / length) : 1)
                    break
                }
                remaining -= length
            }
        } else {
            p = polyline[0]
        }
        return GesturePoint(x: p.x + dx, y: p.y)
    }

    /// Down at position(0); moves k = 1...steps at t + duration·k/steps to position(k/steps); up with the
    /// last move (so the last position is reported by the lift itself).
    private mutating func path(
        _ id: UInt32, _ t: UInt64, _ duration: UInt64, _ steps: Int, _ entry: Int,
        _ position: (Float) -> GesturePoint
    ) {
        add(t, id, .down(position(0)), entry)
        for k in 1...steps {
            add(t + duration * UInt64(k) / UInt64(steps), id, .move(position(Float(k) / Float(steps))), entry)
        }
        add(t + duration, id, .up, entry)
    }

    private mutating func twoFingers(
        _ a: UInt32, _ b: UInt32, _ t: UInt64, _ duration: UInt64, _ steps: Int, _ entry: Int,
        _ positions: (Float) -> (GesturePoint, GesturePoint)
    ) {
        let start = positions(0)
        add(t, a, .down(start.0), entry)
        add(t, b, .down(start.1), entry)
        for k in 1...steps {
            let time = t + duration * UInt64(k) / UInt64(steps)
            let p = positions(Float(k) / Float(steps))
            add(time, a, .move(p.0), entry)
            add(time, b, .move(p.1), entry)
        }
        add(t + duration, a, .up, entry)
        add(t + duration, b, .up, entry)
    }

    // MARK: Checking

    /// Replays the finger states in time order: a finger goes down only when up, moves and lifts only when
    /// down, does not lift and go down again in one instant, and at most 32 are down at once.
    private func check(_ entries: [GestureScript.Entry]) throws(GestureScriptError) {
        var down = Set<UInt32>()
        var liftedAt: [UInt32: UInt64] = [:]
        for action in actions {
            let entry = entries[action.entry]
            func fail(_ expected: String, _ found: String) -> GestureScriptError {
                GestureScriptError(line: entry.line, column: entry.column, expected: expected, found: found)
            }
            // Worked out only for an error: a script of thousands of steps checks every action, and turning each
            // time into text was half of `app-host run`'s instructions per frame (issue 27's profile).
            var name: String {
                action.finger >= Self.firstGeneratedFinger ? "generated finger \(action.finger)" : "finger \(action.finger)"
            }
            var when: String { "at \(Self.seconds(action.time)) s" }
            switch action.kind {
            case .down:
                if down.contains(action.finger) { throw fail("\(name) to be up before going down", "it is already down \(when)") }
                if liftedAt[action.finger] == action.time {
                    throw fail("a later time for \(name) to go down again", "it lifts and goes down \(when)")
                }
                down.insert(action.finger)
                if down.count > HIDWireLayout.maxFingerCount {
                    throw fail("at most \(HIDWireLayout.maxFingerCount) fingers down", "\(down.count) \(when)")
                }
            case .move, .up, .cancel:
                guard down.contains(action.finger) else { throw fail("\(name) to be down", "it is not down \(when)") }
                if case .move = action.kind { break }
                down.remove(action.finger)
                liftedAt[action.finger] = action.time
            case .other:
                break
            }
        }
    }

    static func seconds(_ ns: UInt64) -> String {
        let fraction = String(ns % 1_000_000_000)
        let padded = String(repeating: "0", count: 9 - fraction.count) + fraction
        var trimmed = Substring(padded)
        while trimmed.count > 3, trimmed.last == "0" { trimmed = trimmed.dropLast() }
        return "\(ns / 1_000_000_000).\(trimmed)"
    }
}

/// One primitive of a played script: a finger change or a non-digitizer payload at an instant.
struct GestureAction {
    enum Kind {
        case down(GesturePoint, GestureContact = GestureContact())
        case move(GesturePoint)
        case up
        case cancel
        case other(HIDPayload)
    }

    var time: UInt64
    /// Global order of creation (source order, then within a command in time order): breaks time ties.
    var order: Int
    /// The transducerIndex of the finger (unused for `.other`).
    var finger: UInt32
    var kind: Kind
    /// Index of the script entry that produced it (for error locations).
    var entry: Int
}

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
