/// The legs of an event's trip, each timed from two CLOCK_MONOTONIC stamps (every process on the host shares
/// the clock, so differences across processes are valid).
package enum Hop: Int, Sendable, CaseIterable {
    /// The HID envelope's `hardware` stamp → springboard read the frame off its event port.
    case sourceToSpringBoard
    /// springboard read it → springboard sent it to the app (time in the outbound queue).
    case springBoardQueue
    /// springboard sent it → the app's run loop read it.
    case springBoardToApp
    /// The app read it → UIKit's event source0 began.
    case appQueue
    /// UIKit's event source0 began → `sendEvent` returned.
    case dispatch
    /// `sendEvent` returned → springboard read the ack.
    case ackBack
    /// springboard sent it → springboard read its ack (the round trip).
    case ack
    /// The `hardware` stamp → `sendEvent` returned in the app: what a user of the pipeline waits.
    case endToEnd

    var name: String {
        switch self {
        case .sourceToSpringBoard: return "sourceToSpringBoard"
        case .springBoardQueue: return "springBoardQueue"
        case .springBoardToApp: return "springBoardToApp"
        case .appQueue: return "appQueue"
        case .dispatch: return "dispatch"
        case .ackBack: return "ackBack"
        case .ack: return "ack"
        case .endToEnd: return "endToEnd"
        }
    }
}
