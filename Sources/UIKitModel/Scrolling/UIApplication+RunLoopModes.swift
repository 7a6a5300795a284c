import RunLoopKit

extension UIApplication {
    /// The mode the main run loop runs in: the most recently pushed mode, or the default mode.
    ///
    /// UIKit (GraphicsServices' `GSEventRunModal`) runs the main loop as a series of `CFRunLoopRunInMode` calls
    /// in the mode on top of a stack; pushing or popping a mode stops the current run so the next one runs in
    /// the new mode. A scroll view pushes `UITrackingRunLoopMode` while a finger drags it, which is why timers
    /// added only to the default mode pause during a drag.
    var currentRunLoopMode: RunLoopMode { runLoopModes.current }

    /// Pushes `mode` for `requester`; the main loop re-enters in `mode`.
    func pushRunLoopMode(_ mode: RunLoopMode, requester: AnyObject) {
        let previous = currentRunLoopMode
        runLoopModes.requests.append(.init(mode: mode, requester: ObjectIdentifier(requester)))
        runLoopModeDidChange(from: previous, selector: "_pushRunLoopMode:requester:", mode: mode)
    }

    /// Pops the most recent push of `mode` by `requester`; the main loop goes back to the mode below it.
    func popRunLoopMode(_ mode: RunLoopMode, requester: AnyObject) {
        let id = ObjectIdentifier(requester)
        guard let index = runLoopModes.requests.lastIndex(where: { $0.mode == mode && $0.requester == id }) else { return }
        let previous = currentRunLoopMode
        runLoopModes.requests.remove(at: index)
        runLoopModeDidChange(from: previous, selector: "_popRunLoopMode:requester:", mode: mode)
    }

    /// Records the push or pop (always: a mode switch changes which timers of the whole app can fire) and stops
    /// the active run, if any, so the main loop re-enters in the new mode.
    private func runLoopModeDidChange(from previous: RunLoopMode, selector: String, mode: RunLoopMode) {
        trace.record("-[UIApplication \(selector)] \(mode.name)", group: "scrolling")
        guard currentRunLoopMode != previous, runLoop.currentMode != nil else { return }
        runLoopModes.switchPending = true
        runLoop.stop()
    }

    // MARK: Running the main loop (GSEventRunModal)

    /// Runs the main loop until `deadline` (nil: forever) in the current mode, re-entering in the new mode
    /// each time a push or pop stopped the run. Returns the first result not caused by a mode switch.
    @discardableResult
    public func runMainLoop(until deadline: UInt64? = nil) -> RunLoopRunResult {
        reenteringOnModeSwitch { runLoop.run(mode: $0, until: deadline) }
    }

    /// Manual-clock driving (tests, the headless runner): `EventRunLoop.advance(to:mode:)` in the current mode,
    /// re-entering after mode switches, so default-mode timers do not fire while a scroll view tracks.
    @discardableResult
    public func advanceMainLoop(to time: UInt64) -> RunLoopRunResult {
        reenteringOnModeSwitch { runLoop.advance(to: time, mode: $0) }
    }

    /// `EventRunLoop.runUntilIdle(mode:)` in the current mode, re-entering after mode switches.
    @discardableResult
    public func runMainLoopUntilIdle() -> RunLoopRunResult {
        reenteringOnModeSwitch { runLoop.runUntilIdle(mode: $0) }
    }

    private func reenteringOnModeSwitch(_ run: (RunLoopMode) -> RunLoopRunResult) -> RunLoopRunResult {
        while true {
            runLoopModes.switchPending = false
            let result = run(currentRunLoopMode)
            guard result == .stopped, runLoopModes.switchPending else { return result }
        }
    }
}

extension UIApplication {
    /// Where the app's run-loop sources sit in a pass (a pass performs its source0s, and its ready source1s,
    /// lowest order first): UIKit's own, and the places a host puts its sources relative to them. Every
    /// order on an app's run loop comes from here, so "after UIKit" is written down once.
    public enum RunLoopOrder {
        /// UIKit's event source0 (`__handleEventQueue`): ahead of every source0 added without an order (0).
        public static let eventQueue = -1
        /// After UIKit's event source0 and every source0 of the pass added without an order: a source0 here sees every
        /// event read so far through `sendEvent` (an app host's acknowledgements).
        public static let afterEvents = 1000
        /// The app port's source1 (`UIEventFetcher`): first of the source1s.
        public static let eventFetcher = 0
        /// A host's source1s after the app port (its channel monitor).
        public static let afterEventFetcher = eventFetcher + 1
    }
}
