import Synchronization

/// A run loop that follows CFRunLoop (`CFRunLoopRunSpecific` / `__CFRunLoopRun` in
/// swift-corelibs-foundation) step by step.
///
/// A run runs one mode: it notifies Entry observers, turns, and notifies Exit observers. One turn:
/// 1. BeforeTimers observers (a notification only: timers fire in step 8);
/// 2. BeforeSources observers;
/// 3. blocks queued for the mode;
/// 4. signalled source0s by order, then by when they were signalled (each signal cleared before its
///    perform); blocks again if any ran;
/// 5. if a source0 ran, or the run's timeout is zero, poll without sleeping; otherwise notify
///    BeforeWaiting observers and sleep;
/// 6. the sleep is one wait (`poll(2)`, or the `RunLoopWaiter` of the mode's ports) over every source1
///    port of the mode and the wake-up eventfd, with the earliest timer deadline (the "timer port") or the
///    run's deadline as its timeout;
/// 7. AfterWaiting observers (not after a poll);
/// 8. what woke it, one port per turn: due timers fire in deadline order, or one ready source1's
///    callout runs, or (wake-up port, deadline) nothing;
/// 9. blocks; then return `.handledSource` if a source was handled and the caller asked for that,
///    `.timedOut` if the deadline passed, `.stopped` after `stop()`, `.finished` if the mode is empty;
///    else turn again.
///
/// Threads: the loop belongs to the thread that runs it, so it is not Sendable. Other threads hold its
/// `handle` (`wakeUp()`, `stop()`, `perform(inModes:_:)`), a source0's `Signaller`, or an
/// `InProcessPort`.
///
/// Time: timers and deadlines are in `clock` nanoseconds. With a `ManualClock` the loop never sleeps
/// for time: see `run(mode:until:returnAfterSourceHandled:)` and `advance(to:mode:)`.
public final class EventRunLoop {
    /// Where the loop reads the time: the system's monotonic clock, or a `ManualClock` in tests.
    public let clock: RunLoopClock
    /// Set when `clock` is a `ManualClock`: the loop then moves the clock instead of sleeping.
    let manualClock: ManualClock?

    /// Receives a record of every activity and callout; nil (the default) costs one check per step.
    @exclusivity(unchecked)
    package var tracer: RunLoopTracer?

    /// The mode of the innermost active run; nil when the loop is not running.
    @exclusivity(unchecked)
    public internal(set) var currentMode: RunLoopMode?

    /// Set when the wait failed with something other than EINTR (a closed socket, a terminated ZeroMQ
    /// context); the run then returned `.finished`, since it can no longer wait on its ports.
    @exclusivity(unchecked)
    package internal(set) var lastWaitError: RunLoopSystemError?

    @exclusivity(unchecked)
    var modes: [RunLoopMode: RunLoopModeItems] = [:]
    /// CF `_commonModes`, in the order they became common. CF starts with the default mode; UIKit adds
    /// `UITrackingRunLoopMode` to the main run loop's common modes, so this loop starts with both.
    @exclusivity(unchecked)
    var commonModeList: [RunLoopMode] = [.default, .tracking]
    /// CF `_commonModeItems`: items added to `.common`, copied into every common mode.
    let commonItems = RunLoopModeItems()
    /// Nesting level of the active runs, for traces.
    @exclusivity(unchecked)
    var runDepth = 0

    /// The wake-up port, the current run's stop and wake state, and the block queue: what other
    /// threads may touch.
    package let handle = Handle()
    /// Bodies of the blocks queued on this thread, by their key in the shared block queue.
    @exclusivity(unchecked)
    var localBlockBodies: [UInt64: () -> Void] = [:]
    @exclusivity(unchecked)
    var lastLocalBlockKey: UInt64 = 0

    // Scratch space reused by every turn, so a turn allocates nothing once these have grown.
    /// `PollWaiter` until a wait has a port of another kind (see `RunLoopWaiter`).
    @exclusivity(unchecked)
    var waiter: any RunLoopWaiter = PollWaiter()
    @exclusivity(unchecked)
    var pollSources: [RunLoopSource1] = []
    /// The ports of `pollSources`, then the wake-up port; `pollReady` holds the waiter's answer for each.
    @exclusivity(unchecked)
    var pollPorts: [RunLoopPort] = []
    @exclusivity(unchecked)
    var pollReady: [Bool] = []
    /// The mode items and their `sources1Changes` that `pollSources` and `pollPorts` were built from: a wait in
    /// the same mode with the same source1s, every one still valid, keeps them as they are (issue 27: rebuilding
    /// them every turn was about 1,900 instructions an event in the app).
    @exclusivity(unchecked)
    var pollItemsBuiltFrom: (items: RunLoopModeItems, changes: UInt64)?
    /// The source1 served last (fairness: the next ready one after it goes first). Its identity only: a weak
    /// reference gave every source1 a side table, so each retain and release of one took the slow path.
    @exclusivity(unchecked)
    var lastServedSource1: ObjectIdentifier?
    /// The last wait was step 5's poll answered from known state (`answerWithoutWaiting`): the next one polls.
    @exclusivity(unchecked)
    var lastWaitAnsweredFromState = false
    @exclusivity(unchecked)
    var source0Scratch: [[SignalledSource0]] = []
    @exclusivity(unchecked)
    var timerScratch: [[RunLoopTimer]] = []

