import Synchronization

/// The callouts of a turn: observers, blocks, source0s, timers, source1s (CF `__CFRunLoopDoObservers`,
/// `__CFRunLoopDoBlocks`, `__CFRunLoopDoSources0`, `__CFRunLoopDoTimers`, `__CFRunLoopDoSource1`).
extension EventRunLoop {
    /// Traces the activity, then calls the mode's observers of it in order. The list is taken before
    /// the first callout (CF collects first), so an observer added meanwhile waits for the next time.
    func notify(_ activity: RunLoopActivity, _ items: RunLoopModeItems, _ mode: RunLoopMode) {
        trace(.activity(activity), mode)
        guard items.observerMask.contains(activity) else { return }
        // The snapshot `observers` keeps every observer alive while the callouts run (one may remove another),
        // so the loop reads them unretained.
        let observers = items.observers
        observers.withUnsafeBufferPointer { observers in
            for index in observers.indices {
                unowned(unsafe) let observer = observers[index]
                guard observer.activities.contains(activity) && observer.isValid && !observer.isFiring else { continue }
                observer.isFiring = true
                trace(.observer(activity), mode, observer.name)
                observer.callout(activity)
                // CF: a one-shot observer is invalidated after its callout.
                if !observer.repeats { observer.invalidate() }
                observer.isFiring = false
            }
        }
    }

    /// Runs the queued blocks whose modes include `mode`; the others stay queued, ahead of blocks
    /// queued by the callouts (which wait for the next pass). Returns whether any ran.
    @discardableResult
    func doBlocks(_ mode: RunLoopMode) -> Bool {
        guard handle.mayHaveBlocks.load(ordering: .acquiring) else { return false }
        let queued = handle.shared.withLock { shared in
            let queued = shared.blocks
            if !queued.isEmpty { shared.blocks = [] }
            handle.mayHaveBlocks.store(false, ordering: .relaxed)
            return queued
        }
        guard !queued.isEmpty else { return false }
        let modeIsCommon = commonModeList.contains(mode)
        var kept: [RunLoopPendingBlock] = []
        var ran = false
        for block in queued {
            if block.runs(in: mode, modeIsCommon: modeIsCommon) {
                trace(.block, mode)
                switch block.body {
                case .local(let key): localBlockBodies.removeValue(forKey: key)?()
                case .shared(let body): body()
                }
                ran = true
            } else {
                kept.append(block)
            }
        }
        if !kept.isEmpty {
            handle.shared.withLock {
                $0.blocks = kept + $0.blocks
                handle.mayHaveBlocks.store(true, ordering: .releasing)
            }
        }
        return ran
    }

    /// Step 4: performs the source0s that were signalled when the step began, by order and then by
    /// when they were signalled, clearing each one's signal first; with `stopAfterHandle`, only the
    /// first. Returns whether any was performed.
    func doSources0(_ items: RunLoopModeItems, _ mode: RunLoopMode, stopAfterHandle: Bool) -> Bool {
        guard !items.sources0.isEmpty else { return false }
        var collected = source0Scratch.popLast() ?? []
        // Read through the list's buffer, unretained: the snapshot `sources` keeps every source alive, and only
        // the collected ones are retained (issue 27: a retain and a release per source per turn before).
        let sources = items.sources0
        sources.withUnsafeBufferPointer { sources in
            for index in sources.indices {
                unowned(unsafe) let source = sources[index]
                if let stamp = source.pendingSignal { collected.append(SignalledSource0(source: source, stamp: stamp)) }
            }
        }
        // Insertion sort by (order, signal stamp): the list is short and already sorted by order.
        for index in collected.indices.dropFirst() {
            let entry = collected[index]
            var slot = index
            while slot > 0 && collected[slot - 1].source.order == entry.source.order && collected[slot - 1].stamp > entry.stamp {
                collected[slot] = collected[slot - 1]
                slot -= 1
            }
            collected[slot] = entry
        }
        var handled = false
        for entry in collected where entry.source.takeSignal() {
            let source = entry.source
            trace(.source0, mode, source.name)
            source.performCallout()
            handled = true
            if stopAfterHandle { break }
        }
        // Emptied from the end, element by element: `removeAll` destroyed the elements through the runtime's
        // generic array destroy, about 300 instructions a turn that collected any (issue 27).
        while !collected.isEmpty { collected.removeLast() }
        source0Scratch.append(collected)
        return handled
    }

    /// Step 8, timer port: fires every timer due at `limit`, in the mode's timer order (by fire date;
    /// equal dates in the order they were set, CF's timer array). Timers made due by these callouts
    /// wait for a later wake.
    func doTimers(_ items: RunLoopModeItems, _ mode: RunLoopMode, limit: UInt64) {
        var due = timerScratch.popLast() ?? []
        for timer in items.timers where timer.isValid && !timer.isFiring && timer.fireDate <= limit {
            due.append(timer)
        }
        for timer in due {
            fire(timer, mode)
        }
        due.removeAll(keepingCapacity: true)
        timerScratch.append(due)
    }

    /// CF `__CFRunLoopDoTimer`.
    private func fire(_ timer: RunLoopTimer, _ mode: RunLoopMode) {
        // An earlier callout may have invalidated or moved this timer (CF re-checks against the time now).
        guard timer.isValid, !timer.isFiring, timer.fireDate <= clock.now else { return }
        let oldFireDate = timer.fireDate
        timer.isFiring = true
        trace(.timer, mode, timer.name)
        timer.callout(timer)
        timer.isFiring = false
        if let interval = timer.interval, interval > 0 {
            // A late repeating timer skips the fires it missed; a callout that moved the fire date later keeps it.
            if timer.isValid && timer.fireDate <= oldFireDate {
                timer.fireDate = RunLoopTimer.nextFireDate(after: oldFireDate, interval: interval, now: clock.now)
            }
        } else {
            timer.invalidate()
        }
    }

    /// Step 8, a source1's port: its callout.
    func doSource1(_ source: RunLoopSource1, _ mode: RunLoopMode) -> Bool {
        guard source.isValid else { return false }
        trace(.source1, mode, source.name)
        source.callout()
        return true
    }
}

/// A source0 collected in step 4, with its signal stamp. A struct, not a tuple: emptying an array of tuples went
/// through the runtime's generic tuple destroy, element by element (issue 27).
struct SignalledSource0 {
    let source: RunLoopSource0
    let stamp: UInt64
}
