/// Adding and removing items, and the common modes (CF `CFRunLoopAddSource` & co.).
///
/// Adding to `.common` puts the item in the common-items set and in every common mode, including
/// modes made common later; removing from `.common` takes it out of all of them. Adding to a named
/// mode creates the mode. An invalid item, or one registered with another loop, is not added (CF).
/// Call these on the loop's thread (callouts may add and remove freely).
extension EventRunLoop {
    /// Adds a source0 to `mode` (`.common`: every common mode).
    public func add(_ source: RunLoopSource0, mode: RunLoopMode) { add(source, mode, \.sources0) }
    /// Adds a source1 to `mode`; its port is waited on while the loop runs in that mode.
    public func add(_ source: RunLoopSource1, mode: RunLoopMode) { add(source, mode, \.sources1) }
    /// Adds a timer to `mode`.
    public func add(_ timer: RunLoopTimer, mode: RunLoopMode) { add(timer, mode, \.timers) }
    package func add(_ observer: RunLoopObserver, mode: RunLoopMode) { add(observer, mode, \.observers) }

    package func remove(_ source: RunLoopSource0, mode: RunLoopMode) { remove(source, mode, \.sources0) }
    /// Removes a source1 from `mode`.
    public func remove(_ source: RunLoopSource1, mode: RunLoopMode) { remove(source, mode, \.sources1) }
    package func remove(_ timer: RunLoopTimer, mode: RunLoopMode) { remove(timer, mode, \.timers) }
    package func remove(_ observer: RunLoopObserver, mode: RunLoopMode) { remove(observer, mode, \.observers) }

    package func contains(_ source: RunLoopSource0, mode: RunLoopMode) -> Bool { contains(source, mode, \.sources0) }
    package func contains(_ source: RunLoopSource1, mode: RunLoopMode) -> Bool { contains(source, mode, \.sources1) }
    package func contains(_ timer: RunLoopTimer, mode: RunLoopMode) -> Bool { contains(timer, mode, \.timers) }
    package func contains(_ observer: RunLoopObserver, mode: RunLoopMode) -> Bool { contains(observer, mode, \.observers) }

    /// The modes marked common, in the order they became common (`.default` and `.tracking` first).
    package var commonModes: [RunLoopMode] { commonModeList }

    /// Marks `mode` common (CF `CFRunLoopAddCommonMode`): every item already added to `.common` is
    /// copied into it, and later common items go there too. Marking a mode common cannot be undone.
    package func addCommonMode(_ mode: RunLoopMode) {
        guard mode != .common, !commonModeList.contains(mode) else { return }
        commonModeList.append(mode)
        let target = items(for: mode)
        for source in commonItems.sources0 { _ = RunLoopModeItems.insert(source, into: &target.sources0) }
        for source in commonItems.sources1 { _ = RunLoopModeItems.insert(source, into: &target.sources1) }
        for timer in commonItems.timers { _ = RunLoopModeItems.insert(timer, into: &target.timers) }
        for observer in commonItems.observers { _ = RunLoopModeItems.insert(observer, into: &target.observers) }
    }

    /// The items of `mode`, created on first use (CF `__CFRunLoopFindMode(..., true)`).
    func items(for mode: RunLoopMode) -> RunLoopModeItems {
        if let existing = modes[mode] { return existing }
        let created = RunLoopModeItems()
        modes[mode] = created
        return created
    }

    /// CF `__CFRepositionTimerInMode`: a timer whose fire date changed moves to its new place in every
    /// mode it is in, after the timers with the same date.
    func reposition(_ timer: RunLoopTimer) {
        reposition(timer, in: commonItems)
        for target in modes.values { reposition(timer, in: target) }
    }

    private func reposition(_ timer: RunLoopTimer, in target: RunLoopModeItems) {
        if RunLoopModeItems.remove(timer, from: &target.timers) {
            _ = RunLoopModeItems.insert(timer, into: &target.timers)
        }
    }

    func removeEverywhere(_ source: RunLoopSource0) { removeEverywhere(source, \.sources0) }
    func removeEverywhere(_ source: RunLoopSource1) { removeEverywhere(source, \.sources1) }
    func removeEverywhere(_ timer: RunLoopTimer) { removeEverywhere(timer, \.timers) }
    func removeEverywhere(_ observer: RunLoopObserver) { removeEverywhere(observer, \.observers) }

    // Inlined into each typed entry point (as `removeEverywhere` is), so the key path is a constant there and
    // folds into a plain access: through a key path at run time, a gesture recognizer arming its timer on every
    // touch down spent longer finding the list than inserting into it.
    @inline(__always) private func add<Item: RunLoopItem>(
        _ item: Item, _ mode: RunLoopMode, _ list: ReferenceWritableKeyPath<RunLoopModeItems, [Item]>
    ) {
        guard item.isValid else { return }
        if let owner = item.runLoop, owner !== self { return }
        item.runLoop = self
        if mode == .common {
            guard RunLoopModeItems.insert(item, into: &commonItems[keyPath: list]) else { return }
            for common in commonModeList {
                let target = items(for: common)
                _ = RunLoopModeItems.insert(item, into: &target[keyPath: list])
            }
        } else {
            let target = items(for: mode)
            _ = RunLoopModeItems.insert(item, into: &target[keyPath: list])
        }
    }

