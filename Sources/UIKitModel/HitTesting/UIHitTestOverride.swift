/// The `hitTest(_:with:)` overrides users write most often, selectable without subclassing (scene files).
public enum UIHitTestOverride: String, Sendable, CaseIterable {
    /// Not overridden: UIKit's rules.
    case `default`
    /// "Swallow everything below": the visibility and `point(inside:)` checks of UIKit's rules, then `self`
    /// without asking any subview —
    /// `guard isUserInteractionEnabled, !isHidden, alpha > 0.01, point(inside:) else { return nil }; return self`.
    case returnsSelf = "self"
    /// `return nil`: this view and its subtree let touches fall through to the views behind.
    case returnsNil = "nil"
}
