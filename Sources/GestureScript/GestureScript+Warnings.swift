import HIDEvent

extension GestureScript {
    /// What a script does that is allowed but almost certainly not meant, each naming its line: a point off
    /// the screen (no view can be hit there), a gesture that goes nowhere (a drag to its own start, a swipe of
    /// 0 points, a pinch that keeps its distance, a rotation by 0), a finger still down when the script ends
    /// (its touch never ends in the app). Players print these; nothing is changed.
    public func warnings(screenWidth: Float = 390, screenHeight: Float = 844) -> [GestureScriptWarning] {
        var out: [GestureScriptWarning] = []
        func onScreen(_ p: GesturePoint) -> Bool { p.x >= 0 && p.y >= 0 && p.x < screenWidth && p.y < screenHeight }
        for entry in entries {
            var points: [GesturePoint] = []
            switch entry.command {
            case .tap(let p, _, _, _, _), .down(_, let p, _), .move(_, let p): points = [p]
            case .drag(let from, let to, _, _, let via, _):
                points = [from] + via + [to]
                if from == to, via.allSatisfy({ $0 == from }) {
                    out.append(GestureScriptWarning(line: entry.line, message: "drag goes nowhere (it ends where it starts)"))
                }
            case .swipe(_, let from, let distance, _, _, _):
                points = [from]
                if distance == 0 { out.append(GestureScriptWarning(line: entry.line, message: "swipe of 0 points goes nowhere")) }
            case .pinch(let center, let from, let to, _, _):
                points = [center]
                if from == to {
                    out.append(
                        GestureScriptWarning(
                            line: entry.line, message: "pinch keeps its distance (\(from) points): no scale change"))
                }
            case .rotate(let center, _, let radians, _, _):
                points = [center]
                if radians == 0 {
                    out.append(GestureScriptWarning(line: entry.line, message: "rotation by 0 radians goes nowhere"))
                }
            case .up, .cancel, .press, .button, .shake, .sendActions, .digitizer:
                break
            }
            for p in points where !onScreen(p) {
                out.append(
                    GestureScriptWarning(
                        line: entry.line,
                        message:
                            "(\(p.x), \(p.y)) is off the \(Int(screenWidth)) x \(Int(screenHeight)) screen: nothing can be hit there"
                    ))
            }
        }
        var down: [UInt32] = []
        for action in (try? GestureTimeline(entries))?.actions ?? [] {
            switch action.kind {
            case .down: down.append(action.finger)
            case .up, .cancel: down.removeAll { $0 == action.finger }
            case .move, .other: break
            }
        }
        for finger in down {
            out.append(
                GestureScriptWarning(
                    line: 0,
                    message: "finger \(finger) is still down when the script ends: its touch never ends (add `up \(finger)`)"))
        }
        return out
    }
}

/// Something a gesture script does that is allowed but likely not meant (`GestureScript.warnings`).
public struct GestureScriptWarning: Equatable, Sendable, CustomStringConvertible {
    /// Where it was written; 0 for the script as a whole or commands built in code.
    public var line: Int
    public var message: String

    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}
