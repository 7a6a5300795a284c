extension UIGestureRecognizer: CustomStringConvertible {
    /// UIKit's debug description without addresses:
    /// `<LXFTapGestureRecognizer: tap; state = Possible; view = <YellowView>; actions = (View Taped)>`.
    public var description: String {
        var parts = [traceClassName + (name.map { ": \($0)" } ?? "")]
        parts.append("state = \(state.description.prefix(1).uppercased())\(state.description.dropFirst())")
        if !isEnabled { parts.append("enabled = NO") }
        if let view { parts.append("view = <\(view.traceClassName)>") }
        if !actions.isEmpty { parts.append("actions = (\(actionNames.joined(separator: ", ")))") }
        return "<" + parts.joined(separator: "; ") + ">"
    }
}
