/// A timer: a callout at `fireDate` (in the loop clock's nanoseconds), once or every `interval`.
///
/// CF rules followed: a timer fires only in step 8, after the loop woke for the timer deadline (never
/// because a callout took long); due timers fire in deadline order, equal deadlines in the order they
/// were set (a mode's timers are kept sorted by fire date, each new or rescheduled timer going after
/// those with the same date); a one-shot timer is invalidated after its callout; a late repeating
/// timer fires once and then skips to the first deadline after `now` on its interval grid (no burst
/// of missed fires); a timer belongs to one loop.
public final class RunLoopTimer: RunLoopItem {
    /// The next deadline. Setting it reschedules the timer (CF `CFRunLoopTimerSetNextFireDate`); a
    /// repeating timer whose callout moved it later keeps that date. Set it on the loop's thread.
    @exclusivity(unchecked)
    var fireDate: UInt64 {
        didSet { runLoop?.reposition(self) }
    }
    /// Nanoseconds between fires; nil or 0 means one-shot.
    let interval: UInt64?
    /// Kept for parity with `CFRunLoopTimerCreate`, whose documentation says run loop timers ignore it;
    /// so does RunLoopKit.
    let order: Int
    /// Shown in traces (`timer fired <name>`), worked out only when a trace asks for it: a gesture recognizer
    /// arms a timer on every touch down, and formatting its name cost more than the timer.
    var name: String? { describe() }
    private let describe: () -> String?
    let callout: (RunLoopTimer) -> Void
    @exclusivity(unchecked)
    private(set) var isValid = true
    /// Set during the callout, so a nested run does not fire the timer again (CF).
    @exclusivity(unchecked)
    var isFiring = false
    /// Not retained and not weak, as CF's (a source's `_runLoops` bag and a timer's `_runLoop` do not retain
    /// the loop): a weak reference gave the loop a side table, so every retain and release of it on the event
    /// path took the runtime's slow path. Removal and the loop's deinit clear it, so it never dangles.
    @exclusivity(unchecked)
    unowned(unsafe) var runLoop: EventRunLoop?
    var sortKey: UInt64 { fireDate }

    /// A timer that fires at `fireAt` (nanoseconds on the loop's clock) and then every `interval` nanoseconds (nil: once).
    public init(
        fireAt fireDate: UInt64, interval: UInt64? = nil, order: Int = 0, name: @autoclosure @escaping () -> String? = nil,
        _ callout: @escaping (RunLoopTimer) -> Void
    ) {
        self.fireDate = fireDate
        self.interval = interval
        self.order = order
        self.describe = name
        self.callout = callout
    }

    var repeats: Bool { (interval ?? 0) > 0 }

    /// Removes the timer from every mode of its loop; it never fires again. Call on the loop's thread.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        runLoop?.removeEverywhere(self)
    }

    /// CF `__CFRunLoopDoTimer`: the next deadline after a fire that was due at `oldFireDate` is the
    /// first point of the grid `oldFireDate + k * interval` strictly after `now`.
    static func nextFireDate(after oldFireDate: UInt64, interval: UInt64, now: UInt64) -> UInt64 {
        guard now >= oldFireDate else { return saturatingAdd(oldFireDate, interval) }
        let (steps, overflow) = ((now - oldFireDate) / interval + 1).multipliedReportingOverflow(by: interval)
        return overflow ? .max : saturatingAdd(oldFireDate, steps)
    }

    private static func saturatingAdd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
