import RunLoopKit

extension UIApplication {
    /// The mode the main run loop runs in: the most recently pushed mode, or the default mode.
    ///
    /// UIKit (GraphicsServices' `GSEventRunModal`) runs the main loop in a loop of `CFRunLoopRunInMode` calls
    /// with the mode on top of a stack; pushing or popping a mode stops the current run so the next one runs in
    /// the new mode. A scroll view pushes `UITrackingRunLoopMode` while a finger drags it, which is why timers
    /// added only to the default mode pause during a drag.
    public var currentRunLoopMode: RunLoopMode {
        runLoopModeRequests.last?.mode ?? .default
    }

    /// Pushes `mode` for `requester` and stops the current run so the main loop re-enters in `mode`.
    public func pushRunLoopMode(_ mode: RunLoopMode, requester: AnyObject) {
        let previous = currentRunLoopMode
        runLoopModeRequests.append(UIRunLoopModeRequest(mode: mode, requester: requester, requesterID: ObjectIdentifier(requester)))
        runLoopModeDidChange(from: previous, selector: "pushRunLoopMode:requester:", mode: mode)
    }

    /// Pops the most recent push of `mode` by `requester`; the main loop goes back to the mode below it.
    public func popRunLoopMode(_ mode: RunLoopMode, requester: AnyObject) {
        let id = ObjectIdentifier(requester)
        guard let index = runLoopModeRequests.lastIndex(where: { $0.mode == mode && $0.requesterID == id }) else { return }
        let previous = currentRunLoopMode
        runLoopModeRequests.remove(at: index)
        runLoopModeDidChange(from: previous, selector: "popRunLoopMode:requester:", mode: mode)
    }

    /// Records the push or pop (always: the mode switch is what a drag changes for every timer of the app) and
    /// makes the running loop return, if the mode it must run in changed.
    private func runLoopModeDidChange(from previous: RunLoopMode, selector: String, mode: RunLoopMode) {
        traceRecorder?.record("-[UIApplication \(selector)] \(mode.name)")
        if currentRunLoopMode != previous, runLoop.currentMode != nil { runLoop.stop() }
    }
}