    @inline(__always) private func remove<Item: RunLoopItem>(
        _ item: Item, _ mode: RunLoopMode, _ list: ReferenceWritableKeyPath<RunLoopModeItems, [Item]>
    ) {
        guard item.runLoop === self else { return }
        if mode == .common {
            guard RunLoopModeItems.remove(item, from: &commonItems[keyPath: list]) else { return }
            for common in commonModeList {
                if let target = modes[common] { _ = RunLoopModeItems.remove(item, from: &target[keyPath: list]) }
            }
        } else if let target = modes[mode] {
            _ = RunLoopModeItems.remove(item, from: &target[keyPath: list])
        }
        // CF: an item in no mode of the loop no longer belongs to it.
        if !commonItems.contains(item) && !modes.values.contains(where: { $0.contains(item) }) {
            item.runLoop = nil
        }
    }

    @inline(__always) private func contains<Item: RunLoopItem>(
        _ item: Item, _ mode: RunLoopMode, _ list: KeyPath<RunLoopModeItems, [Item]>
    ) -> Bool {
        let target = mode == .common ? commonItems : modes[mode]
        return target?[keyPath: list].contains { $0 === item } ?? false
    }

    @inline(__always) private func removeEverywhere<Item: RunLoopItem>(
        _ item: Item, _ list: ReferenceWritableKeyPath<RunLoopModeItems, [Item]>
    ) {
        _ = RunLoopModeItems.remove(item, from: &commonItems[keyPath: list])
        for target in modes.values { _ = RunLoopModeItems.remove(item, from: &target[keyPath: list]) }
        item.runLoop = nil
    }
}

/// A run loop mode: a name. Sources, timers and observers are added to modes, and a run runs one mode,
/// so only that mode's items take part (CF: a mode is a named set of sources, timers and observers).
public struct RunLoopMode: Hashable, Sendable, CustomStringConvertible {
    /// The CF/UIKit name, e.g. `kCFRunLoopDefaultMode`.
    public let name: String

    package init(_ name: String) {
        self.name = name
    }

    /// `kCFRunLoopDefaultMode`: where most work happens. Common by default.
    public static let `default` = RunLoopMode("kCFRunLoopDefaultMode")
    /// `UITrackingRunLoopMode`: UIKit runs it while a scroll view tracks a finger. Common by default.
    public static let tracking = RunLoopMode("UITrackingRunLoopMode")
    /// `kCFRunLoopCommonModes`: not a mode but the set of modes marked common. An item added here is in
    /// every common mode; it cannot be run.
    public static let common = RunLoopMode("kCFRunLoopCommonModes")

    /// The short label traces use: `default`, `tracking`, `common`, or the name of any other mode.
    public var description: String {
        switch self {
        case .default: return "default"
        case .tracking: return "tracking"
        case .common: return "common"
        default: return name
        }
    }
}

/// The items of one mode, or of the common-modes set (CF `__CFRunLoopMode`).
///
/// Every list is kept sorted by its items' `sortKey`, an item going after those with an equal key: CF
/// keeps observers so by order, and timers by fire date (`__CFRunLoopInsertionIndexInTimerArray`).
/// Source0s are sorted again each turn by order and signal time.
final class RunLoopModeItems {
    @exclusivity(unchecked)
    var sources0: [RunLoopSource0] = []
    @exclusivity(unchecked)
    var sources1: [RunLoopSource1] = [] {
        didSet { sources1Changes &+= 1 }
    }
    /// Bumped whenever `sources1` changes: the loop's wait rebuilds its port list only then.
    @exclusivity(unchecked)
    private(set) var sources1Changes: UInt64 = 0
    @exclusivity(unchecked)
    var timers: [RunLoopTimer] = []
    @exclusivity(unchecked)
    var observers: [RunLoopObserver] = [] {
        didSet { observerMask = observers.reduce(into: []) { $0.formUnion($1.activities) } }
    }
    /// The union of the observers' activities, so a turn skips activities nobody observes (CF `_observerMask`).
    @exclusivity(unchecked)
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

/// What the loop needs from every kind of item it keeps in its modes.
protocol RunLoopItem: AnyObject {
    associatedtype SortKey: Comparable
    /// Where the item goes in a mode's list: after every item whose key is lower or equal. Sources and
    /// observers use `order`; timers their fire date (CF keeps a mode's timers sorted by fire date).
    var sortKey: SortKey { get }
    /// False once invalidated; an invalid item is in no mode and never called out again.
    var isValid: Bool { get }
    /// The loop the item is registered with. CF: a timer or observer belongs to one run loop and
    /// adding it to another is ignored; RunLoopKit applies the same rule to sources.
    var runLoop: EventRunLoop? { get set }
}
