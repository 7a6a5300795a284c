import Foundation

/// One line of `sbctl monitor`: a frame springboard read off its event port and what became of it, published
/// on the monitor socket as JSON while someone subscribes (protocols/control.md, "Frame monitor"). Like
/// Android's `getevent` one level up: what arrived, from whom, and where it went or why it went nowhere.
public struct MonitorRecord: Codable, Equatable, Sendable {
    /// What was read: `digitizer`, `button`, `motion`, `endMarker`, `keepAlive`, `malformed`, `multipart`;
    /// `subscribed` is springboard's greeting to a new subscriber (no frame).
    public var kind: String
    /// springboard's monotonic clock when the frame was handled, ns.
    public var time: UInt64
    public var sender: UInt64?
    public var sequence: UInt64?
    /// The fingers of a digitizer frame.
    public var fingers: [Finger]?
    /// The button or motion, by name (`home down`, `shake began`).
    public var detail: String?
    /// `app` (with `target`), `home` (the home screen consumed it), `system` (a system gesture took it),
    /// `springboard` (the home button, markers), `dropped` (with `reason`).
    public var outcome: String
    /// The app it was routed to.
    public var target: String?
    /// For `app`: `sent`, `queued`, `coalesced`, or the drop reason; for `dropped`: the reason.
    public var reason: String?

    public struct Finger: Codable, Equatable, Sendable {
        public var index: UInt32
        /// `began`, `moved`, `stationary`, `ended`, `cancelled`.
        public var phase: String
        public var x: Float
        public var y: Float

        public init(index: UInt32, phase: String, x: Float, y: Float) {
            self.index = index
            self.phase = phase
            self.x = x
            self.y = y
        }
    }

    public init(
        kind: String, time: UInt64, sender: UInt64? = nil, sequence: UInt64? = nil, fingers: [Finger]? = nil,
        detail: String? = nil, outcome: String, target: String? = nil, reason: String? = nil
    ) {
        self.kind = kind
        self.time = time
        self.sender = sender
        self.sequence = sequence
        self.fingers = fingers
        self.detail = detail
        self.outcome = outcome
        self.target = target
        self.reason = reason
    }

    /// A getevent-style line: `  12.345678  55834574849 #17  digitizer 1:began(195,350)  → com.example.maps (sent)`
    /// (the sender in `SenderID`'s form, as `sbctl sources` lists it).
    public var text: String {
        var line = String(format: "%12.6f", Double(time) / 1e9)
        if let sender { line += "  " + SenderID.text(sender) }
        if let sequence { line += " #\(sequence)" }
        line += "  \(kind)"
        if let fingers {
            for finger in fingers {
                line += " \(finger.index):\(finger.phase)(" + String(format: "%g,%g", Double(finger.x), Double(finger.y)) + ")"
            }
        }
        if let detail { line += " \(detail)" }
        switch outcome {
        case "app": line += "  → \(target ?? "?")" + (reason.map { " (\($0))" } ?? "")
        case "dropped": line += "  ✕ dropped (\(reason ?? "?"))"
        default: line += "  → \(outcome)" + (reason.map { " (\($0))" } ?? "")
        }
        return line
    }
}
