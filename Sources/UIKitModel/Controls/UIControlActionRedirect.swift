/// A scripted `sendAction(_:to:for:)` override: every action the control sends goes to `action` of `target`
/// instead (nil target: the responder chain). The target is held weakly, as UIKit holds targets.
public struct UIControlActionRedirect {
    public weak var target: UIResponder?
    /// False for the responder chain, so a target that went away is told apart.
    let hasTarget: Bool
    public let action: String

    public init(target: UIResponder?, action: String) {
        self.target = target
        self.hasTarget = target != nil
        self.action = action
    }
}
