import RunLoopKit

/// One pushed run-loop mode and who pushed it (UIKit's `-[UIApplication _pushRunLoopMode:requester:reason:]`).
struct UIRunLoopModeRequest {
    let mode: RunLoopMode
    /// Compared by identity when popping, so two scroll views tracking at once pop only their own request.
    weak var requester: AnyObject?
    let requesterID: ObjectIdentifier
}
