import Foundation

extension UIView {
    /// The view's rectangle in its superview's coordinate space.
    public var frame: CGRect {
        get { CGRect(origin: origin, size: bounds.size) }
        set {
            origin = newValue.origin
            bounds.size = newValue.size
        }
    }

    /// The frame's center, in the superview's coordinate space.
    package var center: CGPoint {
        get { CGPoint(x: origin.x + bounds.width / 2, y: origin.y + bounds.height / 2) }
        set { origin = CGPoint(x: newValue.x - bounds.width / 2, y: newValue.y - bounds.height / 2) }
    }

    /// UIKit's `convert(_:to:)`: `point` from this view's space into `view`'s; nil means the window's
    /// (or, for a view outside any window, its root view's superview space).
    package func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let base = pointInBaseSpace(point)
        guard let target = view ?? window else { return pointInRootSpace(point) }
        return target.pointFromBaseSpace(base)
    }

    /// UIKit's `convert(_:from:)`: `point` from `view`'s space (nil: the window's) into this view's.
    package func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        guard let source = view ?? window else { return pointFromRootSpace(point) }
        return pointFromBaseSpace(source.pointInBaseSpace(point))
    }

    package func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    package func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// From this view's space into its superview's.
    @inline(__always)
    func pointInSuperviewSpace(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x - bounds.origin.x + origin.x, y: point.y - bounds.origin.y + origin.y)
    }

    /// From the superview's space into this view's (what hit-testing does for each subview).
    @inline(__always)
    func pointFromSuperviewSpace(_ point: CGPoint) -> CGPoint {
        CGPoint(x: point.x - origin.x + bounds.origin.x, y: point.y - origin.y + bounds.origin.y)
    }

    /// The space shared by every window: the screen for views in a window (a window's frame is in screen
    /// coordinates); the root view's superview space otherwise.
    func pointInBaseSpace(_ point: CGPoint) -> CGPoint {
        var p = point
        var view: UIView? = self
        while let v = view {
            p = v.pointInSuperviewSpace(p)
            view = v.superview
        }
        return p
    }

    /// The inverse of `pointInBaseSpace`. Without transforms every step of the path is a translation, so the
    /// inverse subtracts the path's offset: one walk up and no array (recognizers convert every touch of every
    /// move through here).
    func pointFromBaseSpace(_ point: CGPoint) -> CGPoint {
        let offset = pointInBaseSpace(.zero)
        return CGPoint(x: point.x - offset.x, y: point.y - offset.y)
    }

    /// Like `pointInBaseSpace` but stopping in the root view's own space (used when there is no window).
    func pointInRootSpace(_ point: CGPoint) -> CGPoint {
        var p = point
        var view: UIView = self
        while let parent = view.superview {
            p = view.pointInSuperviewSpace(p)
            view = parent
        }
        return p
    }

    func pointFromRootSpace(_ point: CGPoint) -> CGPoint {
        guard let parent = superview else { return point }
        return pointFromSuperviewSpace(parent.pointFromRootSpace(point))
    }
}
