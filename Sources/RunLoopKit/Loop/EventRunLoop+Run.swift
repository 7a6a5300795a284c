/// Running a mode: CF `CFRunLoopRunSpecific` and `__CFRunLoopRun`, in their order.
extension EventRunLoop {
    /// Runs `mode` until `deadline` (clock nanoseconds; nil: no deadline), until `stop()`, until the
    /// mode is empty, or, with `returnAfterSourceHandled`, until a source0 or source1 was handled.
    ///
    /// Returns `.finished` at once, without Entry/Exit, for the common pseudo-mode (CF refuses it), for a
    /// mode never used, and for a mode with no source0, source1, timer or block for it. A deadline
    /// already reached makes a single turn that polls without sleeping (CF: a zero timeout).
    ///
    /// May be called from a callout to run the loop nested in another mode (UIKit runs the tracking
    /// mode so); the outer run continues after the nested one returns.
    ///
    /// Manual-clock rule: with a `ManualClock`, a wait never sleeps for time. Where the loop would
    /// sleep, it polls its ports with zero timeout; if something is ready it handles it at the current
    /// time, otherwise it sets the clock to the earlier of the next timer deadline and `deadline` and
    /// wakes as if that much time had passed (BeforeWaiting and AfterWaiting are still notified). Only
    /// with neither a timer nor a deadline does it block in its poller for real, until a port is
    /// readable or `wakeUp()`.
    @discardableResult
    public func run(
        mode: RunLoopMode, until deadline: UInt64? = nil, returnAfterSourceHandled: Bool = false
    ) -> RunLoopRunResult {
        runSpecific(mode, deadline.map { .until($0) } ?? .forever, returnAfterSourceHandled)
    }

    func runSpecific(_ mode: RunLoopMode, _ limit: RunLoopRunLimit, _ returnAfterSourceHandled: Bool) -> RunLoopRunResult {
        // CF: kCFRunLoopCommonModes cannot be run; an unknown or empty mode finishes at once.
        guard mode != .common, let items = existingItems(for: mode), !isEmpty(items, mode) else { return .finished }

        // CF `__CFRunLoopPushPerRunData`: a fresh stop flag for this run; the outer run's is restored after.
        let previousRun = handle.shared.withLock { shared in
            let previous = shared.currentRun
            shared.currentRun = RunLoopRunState(ignoresWakeUps: false)
            return previous
        }
        let previousMode = currentMode
        currentMode = mode
        runDepth += 1

        notify(.entry, items, mode)
        let result = runTurns(mode, items, limit, returnAfterSourceHandled)
        notify(.exit, items, mode)

        runDepth -= 1
        currentMode = previousMode
        handle.shared.withLock { $0.currentRun = previousRun }
        return result
    }

    /// CF `__CFRunLoopRun`. The run's state is the shared `currentRun` (a nested run swaps in its own
    /// and restores this one before its callout returns).
    private func runTurns(
        _ mode: RunLoopMode, _ items: RunLoopModeItems, _ limit: RunLoopRunLimit, _ returnAfterSourceHandled: Bool
    ) -> RunLoopRunResult {
        // CF: a stop() made by an Entry observer ends the run before its first turn.
        if takeStop() { return .stopped }
        let zeroTimeout: Bool
        if case .until(let deadline) = limit { zeroTimeout = deadline <= clock.now } else { zeroTimeout = false }

        // Step 5's poll may be answered from known state only right after a wait of this run that did wait (see
        // `answerWithoutWaiting`): never as a run's first wait, whatever happened before the run.
        var waitedInThisRun = false
        while true {
            handle.shared.withLock { $0.currentRun.ignoresWakeUps = false }
            notify(.beforeTimers, items, mode)  // 1
            notify(.beforeSources, items, mode)  // 2
            doBlocks(mode)  // 3
            var sourceHandled = doSources0(items, mode, stopAfterHandle: returnAfterSourceHandled)  // 4
            if sourceHandled { doBlocks(mode) }

            let poll = sourceHandled || zeroTimeout  // 5
            if !poll { notify(.beforeWaiting, items, mode) }
            let answerFromState = poll && waitedInThisRun && !lastWaitAnsweredFromState
            let wake = wait(items, poll: poll, limit: limit, answerFromState: answerFromState)  // 6
            waitedInThisRun = true
            handle.shared.withLock { $0.currentRun.ignoresWakeUps = true }
            if !poll { notify(.afterWaiting, items, mode) }  // 7

            switch wake {  // 8
            case .timerPort:
                doTimers(items, mode, limit: clock.now)
            case .source1(let source):
                if doSource1(source, mode) { sourceHandled = true }
            case .nothing, .wakeUpPort, .failure:
                break
            }
            doBlocks(mode)  // 9

            if case .failure = wake { return .finished }
            if sourceHandled && returnAfterSourceHandled { return .handledSource }
            if timedOut(limit, poll: poll, wake: wake) { return .timedOut }
            if takeStop() { return .stopped }
            if isEmpty(items, mode) { return .finished }
        }
    }