    /// A loop on `clock` with the default mode and the common modes, and nothing in them yet.
    public init(clock: RunLoopClock = MonotonicClock()) {
        self.clock = clock
        self.manualClock = clock as? ManualClock
    }

    /// Items hold their loop unretained and not weak (see `RunLoopSource0.runLoop`): a loop going away tells
    /// every item still in one of its modes, so none is left pointing at it.
    deinit {
        for items in [commonItems] + Array(modes.values) {
            for item in items.sources0 where item.runLoop === self { item.runLoop = nil }
            for item in items.sources1 where item.runLoop === self { item.runLoop = nil }
            for item in items.timers where item.runLoop === self { item.runLoop = nil }
            for item in items.observers where item.runLoop === self { item.runLoop = nil }
        }
    }

    /// `handle.wakeUp()`.
    public func wakeUp() {
        handle.wakeUp()
    }

    /// `handle.stop()`.
    public func stop() {
        handle.stop()
    }

    /// Queues `block` for the next turn of a run in one of `modes` (`.common` means every common mode),
    /// on the loop's thread; other threads use `handle.perform(inModes:_:)`. CF `CFRunLoopPerformBlock`:
    /// this does not wake a sleeping loop.
    public func perform(inModes modes: [RunLoopMode] = [.common], _ block: @escaping () -> Void) {
        guard !modes.isEmpty else { return }
        lastLocalBlockKey &+= 1
        let key = lastLocalBlockKey
        localBlockBodies[key] = block
        handle.shared.withLock {
            $0.blocks.append(RunLoopPendingBlock(modes: modes, body: .local(key)))
            handle.mayHaveBlocks.store(true, ordering: .releasing)
        }
    }

    /// Records a trace step; free when there is no tracer.
    @inline(__always)
    func trace(_ kind: RunLoopTraceRecord.Kind, _ mode: RunLoopMode, _ name: @autoclosure () -> String? = nil) {
        guard let tracer else { return }
        tracer.record(RunLoopTraceRecord(kind: kind, mode: mode, name: name(), time: clock.now, depth: runDepth))
    }
}

/// Driving the loop by time instead of by sleeping: the headless app runner and tests.
///
/// Rules (with a `ManualClock`):
/// - `advance(to: t)` runs `mode` with the full turn structure (BeforeWaiting and AfterWaiting
///   included). Each time the loop would sleep, it first polls its ports with zero timeout; if nothing
///   is ready it sets the clock to the earlier of the next timer deadline and `t` instead of sleeping.
///   So every timer due up to `t` (inclusive) fires, in deadline order, with the clock at its own
///   deadline, and the source0s, blocks and ports its callouts make ready are handled before the clock
///   moves on. Once the clock is at `t`, the run continues until a wait finds nothing ready, then
///   returns `.timedOut` with the clock at `t`.
/// - `runUntilIdle()` is `advance(to: clock.now)`: everything already ready or due is handled; time
///   does not move.
/// - A target in the past does not move the clock back; it only handles what is ready or due.
/// - An empty mode returns `.finished` and the clock is set to `t` (nothing there could fire).
///   `stop()` returns `.stopped` with the clock where the stop happened.
/// - A timer repeats on its grid: firing at its deadline, its next deadline is one interval later.
///   Moving the clock past several deadlines yourself (`clock.advance(by:)`) makes it fire once, late,
///   and skip the missed ones.
/// - Real I/O is still real: a port made readable by another thread is seen by the next poll.
///
/// With a real clock, `advance(to:)` sleeps until `t` as `run` does, then continues until idle.
extension EventRunLoop {
    /// Handles everything ready or due now, as turns of `mode`, then returns (`.timedOut` when idle).
    @discardableResult
    public func runUntilIdle(mode: RunLoopMode = .default) -> RunLoopRunResult {
        runSpecific(mode, .idle(at: clock.now), false)
    }

