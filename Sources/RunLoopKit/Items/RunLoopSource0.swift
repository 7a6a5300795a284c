import Synchronization

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
    @exclusivity(unchecked)
    var name: String?
    private let perform: () -> Void
    /// The only state other threads touch (CF's source lock guards the same).
    let signalState = SignalState()
    /// Not retained and not weak, as CF's (a source's `_runLoops` bag and a timer's `_runLoop` do not retain
    /// the loop): a weak reference gave the loop a side table, so every retain and release of it on the event
    /// path took the runtime's slow path. Removal and the loop's deinit clear it, so it never dangles.
    @exclusivity(unchecked)
    unowned(unsafe) var runLoop: EventRunLoop?
    var sortKey: Int { order }

    /// A source0 that runs `perform` when signalled; lower `order` runs first within a turn (CFRunLoop's order).
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

extension RunLoopSource0 {
    /// A source0's signal and validity: the part of a source other threads touch, kept apart so that a
    /// `Signaller` can hold it without holding the (loop-confined) source.
    final class SignalState: Sendable {
        /// When first signalled (`SignalSequence`); 0 when not signalled (CF `_signaledTime`); `invalid` once
        /// invalidated. One atomic word, not a lock: every turn reads every source0's (issue 27).
        private let stamp = Atomic<UInt64>(0)
        private static let invalid = UInt64.max

        func signal() {
            // A signalled source keeps its first stamp; an invalid one ignores the signal.
            while stamp.load(ordering: .acquiring) == 0 {
                let next = SignalSequence.next()
                if stamp.compareExchange(expected: 0, desired: next, ordering: .acquiringAndReleasing).exchanged { return }
            }
        }

        var isSignalled: Bool { Self.isPending(stamp.load(ordering: .acquiring)) }

        var isValid: Bool { stamp.load(ordering: .acquiring) != Self.invalid }

        func invalidate() {
            stamp.store(Self.invalid, ordering: .releasing)
        }

        var pendingSignal: UInt64? {
            let current = stamp.load(ordering: .acquiring)
            return Self.isPending(current) ? current : nil
        }

        /// Clears the signal; returns whether the source was signalled and valid.
        func take() -> Bool {
            var current = stamp.load(ordering: .acquiring)
            while Self.isPending(current) {
                let (exchanged, original) = stamp.compareExchange(
                    expected: current, desired: 0, ordering: .acquiringAndReleasing)
                if exchanged { return true }
                current = original
            }
            return false
        }

        private static func isPending(_ stamp: UInt64) -> Bool { stamp != 0 && stamp != invalid }
    }
}

extension RunLoopSource0 {
    /// What another thread holds to signal a source0: `signal()` is `CFRunLoopSourceSignal` followed by
    /// `CFRunLoopWakeUp`, the pair CF asks for across threads. The source and its loop stay on the
    /// loop's thread; this holds only their thread-safe parts.
    public struct Signaller: Sendable {
        let state: SignalState
        let loop: EventRunLoop.Handle

        /// Marks the source (as `RunLoopSource0.signal()`) and wakes its loop. Any thread.
        public func signal() {
            state.signal()
            loop.wakeUp()
        }

        /// Signalled and not yet performed. Any thread.
        var isSignalled: Bool { state.isSignalled }
    }

    /// A signaller for this source that wakes `loop`, the loop the source is (or will be) added to.
    public func signaller(waking loop: EventRunLoop) -> Signaller {
        Signaller(state: signalState, loop: loop.handle)
    }
}

/// Stamps source0 signals with a process-wide increasing number. CF records `mach_absolute_time()` at
/// the first signal and performs equal-order sources in that order; a sequence number gives the same
/// order without ties, whatever clock the loop uses.
enum SignalSequence {
    private static let last = Atomic<UInt64>(0)

    static func next() -> UInt64 {
        last.add(1, ordering: .relaxed).newValue
    }
}
