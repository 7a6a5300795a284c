/// A version 0 source: a perform callout that runs once per `signal()`, in step 4 of a turn.
///
/// CF: `CFRunLoopSourceSignal` only marks the source; it does not wake a sleeping loop. Call
/// `EventRunLoop.wakeUp()` after signalling from another thread. `signal()` is thread-safe.
public final class RunLoopSource0: RunLoopItem {
    /// Signalled source0s run in ascending order (CF sorts them by order each turn).
    public let order: Int
    /// Shown in traces (`source0 fired <name>`).
    public var name: String?
    private let perform: () -> Void
    // Guarded by `lock`: other threads signal (CF's source lock).
    private let lock = RunLoopLock()
    private var signalled = false
    private var valid = true
    weak var runLoop: EventRunLoop?

    public init(order: Int = 0, name: String? = nil, perform: @escaping () -> Void) {
        self.order = order
        self.name = name
        self.perform = perform
    }

    /// Marks the source to be performed in the next turn of a loop running one of its modes.
    /// Any thread. Does nothing once invalidated (CF).
    public func signal() {
        lock.withLock {
            if valid { signalled = true }
        }
    }

    /// Signalled and not yet performed.
    public var isSignalled: Bool { lock.withLock { signalled } }

    public var isValid: Bool { lock.withLock { valid } }

    /// Removes the source from every mode of its loop and clears its signal; it never runs again.
    /// Call on the loop's thread.
    public func invalidate() {
        lock.withLock {
            valid = false
            signalled = false
        }
        runLoop?.removeEverywhere(self)
    }

    /// Whether the source should be collected for this turn's step 4.
    var isPending: Bool { lock.withLock { signalled && valid } }

    /// CF `__CFRunLoopDoSources0`: the signal is cleared before the perform callout, so a perform may
    /// signal its own source again for the next turn. Returns whether the callout should run.
    func takeSignal() -> Bool {
        lock.withLock {
            defer { signalled = false }
            return signalled && valid
        }
    }

    func performCallout() {
        perform()
    }
}