    /// Runs `mode` through time `to` (clock nanoseconds): see the rules above.
    @discardableResult
    public func advance(to time: UInt64, mode: RunLoopMode = .default) -> RunLoopRunResult {
        let result = runSpecific(mode, .idle(at: time), false)
        if result == .finished, let manualClock {
            manualClock.moveForward(to: time)
        }
        return result
    }

    /// `advance(to: clock.now + nanoseconds, mode:)`.
    @discardableResult
    package func advance(by nanoseconds: UInt64, mode: RunLoopMode = .default) -> RunLoopRunResult {
        let (time, overflow) = clock.now.addingReportingOverflow(nanoseconds)
        return advance(to: overflow ? .max : time, mode: mode)
    }
}

extension EventRunLoop {
    /// The part of a loop other threads may use. `EventRunLoop` belongs to the thread that runs it (it
    /// is not Sendable); `loop.handle` is what a signal handler or another thread holds to wake it,
    /// stop it, or queue a block on it (the calls CF allows from any thread).
    package final class Handle: Sendable {
        let wakeUpPort = WakeUpPort()
        let shared = Mutex(RunLoopSharedState())
        /// True whenever `shared.blocks` is not empty (set under the lock with every append): a turn with no
        /// block queued skips the lock (issue 27: `doBlocks` runs two or three times a turn). A block queued
        /// by another thread just after the check waits for the next turn, as one queued just after the
        /// lock would.
        let mayHaveBlocks = Atomic<Bool>(false)

        init() {}

        /// Wakes the loop if it is sleeping (or about to sleep in this turn). Any thread.
        ///
        /// CF `CFRunLoopWakeUp`: writes the wake-up port unless the loop ignores wake-ups, which it does
        /// from waking until its next turn starts (that turn runs every signalled source0 before sleeping
        /// again) and while no run is active.
        package func wakeUp() {
            let ignores = shared.withLock { $0.currentRun.ignoresWakeUps }
            if !ignores { wakeUpPort.signal() }
        }

        /// Makes the innermost active run return `.stopped` at the end of its current turn. Any thread.
        /// CF `CFRunLoopStop`: the stop belongs to that run (a later run starts afresh) and wakes the loop.
        package func stop() {
            shared.withLock { $0.currentRun.stopped = true }
            wakeUp()
        }

        /// Queues `block` for the next turn of a run in one of `modes` (`.common` means every common
        /// mode). Any thread. CF `CFRunLoopPerformBlock`: this does not wake a sleeping loop; call
        /// `wakeUp()`.
        package func perform(inModes modes: [RunLoopMode] = [.common], _ block: @escaping @Sendable () -> Void) {
            guard !modes.isEmpty else { return }
            shared.withLock {
                $0.blocks.append(RunLoopPendingBlock(modes: modes, body: .shared(block)))
                mayHaveBlocks.store(true, ordering: .releasing)
            }
        }
    }
}

/// What other threads may change in a loop, guarded by its handle's mutex (CF's loop lock).
struct RunLoopSharedState: Sendable {
    /// The innermost active run's state; CF creates a loop ignoring wake-ups until a run starts.
    var currentRun = RunLoopRunState(ignoresWakeUps: true)
    /// CF `_blocks_head`: every queued block, from any thread, in the order queued.
    var blocks: [RunLoopPendingBlock] = []
}

/// CF `_per_run_data`: the state of one (possibly nested) run. A new run starts with fresh state, so a
/// `stop()` made while no run is active, or aimed at an inner run, does not stop another run.
/// Kept in the loop's `RunLoopSharedState` (`stop()` and `wakeUp()` may come from any thread).
struct RunLoopRunState: Sendable {
    var stopped = false
    /// CF: wake-ups are ignored from the moment the loop wakes until the next turn starts (it will
    /// run every signalled source0 before sleeping again anyway), and while no run is active.
    var ignoresWakeUps: Bool

    init(ignoresWakeUps: Bool) {
        self.ignoresWakeUps = ignoresWakeUps
    }
}

/// A block queued with `perform(inModes:_:)`, run by the first turn of a run in one of its modes.
struct RunLoopPendingBlock: Sendable {
    enum Body: Sendable {
        /// Queued on the loop's thread: the closure need not be Sendable, so it stays with the loop
        /// (`EventRunLoop.localBlockBodies`, under this key) and only its place in the queue is shared.
        case local(UInt64)
        /// Queued through the loop's `Handle`, from any thread.
        case shared(@Sendable () -> Void)
    }

    let modes: [RunLoopMode]
    let body: Body

    /// CF `__CFRunLoopDoBlocks`: the block's modes name the current mode, or name the common modes
    /// and the current mode is common.
    func runs(in mode: RunLoopMode, modeIsCommon: Bool) -> Bool {
        modes.contains { $0 == mode || ($0 == .common && modeIsCommon) }
    }
}
