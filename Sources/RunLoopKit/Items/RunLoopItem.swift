/// What the loop needs from every kind of item it keeps in its modes.
protocol RunLoopItem: AnyObject {
    /// Orders the item among its kind (lower first); CF's `order`.
    var order: Int { get }
    /// False once invalidated; an invalid item is in no mode and never called out again.
    var isValid: Bool { get }
    /// The loop the item is registered with. CF: a timer or observer belongs to one run loop and
    /// adding it to another is ignored; RunLoopKit applies the same rule to sources.
    var runLoop: EventRunLoop? { get set }
}
