/// Why an event was not delivered; every drop is counted under one of these.
package enum DropReason: Int, Sendable, CaseIterable {
    /// The target app died (or said goodbye) before the event could be delivered.
    case appDead
    /// springboard gave up on an app that stopped responding (ack timeout): what was queued for it. The
    /// app receives a cancel for its live touches when it comes back.
    case notResponding
    /// The rest of a gesture whose app already received cancel (foreground changed, system gesture, app death).
    case gestureCancelled
    /// libzmq refused the send: the peer vanished (EHOSTUNREACH) or another send error.
    case sendFailed
    /// Bytes on the event port that did not validate as a HID message.
    case malformed
    /// A button or motion event with no foreground app to take it.
    case noTarget
    /// A digitizer frame impossible after its sender's previous ones (a finger beginning while down, moving
    /// while up, missing from a frame): Android's stream verifier rejects these.
    case invalidStream
    /// A HID frame naming a sender id bound to another open event-port connection (a spoofed source).
    case foreignSender

    var name: String {
        switch self {
        case .appDead: return "appDead"
        case .notResponding: return "notResponding"
        case .gestureCancelled: return "gestureCancelled"
        case .sendFailed: return "sendFailed"
        case .malformed: return "malformed"
        case .noTarget: return "noTarget"
        case .invalidStream: return "invalidStream"
        case .foreignSender: return "foreignSender"
        }
    }
}
