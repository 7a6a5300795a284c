import CZeroMQ

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
/// 6. the sleep is one `zmq_poll` over every source1 port of the mode and the wake-up eventfd, with
///    the earliest timer deadline (the "timer port") or the run's deadline as its timeout;
/// 7. AfterWaiting observers (not after a poll);
/// 8. what woke it, one port per turn: due timers fire in deadline order, or one ready source1's
///    callout runs, or (wake-up port, deadline) nothing;
/// 9. blocks; then return `.handledSource` if a source was handled and the caller asked for that,
///    `.timedOut` if the deadline passed, `.stopped` after `stop()`, `.finished` if the mode is empty;
///    else turn again.
///
/// Threads: the loop belongs to the thread that runs it. Only `wakeUp()`, `stop()`,
/// `perform(inModes:_:)`, `RunLoopSource0.signal()` and `InProcessPort.send(_:)` may be called from
/// other threads.
///
/// Time: timers and deadlines are in `clock` nanoseconds. With a `ManualClock` the loop never sleeps
/// for time: see `run(mode:until:returnAfterSourceHandled:)` and `advance(to:mode:)`.
public final class EventRunLoop {
    public let clock: RunLoopClock
    /// Set when `clock` is a `ManualClock`: the loop then moves the clock instead of sleeping.
    let manualClock: ManualClock?

    /// Receives a record of every activity and callout; nil (the default) costs one check per step.
    public var tracer: RunLoopTracer?

    /// The mode of the innermost active run; nil when the loop is not running.
    public internal(set) var currentMode: RunLoopMode?

    /// Set when `zmq_poll` failed with something other than EINTR (a closed socket, a terminated
    /// context); the run then returned `.finished`, since it can no longer wait on its ports.
    public internal(set) var lastWaitError: RunLoopSystemError?

    var modes: [RunLoopMode: RunLoopModeItems] = [:]
    /// CF `_commonModes`, in the order they became common. CF starts with the default mode; UIKit adds
    /// `UITrackingRunLoopMode` to the main run loop's common modes, so this loop starts with both.
    var commonModeList: [RunLoopMode] = [.default, .tracking]
    /// CF `_commonModeItems`: items added to `.common`, copied into every common mode.
    let commonItems = RunLoopModeItems()
    /// Nesting level of the active runs, for traces.
    var runDepth = 0

    let wakeUpPort = WakeUpPort()
    let stateLock = RunLoopLock()
    /// Guarded by `stateLock`. CF creates a loop ignoring wake-ups until a run starts.
    var currentRun = RunLoopRunState(ignoresWakeUps: true)
    /// Guarded by `stateLock` (CF `_blocks_head`).
    var pendingBlocks: [RunLoopPendingBlock] = []

    // Scratch space reused by every turn, so a turn allocates nothing once these have grown.
    var pollItems: [zmq_pollitem_t] = []
    var pollSources: [RunLoopSource1] = []
    weak var lastServedSource1: RunLoopSource1?
    var source0Scratch: [[(source: RunLoopSource0, stamp: UInt64)]] = []
    var timerScratch: [[RunLoopTimer]] = []

    public init(clock: RunLoopClock = MonotonicClock()) {
        self.clock = clock
        self.manualClock = clock as? ManualClock
    }

    /// Wakes the loop if it is sleeping (or about to sleep in this turn). Any thread.
    ///
    /// CF `CFRunLoopWakeUp`: writes the wake-up port unless the loop ignores wake-ups, which it does
    /// from waking until its next turn starts (that turn runs every signalled source0 before sleeping
    /// again) and while no run is active.
    public func wakeUp() {
        let ignores = stateLock.withLock { currentRun.ignoresWakeUps }
        if !ignores { wakeUpPort.signal() }
    }

    /// Makes the innermost active run return `.stopped` at the end of its current turn. Any thread.
    /// CF `CFRunLoopStop`: the stop belongs to that run (a later run starts afresh) and wakes the loop.
    public func stop() {
        stateLock.withLock { currentRun.stopped = true }
        wakeUp()
    }

    /// Queues `block` for the next turn of a run in one of `modes` (`.common` means every common mode).
    /// Any thread. CF `CFRunLoopPerformBlock`: this does not wake a sleeping loop; call `wakeUp()`.
    public func perform(inModes modes: [RunLoopMode] = [.common], _ block: @escaping () -> Void) {
        guard !modes.isEmpty else { return }
        stateLock.withLock { pendingBlocks.append(RunLoopPendingBlock(modes: modes, body: block)) }
    }

    /// Records a trace step; free when there is no tracer.
    @inline(__always)
    func trace(_ kind: RunLoopTraceRecord.Kind, _ mode: RunLoopMode, _ name: @autoclosure () -> String? = nil) {
        guard let tracer else { return }
        tracer.record(RunLoopTraceRecord(kind: kind, mode: mode, name: name(), time: clock.now, depth: runDepth))
    }
}
