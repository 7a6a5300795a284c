/// A version 0 source: a perform callout that runs once per `signal()`, in step 4 of a turn.
///
/// CF: `CFRunLoopSourceSignal` only marks the source; it does not wake a sleeping loop. Call
/// `EventRunLoop.wakeUp()` after signalling. The source belongs to its loop's thread (`signal()` is
/// thread-safe, but does not wake); another thread holds a `Signaller` (`signaller(waking:)`), whose
/// `signal()` also wakes the loop.
public final class RunLoopSource0: RunLoopItem {
    /// Signalled source0s run in ascending order; equal orders run in the order they were signalled
    /// (CF `__CFRunLoopSourceComparator`).
    let order: Int
    /// Shown in traces (`source0 fired <name>`).
    var name: String?
    private let perform: () -> Void
    /// The only state other threads touch (CF's source lock guards the same).
    let signalState = SignalState()
    weak var runLoop: EventRunLoop?
    var sortKey: Int { order }

    public init(order: Int = 0, name: String? = nil, perform: @escaping () -> Void) {
        self.order = order
        self.name = name
        self.perform = perform
    }

    /// Marks the source to be performed in the next turn of a loop running one of its modes.
    /// Signalling a signalled source keeps its place; an invalid source ignores it (CF).
    public func signal() {
        signalState.signal()
    }

    /// Signalled and not yet performed.
    package var isSignalled: Bool { signalState.isSignalled }

    var isValid: Bool { signalState.isValid }

    /// Removes the source from every mode of its loop and clears its signal; it never runs again.
    /// Call on the loop's thread.
    func invalidate() {
        signalState.invalidate()
        runLoop?.removeEverywhere(self)
    }

    /// The signal stamp if the source is to be collected for this turn's step 4, else nil.
    var pendingSignal: UInt64? { signalState.pendingSignal }

    /// CF `__CFRunLoopDoSources0`: the signal is cleared before the perform callout, so a perform may
    /// signal its own source again for the next turn. Returns whether the callout should run.
    func takeSignal() -> Bool {
        signalState.take()
    }

    func performCallout() {
        perform()
    }
}
