/// Steps 5-6: the one wait of a turn (CF `__CFRunLoopServiceMachPort` on the mode's port set).
extension EventRunLoop {
    /// Waits on the mode's source1 ports, the wake-up port and the timer port (modelled by the earliest
    /// timer deadline) at once, and reports the one port serviced this turn (CF's `livePort`).
    /// `answerFromState`: step 5's poll may be answered from what the waiter and the wake-up port's flag know
    /// (`answerWithoutWaiting`) instead of a zero-timeout wait.
    func wait(_ items: RunLoopModeItems, poll: Bool, limit: RunLoopRunLimit, answerFromState: Bool = false) -> RunLoopWake {
        preparePollItems(items)
        let nextTimer = nextTimerDeadline(items)
        if poll {
            if answerFromState, let wake = answerWithoutWaiting(nextTimer: nextTimer) { return wake }
            return pollPorts(timeoutMilliseconds: 0, nextTimer: nextTimer)
        }

        // The wait ends at the timer port's deadline or at the run's deadline (CF arms a timeout timer
        // that wakes the loop), whichever comes first.
        let wakeTime = earliest(nextTimer, limit.deadline)

        if let manualClock {
            // Manual-clock rule: look without sleeping; if nothing is ready, move the clock to the wake
            // time instead of sleeping until it.
            let wake = pollPorts(timeoutMilliseconds: 0, nextTimer: nextTimer)
            guard case .nothing = wake else { return wake }
            if let wakeTime {
                manualClock.moveForward(to: wakeTime)
                return isDue(nextTimer) ? .timerPort : .nothing
            }
            // Neither a timer nor a deadline: wait for a port or wakeUp() for as long as it takes.
            while true {
                let wake = pollPorts(timeoutMilliseconds: -1, nextTimer: nil)
                guard case .nothing = wake else { return wake }
            }
        }

        while true {
            let timeout = wakeTime.map { milliseconds(until: $0) } ?? -1
            let wake = pollPorts(timeoutMilliseconds: timeout, nextTimer: nextTimer)
            guard case .nothing = wake else { return wake }
            // The waiter counts whole milliseconds on its own clock and may return a little early (or at a
            // signal): keep waiting, since CF's wait ends only for a port or a deadline.
            if let wakeTime, clock.now >= wakeTime { return .nothing }
        }
    }

    /// The source1 ports of the mode, then the wake-up port, in the reusable arrays; the first port of
    /// another kind than the waiter's gets the loop the waiter it names.
    private func preparePollItems(_ items: RunLoopModeItems) {
        if let built = pollItemsBuiltFrom, built.items === items, built.changes == items.sources1Changes,
            pollSources.allSatisfy(\.isValid)
        {
            return
        }
        pollItemsBuiltFrom = (items, items.sources1Changes)
        pollSources.removeAll(keepingCapacity: true)
        pollPorts.removeAll(keepingCapacity: true)
        for source in items.sources1 where source.isValid {
            if case .object(_, let kind) = source.port, kind != type(of: waiter) { waiter = waiter(for: kind) }
            pollPorts.append(source.port)
            pollSources.append(source)
        }
        pollPorts.append(.fileDescriptor(handle.wakeUpPort.descriptor))
    }

    /// One waiter per loop: `PollWaiter` gives way to the first other kind, which stays.
    private func waiter(for kind: any RunLoopWaiter.Type) -> any RunLoopWaiter {
        precondition(
            waiter is PollWaiter, "one EventRunLoop cannot wait with both \(type(of: waiter)) and \(kind)")
        return kind.init()
    }

    /// The timer port's deadline: the earliest fire date of a valid timer not in its callout.
    private func nextTimerDeadline(_ items: RunLoopModeItems) -> UInt64? {
        var earliest: UInt64?
        for timer in items.timers where timer.isValid && !timer.isFiring {
            if earliest.map({ timer.fireDate < $0 }) ?? true { earliest = timer.fireDate }
        }
        return earliest
    }

    private func earliest(_ a: UInt64?, _ b: UInt64?) -> UInt64? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    private func isDue(_ deadline: UInt64?) -> Bool {
        deadline.map { $0 <= clock.now } ?? false
    }

