import ZeroMQ

/// Steps 5-6: the one wait of a turn (CF `__CFRunLoopServiceMachPort` on the mode's port set).
extension EventRunLoop {
    /// Waits on the mode's source1 ports, the wake-up port and the timer port (modelled by the earliest
    /// timer deadline) at once, and reports the one port serviced this turn (CF's `livePort`).
    func wait(_ items: RunLoopModeItems, poll: Bool, limit: RunLoopRunLimit) -> RunLoopWake {
        preparePollItems(items)
        let nextTimer = nextTimerDeadline(items)
        if poll { return pollPorts(timeoutMilliseconds: 0, nextTimer: nextTimer) }

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
            // The poller counts whole milliseconds on its own clock and may return a little early: keep
            // waiting, since CF's wait ends only for a port or a deadline.
            if let wakeTime, clock.now >= wakeTime { return .nothing }
        }
    }

    /// The source1 ports of the mode, then the wake-up port, in the reusable poller.
    private func preparePollItems(_ items: RunLoopModeItems) {
        poller.removeAll()
        pollSources.removeAll(keepingCapacity: true)
        for source in items.sources1 where source.isValid {
            source.port.add(to: &poller)
            pollSources.append(source)
        }
        RunLoopPort.fileDescriptor(handle.wakeUpPort.descriptor).add(to: &poller)
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

    /// One wait of the `ZMQPoller` (zmq_poll's answers, fewer system calls), then the live port. The wake-up port is drained whenever it is readable (it
    /// carries no work). Then, in this order: the timer port if its deadline has passed (the earliest
    /// event), else one ready source1, else the wake-up port. Ready source1s are served in their
    /// order, starting after the one served last time, so a port that is never drained cannot starve
    /// the others (CF serves whichever message arrived first; a poll does not say).
    /// The poller retries EINTR with the time left; any other failure (a closed socket, a terminated
    /// context) is recorded with libzmq's text for its errno.
    private func pollPorts(timeoutMilliseconds: Int, nextTimer: UInt64?) -> RunLoopWake {
        let ready: Int
        do {
            ready = try poller.poll(timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            lastWaitError = RunLoopSystemError(
                operation: error.operation, code: error.code, message: ZMQError.text(for: error.code))
            return .failure
        }
        var wokenByWakeUpPort = false
        if !poller.revents(at: poller.count - 1).isEmpty {
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
        if let last = lastServedSource1, let index = pollSources.firstIndex(where: { $0 === last }) {
            start = index + 1
        }
        for step in 0..<count {
            let index = (start + step) % count
            if !poller.revents(at: index).isEmpty {
                lastServedSource1 = pollSources[index]
                return pollSources[index]
            }
        }
        return nil
    }
}
