/// The items of one mode, or of the common-modes set (CF `__CFRunLoopMode`).
///
/// Every list is kept sorted by its items' `sortKey`, an item going after those with an equal key: CF
/// keeps observers so by order, and timers by fire date (`__CFRunLoopInsertionIndexInTimerArray`).
/// Source0s are sorted again each turn by order and signal time.
final class RunLoopModeItems {
    var sources0: [RunLoopSource0] = []
    var sources1: [RunLoopSource1] = []
    var timers: [RunLoopTimer] = []
    var observers: [RunLoopObserver] = [] {
        didSet { observerMask = observers.reduce(into: []) { $0.formUnion($1.activities) } }
    }
    /// The union of the observers' activities, so a turn skips activities nobody observes (CF `_observerMask`).
    private(set) var observerMask: RunLoopActivity = []

    /// CF `__CFRunLoopModeIsEmpty` minus blocks: no source0, source1 or timer.
    var hasNoSourcesOrTimers: Bool { sources0.isEmpty && sources1.isEmpty && timers.isEmpty }

    /// Inserts `item` after the items with a lower or equal key; false if it is already there.
    static func insert<Item: RunLoopItem>(_ item: Item, into list: inout [Item]) -> Bool {
        guard !list.contains(where: { $0 === item }) else { return false }
        let key = item.sortKey
        let index = list.firstIndex { $0.sortKey > key } ?? list.endIndex
        list.insert(item, at: index)
        return true
    }

    /// Removes `item`; false if it was not there.
    static func remove<Item: RunLoopItem>(_ item: Item, from list: inout [Item]) -> Bool {
        guard let index = list.firstIndex(where: { $0 === item }) else { return false }
        list.remove(at: index)
        return true
    }

    func contains(_ item: AnyObject) -> Bool {
        sources0.contains { $0 === item } || sources1.contains { $0 === item }
            || timers.contains { $0 === item } || observers.contains { $0 === item }
    }
}
