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
    var name: String?
    let callout: (RunLoopActivity) -> Void
    package private(set) var isValid = true
    var isFiring = false
    weak var runLoop: EventRunLoop?
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
