import Foundation

extension UIView {
    /// UIKit: hit-testing ignores views with alpha at or below this (0.01 is ignored, 0.02 is hit).
    static let hitTestAlphaThreshold: CGFloat = 0.01

    /// Whether hit-testing may enter this view at all (UIKit's first step).
    @inline(__always)
    var acceptsHitTesting: Bool {
        isUserInteractionEnabled && !isHidden && alpha > UIView.hitTestAlphaThreshold
    }

    /// Why hit-testing does not enter this view (UIKit's first step), or nil if it may.
    var hitTestRefusal: String? {
        if !isUserInteractionEnabled { return "userInteractionEnabled = NO" }
        if isHidden { return "hidden" }
        if alpha <= UIView.hitTestAlphaThreshold { return "alpha \(alpha) <= 0.01" }
        return nil
    }

    /// `hitTest(_:with:)` as this view's override (or UIKit's rules) answers.
    func scriptedHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        switch hitTestOverride {
        case .default: return hitTestByUIKitRules(point, with: event)
        case .returnsSelf: return hitTestReturningSelf(point, with: event)
        case .returnsNil: return nil
        }
    }

    /// Why the view answered `answer` (explained traces): the override, or for nil UIKit's first step (not
    /// enterable) or the point outside (`pointInside` said NO); nil for an ordinary answer.
    func hitTestReason(answer: UIView?) -> String? {
        switch hitTestOverride {
        case .returnsNil: return "hitTest override returns nil"
        case .returnsSelf where answer != nil: return "hitTest override returns self"
        case .default where answer != nil: return nil
        case .default, .returnsSelf: return hitTestRefusal ?? "pointInside NO"
        }
    }

    /// UIKit's default `hitTest(_:with:)` (event-delivery.md section 3):
    /// 1. nil if not interactive, hidden, or alpha <= 0.01 (the whole subtree is skipped);
    /// 2. nil if `point(inside:with:)` is false;
    /// 3. the subviews from last added to first, each with the point converted into its space; the first
    ///    non-nil answer wins;
    /// 4. otherwise self.
    func hitTestByUIKitRules(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard acceptsHitTesting, self.point(inside: point, with: event) else { return nil }
        var index = subviews.count
        while index > 0 {
            index -= 1
            let subview = subviews[index]
            if let hit = subview.hitTest(subview.pointFromSuperviewSpace(point), with: event) { return hit }
        }
        return self
    }

    /// The "return self" override (see `UIHitTestOverride.returnsSelf`).
    func hitTestReturningSelf(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard acceptsHitTesting, self.point(inside: point, with: event) else { return nil }
        return self
    }

    /// The scripted `point(inside:)` extension: a point inside one of `pointInsideIncludes` (by its frame,
    /// converted into this view's space) counts as inside, as the classic tab-bar override
    /// `button.frame.contains(convert(point, to: button.superview))` does. Subviews' methods are not called.
    func pointInsideIncludedViews(_ point: CGPoint) -> Bool {
        for view in pointInsideIncludes {
            guard let parent = view.superview else { continue }
            if view.frame.contains(convert(point, to: parent)) { return true }
        }
        return false
    }
}
