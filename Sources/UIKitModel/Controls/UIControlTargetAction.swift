/// One `addTarget(_:action:for:)` registration of a control.
///
/// UIKit: the control does not retain its targets; a nil target means "the responder chain".
struct UIControlTargetAction {
    /// The target, held weakly; nil when the pair was registered with a nil target.
    weak var target: AnyObject?
    /// False when the pair was registered with a nil target (so a target that went away is told apart).
    let hasTarget: Bool
    let action: String
    var events: UIControl.Event

    init(target: AnyObject?, action: String, events: UIControl.Event) {
        self.target = target
        self.hasTarget = target != nil
        self.action = action
        self.events = events
    }

    func matches(target other: AnyObject?) -> Bool {
        hasTarget ? (other != nil && target === other) : other == nil
    }
}
