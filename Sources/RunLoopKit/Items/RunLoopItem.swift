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
