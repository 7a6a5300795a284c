extension UIView {
    /// The window this view is in, if any (a window is its own window).
    package var window: UIWindow? {
        var view: UIView? = self
        while let v = view {
            if let window = v as? UIWindow { return window }
            view = v.superview
        }
        return nil
    }

    /// UIKit: appends `view` (removing it from its old superview); later subviews are drawn above and asked
    /// first during hit-testing.
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    package func insertSubview(_ view: UIView, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "a view cannot contain itself")
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            return
        }
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        didAddSubview(view)
        view.didMoveToSuperview()
    }

    package func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        insertSubview(view, at: index + 1)
    }

    package func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        insertSubview(view, at: index)
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        didMoveToSuperview()
    }

    /// UIKit: moves `view` to the end of `subviews` (frontmost, asked first by hit-testing).
    package func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// True if this view is `view` or lies somewhere below it.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// UIKit's `viewWithTag(_:)`: depth-first, self first.
    func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// The first view in this subtree (self first) with the given accessibility identifier.
    package func view(withAccessibilityIdentifier identifier: String) -> UIView? {
        if accessibilityIdentifier == identifier { return self }
        for subview in subviews {
            if let found = subview.view(withAccessibilityIdentifier: identifier) { return found }
        }
        return nil
    }
}
