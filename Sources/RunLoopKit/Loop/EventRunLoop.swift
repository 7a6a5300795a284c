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
    public let clock: RunLoopClock
    /// Set when `clock` is a `ManualClock`: the loop then moves the clock instead of sleeping.
    let manualClock: ManualClock?

    /// Receives a record of every activity and callout; nil (the default) costs one check per step.
    package var tracer: RunLoopTracer?

    /// The mode of the innermost active run; nil when the loop is not running.
    public internal(set) var currentMode: RunLoopMode?

    /// Set when the wait failed with something other than EINTR (a closed socket, a terminated ZeroMQ
    /// context); the run then returned `.finished`, since it can no longer wait on its ports.
    package internal(set) var lastWaitError: RunLoopSystemError?

    var modes: [RunLoopMode: RunLoopModeItems] = [:]
    /// CF `_commonModes`, in the order they became common. CF starts with the default mode; UIKit adds
    /// `UITrackingRunLoopMode` to the main run loop's common modes, so this loop starts with both.
    var commonModeList: [RunLoopMode] = [.default, .tracking]
    /// CF `_commonModeItems`: items added to `.common`, copied into every common mode.
    let commonItems = RunLoopModeItems()
    /// Nesting level of the active runs, for traces.
    var runDepth = 0

    /// The wake-up port, the current run's stop and wake state, and the block queue: what other
    /// threads may touch.
    package let handle = Handle()
    /// Bodies of the blocks queued on this thread, by their key in the shared block queue.
    var localBlockBodies: [UInt64: () -> Void] = [:]
    var lastLocalBlockKey: UInt64 = 0

    // Scratch space reused by every turn, so a turn allocates nothing once these have grown.
    /// `PollWaiter` until a wait has a port of another kind (see `RunLoopWaiter`).
    var waiter: any RunLoopWaiter = PollWaiter()
    var pollSources: [RunLoopSource1] = []
    /// The ports of `pollSources`, then the wake-up port; `pollReady` holds the waiter's answer for each.
    var pollPorts: [RunLoopPort] = []
    var pollReady: [Bool] = []
    weak var lastServedSource1: RunLoopSource1?
    var source0Scratch: [[(source: RunLoopSource0, stamp: UInt64)]] = []
    var timerScratch: [[RunLoopTimer]] = []

    public init(clock: RunLoopClock = MonotonicClock()) {
        self.clock = clock
        self.manualClock = clock as? ManualClock
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
        handle.shared.withLock { $0.blocks.append(RunLoopPendingBlock(modes: modes, body: .local(key))) }
    }

    /// Records a trace step; free when there is no tracer.
    @inline(__always)
    func trace(_ kind: RunLoopTraceRecord.Kind, _ mode: RunLoopMode, _ name: @autoclosure () -> String? = nil) {
        guard let tracer else { return }
        tracer.record(RunLoopTraceRecord(kind: kind, mode: mode, name: name(), time: clock.now, depth: runDepth))
    }
}