    /// Rounded up, so a real wait never ends before the deadline by its own rounding.
    private func milliseconds(until deadline: UInt64) -> Int {
        let now = clock.now
        guard deadline > now else { return 0 }
        return Int(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
    }

    /// One wait of the waiter, then the live port. The wake-up port is drained whenever it is readable (it
    /// carries no work). Then, in this order: the timer port if its deadline has passed (the earliest
    /// event), else one ready source1, else the wake-up port. Ready source1s are served in their
    /// order, starting after the one served last time, so a port that is never drained cannot starve
    /// the others (CF serves whichever message arrived first; a poll does not say).
    /// A failure other than EINTR (a closed socket, a terminated context) is recorded.
    private func pollPorts(timeoutMilliseconds: Int, nextTimer: UInt64?) -> RunLoopWake {
        clearReady()
        lastWaitAnsweredFromState = false
        let ready: Int
        do {
            ready = try waiter.wait(on: pollPorts, timeoutMilliseconds: timeoutMilliseconds, ready: &pollReady)
        } catch {
            lastWaitError = error
            return .failure
        }
        return serviced(ready: ready, nextTimer: nextTimer)
    }

    /// Step 5's zero-timeout poll answered without `poll(2)`: the waiter answers the source1 ports from what it
    /// knows (`RunLoopWaiter.readyWithoutWaiting`), this loop its wake-up port from the port's flag, the timer port
    /// from the clock. nil when the waiter cannot; the caller then polls. On an app's main thread this spares one
    /// of the 14 system calls a frame took at 20 frames a second (issue 27): the loop sleeps in a `poll(2)` a moment
    /// later anyway, which sees anything that arrived from another thread or process in between.
    private func answerWithoutWaiting(nextTimer: UInt64?) -> RunLoopWake? {
        clearReady()
        var ready: Int
        do {
            guard let answer = try waiter.readyWithoutWaiting(on: pollPorts, ready: &pollReady) else { return nil }
            ready = answer
        } catch {
            lastWaitError = error
            return .failure
        }
        lastWaitAnsweredFromState = true
        if handle.wakeUpPort.isSignalled {
            pollReady[pollPorts.count - 1] = true
            ready += 1
        }
        return serviced(ready: ready, nextTimer: nextTimer)
    }

    /// Cleared in place (refilling it element by element was about 300 instructions an event, issue 27).
    private func clearReady() {
        if pollReady.count == pollPorts.count {
            pollReady.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
        } else {
            pollReady = Array(repeating: false, count: pollPorts.count)
        }
    }

    /// The live port of a wait that found `ready` ports (`pollReady`).
    private func serviced(ready: Int, nextTimer: UInt64?) -> RunLoopWake {
        var wokenByWakeUpPort = false
        if pollReady[pollPorts.count - 1] {
            handle.wakeUpPort.drain()
            wokenByWakeUpPort = true
        }
        if isDue(nextTimer) { return .timerPort }
        if ready > (wokenByWakeUpPort ? 1 : 0), let source = nextReadySource1() { return .source1(source) }
        return wokenByWakeUpPort ? .wakeUpPort : .nothing
    }

    private func nextReadySource1() -> RunLoopSource1? {
        let count = pollSources.count
        guard count > 0 else { return nil }
        var start = 0
        if let last = lastServedSource1, let index = pollSources.firstIndex(where: { ObjectIdentifier($0) == last }) {
            start = index + 1
        }
        for step in 0..<count {
            let index = (start + step) % count
            if pollReady[index] {
                lastServedSource1 = ObjectIdentifier(pollSources[index])
                return pollSources[index]
            }
        }
        return nil
    }
}

/// What ended a wait (CF's `livePort`): one port is serviced per turn.
enum RunLoopWake {
    /// Nothing: a poll found nothing ready, or the run's deadline passed.
    case nothing
    /// Only the wake-up port (`wakeUp()`, `stop()`); it does nothing by itself.
    case wakeUpPort
    /// The timer port: the earliest timer's deadline has been reached.
    case timerPort
    /// A source1's port is readable.
    case source1(RunLoopSource1)
    /// The wait failed with something other than EINTR (recorded in `lastWaitError`).
    case failure
}
