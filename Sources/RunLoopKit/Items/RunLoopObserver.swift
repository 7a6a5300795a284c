/// An observer: a callout at the run's activities in its mask (entry, before timers, ...).
///
/// CF rules followed: observers of one activity run in ascending order; a one-shot observer
/// (`repeats: false`) is invalidated after its first callout; an observer already in its callout is
/// not called again by a nested run; an observer belongs to one loop.
package final class RunLoopObserver: RunLoopItem {
    let activities: RunLoopActivity
    let repeats: Bool
    let order: Int
    /// Shown in traces (`observer fired <name>`).
    @exclusivity(unchecked)
    var name: String?
    let callout: (RunLoopActivity) -> Void
    @exclusivity(unchecked)
    package private(set) var isValid = true
    @exclusivity(unchecked)
    var isFiring = false
    /// Not retained and not weak, as CF's (a source's `_runLoops` bag and a timer's `_runLoop` do not retain
    /// the loop): a weak reference gave the loop a side table, so every retain and release of it on the event
    /// path took the runtime's slow path. Removal and the loop's deinit clear it, so it never dangles.
    @exclusivity(unchecked)
    unowned(unsafe) var runLoop: EventRunLoop?
    var sortKey: Int { order }

    package init(
        activities: RunLoopActivity, repeats: Bool = true, order: Int = 0, name: String? = nil,
        _ callout: @escaping (RunLoopActivity) -> Void
    ) {
        self.activities = activities
        self.repeats = repeats
        self.order = order
        self.name = name
        self.callout = callout
    }

    /// Removes the observer from every mode of its loop. Call on the loop's thread.
    func invalidate() {
        guard isValid else { return }
        isValid = false
        runLoop?.removeEverywhere(self)
    }
}

/// The points in a run at which observers are called, with CF's `CFRunLoopActivity` bit values.
package struct RunLoopActivity: OptionSet, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: UInt

    package init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The run is starting in a mode (before its first turn).
    package static let entry = RunLoopActivity(rawValue: 1 << 0)
    /// Step 1 of a turn: only a notification, timers fire later, after a wake.
    package static let beforeTimers = RunLoopActivity(rawValue: 1 << 1)
    /// Step 2 of a turn, before blocks and source0s.
    package static let beforeSources = RunLoopActivity(rawValue: 1 << 2)
    /// Step 5: the loop is about to sleep (not sent when it only polls).
    package static let beforeWaiting = RunLoopActivity(rawValue: 1 << 5)
    /// Step 7: the loop has woken (not sent when it only polled).
    package static let afterWaiting = RunLoopActivity(rawValue: 1 << 6)
    /// The run is returning.
    package static let exit = RunLoopActivity(rawValue: 1 << 7)
    /// `kCFRunLoopAllActivities`.
    package static let allActivities = RunLoopActivity(rawValue: 0x0FFF_FFFF)

    /// The trace wording of a single activity (`before waiting`); a set lists its members.
    package var description: String {
        let names: [(RunLoopActivity, String)] = [
            (.entry, "entry"), (.beforeTimers, "before timers"), (.beforeSources, "before sources"),
            (.beforeWaiting, "before waiting"), (.afterWaiting, "after waiting"), (.exit, "exit"),
        ]
        let members = names.filter { contains($0.0) }.map(\.1)
        return members.count == 1 ? members[0] : "[" + members.joined(separator: ", ") + "]"
    }
}
