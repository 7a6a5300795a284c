import RunLoopKit

/// The run-loop modes pushed on an application (UIKit's `-[UIApplication _pushRunLoopMode:requester:reason:]`
/// stack), and whether the running loop must re-enter in a new mode.
struct UIRunLoopModeStack {
    struct Request {
        let mode: RunLoopMode
        /// Compared by identity when popping, so two requesters pop only their own pushes.
        let requester: ObjectIdentifier
    }

    /// Oldest first; the last one is the mode the main loop runs in.
    var requests: [Request] = []
    /// Set when the top mode changed while a run was active: that run was stopped to re-enter in the new mode.
    var switchPending = false

    var current: RunLoopMode { requests.last?.mode ?? .default }
}
