/// The three choices a responder subclass has for an event method (event-delivery.md section 4).
public enum UIMethodOverride: String, Sendable, CaseIterable {
    /// Not overridden: UIResponder's implementation forwards to `next`; nothing is logged.
    case inherit
    /// Overridden, logs, and calls super: the object handles the event and it travels on.
    case callSuper = "super"
    /// Overridden, logs, and does not call super: the event stops here.
    case consume
}
