/// A version 0 source: a perform callout that runs once per `signal()`, in step 4 of a turn.
///
/// CF: `CFRunLoopSourceSignal` only marks the source; it does not wake a sleeping loop. Call
/// `EventRunLoop.wakeUp()` after signalling from another thread. `signal()` is thread-safe.
public final class RunLoopSource0: RunLoopItem {
    /// Signalled source0s run in ascending order; equal orders run in the order they were signalled
    /// (CF `__CFRunLoopSourceComparator`).
    public let order: Int
    /// Shown in traces (`source0 fired <name>`).
    public var name: String?
    private let perform: () -> Void
    // Guarded by `lock`: other threads signal (CF's source lock).
    private let lock = RunLoopLock()
    /// When first signalled (`SignalSequence`); 0 when not signalled (CF `_signaledTime`).
    private var signalStamp: UInt64 = 0
    private var valid = true
    weak var runLoop: EventRunLoop?
    var sortKey: Int { order }

    public init(order: Int = 0, name: String? = nil, perform: @escaping () -> Void) {
        self.order = order
        self.name = name
        self.perform = perform
    }

    /// Marks the source to be performed in the next turn of a loop running one of its modes.
    /// Any thread. Signalling a signalled source keeps its place; an invalid source ignores it (CF).
    public func signal() {
        lock.withLock {
            if valid && signalStamp == 0 { signalStamp = SignalSequence.next() }
        }
    }

    /// Signalled and not yet performed.
    public var isSignalled: Bool { lock.withLock { signalStamp != 0 } }

    public var isValid: Bool { lock.withLock { valid } }

    /// Removes the source from every mode of its loop and clears its signal; it never runs again.
    /// Call on the loop's thread.
    public func invalidate() {
        lock.withLock {
            valid = false
            signalStamp = 0
        }
        runLoop?.removeEverywhere(self)
    }

    /// The signal stamp if the source is to be collected for this turn's step 4, else nil.
    var pendingSignal: UInt64? {
        lock.withLock { signalStamp != 0 && valid ? signalStamp : nil }
    }

    /// CF `__CFRunLoopDoSources0`: the signal is cleared before the perform callout, so a perform may
    /// signal its own source again for the next turn. Returns whether the callout should run.
    func takeSignal() -> Bool {
        lock.withLock {
            defer { signalStamp = 0 }
            return signalStamp != 0 && valid
        }
    }

    func performCallout() {
        perform()
    }
}
