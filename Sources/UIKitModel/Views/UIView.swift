import Foundation

/// UIKit's `UIView`: a rectangle in a hierarchy that takes part in hit-testing and the responder chain.
///
/// Geometry is UIKit's without transforms: `frame` (in the superview's space) = origin + `bounds.size`;
/// `bounds.origin` shifts the content (scroll views later use it as their content offset).
open class UIView: UIResponder {
    /// The frame's origin in the superview's coordinate space; `frame`, `center` and `bounds` derive from it.
    var origin: CGPoint
    public var bounds: CGRect

    /// Not retained, as UIKit's (assign): the superview retains its subviews, and its deinit clears their
    /// back pointer, so it never dangles. Not weak either: a weak reference makes every retain and release of
    /// the superview take the runtime's slow path, and hit-testing and delivery retain views all the time.
    package internal(set) unowned(unsafe) var superview: UIView?
    public internal(set) var subviews: [UIView] = []
    /// Set when this view is a view controller's root view (UIKit's private `_viewDelegate`, not retained; the
    /// controller's deinit clears it).
    unowned(unsafe) var viewController: UIViewController?

    /// UIKit: a hidden view and its whole subtree are skipped by hit-testing.
    public var isHidden = false
    /// UIKit: hit-testing skips views with alpha <= 0.01.
    public var alpha: CGFloat = 1
    /// UIKit: true by default (false for `UIImageView`, `UILabel`).
    public var isUserInteractionEnabled = true
    /// A color name or hex string (`"yellow"`, `"#FFCC00"`); nil is clear, as UIKit's default.
    public var backgroundColor: String?
    public var tag = 0
    /// Scene files use it as the view's id; also what UI tests look views up by.
    public var accessibilityIdentifier: String?

    /// Scripted `hitTest(_:with:)` (what a subclass override would do); `.default` runs UIKit's rules.
    public var hitTestOverride: UIHitTestOverride = .default
    /// Scripted `point(inside:with:)`: also accept points inside these views' frames (the round button
    /// sticking out of a tab bar). Must be descendants; empty runs UIKit's rule only.
    public var pointInsideIncludes: [UIView] = []

    public init(frame: CGRect = .zero) {
        self.origin = frame.origin
        self.bounds = CGRect(origin: .zero, size: frame.size)
        super.init()
    }

    /// UIKit's dealloc removes the subviews and the gesture recognizers: a subview or a recognizer something
    /// else keeps alive no longer points here (neither back reference is retained, nor weak: see `superview`).
    deinit {
        for view in subviews { view.superview = nil }
        for recognizer in attachedGestureRecognizers { recognizer.view = nil }
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    /// UIKit: a view's next responder is its view controller if it is that controller's root view, otherwise
    /// its superview.
    override var chainNext: UIResponder? {
        if let controller = viewController, controller.viewIfLoaded === self { return controller }
        return superview
    }

    override var hostApplication: UIApplication? { window?.application }

    // MARK: - Hit-testing (HitTesting/UIView+HitTesting.swift holds UIKit's rules)

    /// UIKit's `hitTest(_:with:)`: the deepest visible, interactive descendant containing `point` (in this
    /// view's coordinates), or nil. Override to customise, as in UIKit.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let record = openCall(UITraceSelector.hitTest, group: .hitTest, point: point)
        let view = scriptedHitTest(point, with: event)
        // The reason is worked out only for a logged call: hit-testing stays allocation-free otherwise.
        record?.close(result: view.map(\.traceClassName) ?? "nil", reason: hitTestReason(answer: view))
        return view
    }

    /// UIKit's `point(inside:with:)`: by default, whether `point` lies in `bounds`.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        let record = openCall(UITraceSelector.pointInside, group: .hitTest, point: point)
        if bounds.contains(point) {
            record?.close(result: "YES")
            return true
        }
        let included = pointInsideIncludedViews(point)
        record?.close(result: included ? "YES" : "NO", reason: included ? "pointInsideIncludes" : "outside bounds")
        return included
    }

    // MARK: - Gesture recognizers (Gestures/UIView+GestureRecognizers.swift)

    /// The recognizers attached with `addGestureRecognizer(_:)`, in the order they were added.
    var attachedGestureRecognizers: [UIGestureRecognizer] = []

    /// UIKit: asked before a recognizer leaves possible — for recognizers attached to this view and to its
    /// ancestors whose touches this view was hit for; false makes the recognizer fail. Default true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: - Hierarchy notifications (UIKit's hooks; subclasses such as scroll views refine them)

    func didAddSubview(_ subview: UIView) {}
    func willRemoveSubview(_ subview: UIView) {}
    func didMoveToSuperview() {}
}