    private func timedOut(_ limit: RunLoopRunLimit, poll: Bool, wake: RunLoopWake) -> Bool {
        switch limit {
        case .forever:
            return false
        case .until(let deadline):
            return clock.now >= deadline
        case .idle(at: let time):
            // Idle: the loop would have slept and nothing was ready, at or after the target time.
            guard !poll, case .nothing = wake else { return false }
            return clock.now >= time
        }
    }

    private func takeStop() -> Bool {
        handle.shared.withLock { shared in
            defer { shared.currentRun.stopped = false }
            return shared.currentRun.stopped
        }
    }

    /// The mode's items if the mode exists. CF `CFRunLoopPerformBlock` creates the modes it names, so a
    /// block queued for a mode never used makes that mode exist (done here, on the loop's thread).
    private func existingItems(for mode: RunLoopMode) -> RunLoopModeItems? {
        if let existing = modes[mode] { return existing }
        let named = handle.shared.withLock { $0.blocks.contains { $0.modes.contains(mode) } }
        return named ? items(for: mode) : nil
    }

    /// CF `__CFRunLoopModeIsEmpty`: no source0, source1 or timer, and no block queued for the mode.
    func isEmpty(_ items: RunLoopModeItems, _ mode: RunLoopMode) -> Bool {
        guard items.hasNoSourcesOrTimers else { return false }
        let modeIsCommon = commonModeList.contains(mode)
        return handle.shared.withLock { !$0.blocks.contains { $0.runs(in: mode, modeIsCommon: modeIsCommon) } }
    }
}

/// Why a run returned, with CF's `CFRunLoopRunResult` raw values.
public enum RunLoopRunResult: Int32, Sendable, CustomStringConvertible {
    /// The mode has no sources, timers or blocks for it (or is the common pseudo-mode, or is unknown).
    case finished = 1
    /// `stop()` was called for this run.
    case stopped = 2
    /// The deadline passed (for `runUntilIdle`/`advance`: the loop went idle at the target time).
    case timedOut = 3
    /// A source0 or source1 was handled and the caller asked to return after one (timers do not count).
    case handledSource = 4

    /// The result's name, as CFRunLoopRunResult's (`finished`, `stopped`, `timedOut`, `handledSource`).
    public var description: String {
        switch self {
        case .finished: return "finished"
        case .stopped: return "stopped"
        case .timedOut: return "timedOut"
        case .handledSource: return "handledSource"
        }
    }
}

/// When a run's waits end and the run times out.
enum RunLoopRunLimit {
    /// No deadline (CF: a timeout too large to arm).
    case forever
    /// Time out once the clock reaches the deadline; a deadline already reached at the start makes
    /// every wait a poll (CF: a timeout of zero seconds).
    case until(UInt64)
    /// `advance(to:)` / `runUntilIdle()`: waits end at this time at the latest, and the run ends at the
    /// first wait, at or after it, that finds nothing ready.
    case idle(at: UInt64)

    var deadline: UInt64? {
        switch self {
        case .forever: return nil
        case .until(let deadline), .idle(at: let deadline): return deadline
        }
    }
}
