import Foundation

/// UIKit's `UIView`: a rectangle in a hierarchy that takes part in hit-testing and the responder chain.
///
/// Geometry is UIKit's: `center` (in the superview's space), `bounds` and `transform`, the transform applied
/// about the centre of the bounds, so the bounds' midpoint always lands on `center`; `bounds.origin` shifts
/// the content (scroll views use it as their content offset). `frame` derives from the three (the geometry
/// extension below).
open class UIView: UIResponder {
    /// The untransformed frame's origin in the superview's space, `center` less half the bounds' size: what
    /// `frame.origin` is while `transform` is the identity. Stored rather than `center` so the identity path
    /// stays one addition per axis.
    @exclusivity(unchecked)
    var origin: CGPoint
    /// UIKit's `bounds`: the view's own coordinate space (origin and size); touches and subviews' frames are in it.
    @exclusivity(unchecked)
    public var bounds: CGRect

    /// UIKit's `transform`: "Specifies the transform applied to the view, relative to the center of its
    /// bounds" (developer.apple.com/documentation/uikit/uiview/transform); default the identity. Hit-testing,
    /// every conversion, `UITouch.location(in:)` and recognizer translations go through it.
    @exclusivity(unchecked)
    public var transform: CGAffineTransform = .identity {
        didSet { isTransformed = !transform.isIdentity }
    }
    /// `transform` is not the identity: every conversion checks this bit first and takes the plain
    /// translation path when it is clear (the per-event cost of untransformed views stays what it was).
    @exclusivity(unchecked)
    private(set) var isTransformed = false

    /// Not retained, as UIKit's (assign): the superview retains its subviews, and its deinit clears their
    /// back pointer, so it never dangles. Not weak either: a weak reference makes every retain and release of
    /// the superview take the runtime's slow path, and hit-testing and delivery retain views all the time.
    /// Apple declares it readonly with no ownership (developer.apple.com/documentation/uikit/uiview/superview;
    /// UIView.h: `@property(nullable, nonatomic, readonly) UIView *superview`): the subview list owns, the
    /// back pointer does not.
    @exclusivity(unchecked)
    package internal(set) unowned(unsafe) var superview: UIView?
    /// UIKit's `subviews`, back to front: later ones are drawn over earlier ones and asked first by hit-testing.
    @exclusivity(unchecked)
    public internal(set) var subviews: [UIView] = []
    /// Set when this view is a view controller's root view (UIKit's private `_viewDelegate`, not retained; the
    /// controller's deinit clears it).
    @exclusivity(unchecked)
    unowned(unsafe) var viewController: UIViewController?

    /// UIKit: a hidden view and its whole subtree are skipped by hit-testing.
    @exclusivity(unchecked)
    public var isHidden = false
    /// UIKit: hit-testing skips views with alpha <= 0.01.
    @exclusivity(unchecked)
    public var alpha: CGFloat = 1
    /// UIKit: true by default (false for `UIImageView`, `UILabel`).
    @exclusivity(unchecked)
    public var isUserInteractionEnabled = true
    /// UIKit: false by default ("The default value of this property is false", developer.apple.com/documentation/
    /// uikit/uiview/ismultipletouchenabled): the view receives only the first touch of a multi-touch sequence
    /// that starts within it; a later finger landing on it while that one is down is hit-tested, goes to the
    /// recognizers and travels nowhere else (`UIWindow.viewRefusal(for:in:)`). Other views, and the view's
    /// recognizers, still get theirs. True lets a view see every finger (a pinch drawn by hand).
    @exclusivity(unchecked)
    public var isMultipleTouchEnabled = false
    /// UIKit: false by default. True: the view receives a touch only if it is the only view of its window
    /// tracking touches, and while it tracks, no other view of the window receives one (recognizers are not
    /// affected). developer.apple.com/documentation/uikit/uiview/isexclusivetouch; Apple's "Event Handling
    /// Guide for iOS", Multitouch Events, "Specifying Custom Touch Event Behavior".
    @exclusivity(unchecked)
    public var isExclusiveTouch = false
    /// A color name or hex string (`"yellow"`, `"#FFCC00"`); nil is clear, as UIKit's default.
    @exclusivity(unchecked)
    public var backgroundColor: String?
    /// UIKit's `tag`: a number of your choosing (0).
    @exclusivity(unchecked)
    public var tag = 0
    /// Scene files use it as the view's id; also what UI tests look views up by.
    @exclusivity(unchecked)
    public var accessibilityIdentifier: String?

    /// Scripted `hitTest(_:with:)` (what a subclass override would do); `.default` runs UIKit's rules.
    @exclusivity(unchecked)
    public var hitTestOverride: HitTestOverride = .default
    /// Scripted `point(inside:with:)`: also accept points inside these views' frames (the round button
    /// sticking out of a tab bar). Must be descendants; empty runs UIKit's rule only.
    @exclusivity(unchecked)
    public var pointInsideIncludes: [UIView] = []

    /// UIKit's `init(frame:)`: a visible, interactive view with no subviews and no recognizers.
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

    // MARK: - Hit-testing (UIKit's rules: the hit-testing extension below)

    /// UIKit's `hitTest(_:with:)`: the deepest visible, interactive descendant containing `point` (in this
    /// view's coordinates), or nil. Override to customise, as in UIKit.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let record = openCall(Trace.Selector.hitTest, group: .hitTest, point: point)
        let view = scriptedHitTest(point, with: event)
        // The reason is worked out only for a logged call: hit-testing stays allocation-free otherwise.
        record?.close(result: view.map(\.traceClassName) ?? "nil", reason: hitTestReason(answer: view))
        return view
    }

    /// UIKit's `point(inside:with:)`: by default, whether `point` lies in `bounds`.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        let record = openCall(Trace.Selector.pointInside, group: .hitTest, point: point)
        if bounds.contains(point) {
            record?.close(result: "YES")
            return true
        }
        // Most views include nothing: the call is skipped (hit-testing asks every view it passes).
        let included = !pointInsideIncludes.isEmpty && pointInsideIncludedViews(point)
        record?.close(result: included ? "YES" : "NO", reason: included ? "pointInsideIncludes" : "outside bounds")
        return included
    }

    // MARK: - Gesture recognizers (attaching them: the extension below)

    /// The recognizers attached with `addGestureRecognizer(_:)`, in the order they were added.
    @exclusivity(unchecked)
    var attachedGestureRecognizers: [UIGestureRecognizer] = []

    /// UIKit: asked before a recognizer leaves possible — for recognizers attached to this view and to its
    /// ancestors whose touches this view was hit for; false makes the recognizer fail. Default true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: - Hierarchy notifications (UIKit's hooks; subclasses such as scroll views refine them)

    func didAddSubview(_ subview: UIView) {}
    func willRemoveSubview(_ subview: UIView) {}
    func didMoveToSuperview() {}
}

// MARK: - Hierarchy

extension UIView {
    /// The window this view is in, if any (a window is its own window).
    public var window: UIWindow? {
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

    /// UIKit's `removeFromSuperview()`: the view and its subtree leave the hierarchy (and their window).
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

// MARK: - Geometry

extension UIView {
    /// The view's rectangle in its superview's coordinate space. With a transform it is the bounding box of
    /// the transformed bounds. UIKit calls `frame` undefined then ("If the transform property is not the
    /// identity transform, the value of this property is undefined and therefore should be ignored",
    /// developer.apple.com/documentation/uikit/uiview/frame); this model reads the bounding box (what
    /// `convert(bounds, to: superview)` gives) and, for a set, moves `center` to the new rectangle's midpoint
    /// and gives `bounds` its size, keeping the transform: the rectangle is taken as the untransformed frame.
    public var frame: CGRect {
        get {
            guard isTransformed else { return CGRect(origin: origin, size: bounds.size) }
            return CGRect.boundingBox(of: bounds.corners.map(pointInSuperviewSpace))
        }
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

    /// UIKit's `convert(_:to:)` for a rectangle: with a transform on either path, the bounding box of the
    /// converted corners (as UIKit's, which converts the rectangle through each layer's transform).
    package func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        guard isTransformedOnPath || (view ?? window)?.isTransformedOnPath == true else {
            return CGRect(origin: convert(rect.origin, to: view), size: rect.size)
        }
        return CGRect.boundingBox(of: rect.corners.map { convert($0, to: view) })
    }

    package func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        guard isTransformedOnPath || (view ?? window)?.isTransformedOnPath == true else {
            return CGRect(origin: convert(rect.origin, from: view), size: rect.size)
        }
        return CGRect.boundingBox(of: rect.corners.map { convert($0, from: view) })
    }

    /// Whether this view or an ancestor has a transform: every conversion through it is then a full affine
    /// map, not a translation.
    package var isTransformedOnPath: Bool {
        var view: UIView? = self
        while let v = view {
            if v.isTransformed { return true }
            view = v.superview
        }
        return false
    }

    /// A vector (a translation, a velocity) from the window's space into this view's: the linear part of
    /// `convert(_:from: nil)`, which a view's position and `bounds.origin` do not change. Untransformed paths
    /// return it as is.
    func convertVectorFromWindow(_ vector: CGPoint) -> CGPoint {
        guard isTransformedOnPath else { return vector }
        let tip = convert(vector, from: nil), tail = convert(CGPoint.zero, from: nil)
        return CGPoint(x: tip.x - tail.x, y: tip.y - tail.y)
    }

    /// The inverse of `convertVectorFromWindow`: a vector in this view's space, in the window's.
    func convertVectorToWindow(_ vector: CGPoint) -> CGPoint {
        guard isTransformedOnPath else { return vector }
        let tip = convert(vector, to: nil), tail = convert(CGPoint.zero, to: nil)
        return CGPoint(x: tip.x - tail.x, y: tip.y - tail.y)
    }

    /// From this view's space into its superview's: the bounds' midpoint goes to `center`, the transform
    /// turning and scaling about it.
    @inline(__always)
    func pointInSuperviewSpace(_ point: CGPoint) -> CGPoint {
        guard isTransformed else {
            return CGPoint(x: point.x - bounds.origin.x + origin.x, y: point.y - bounds.origin.y + origin.y)
        }
        return transformedPointInSuperviewSpace(point)
    }

    /// From the superview's space into this view's (what hit-testing does for each subview).
    @inline(__always)
    func pointFromSuperviewSpace(_ point: CGPoint) -> CGPoint {
        guard isTransformed else {
            return CGPoint(x: point.x - origin.x + bounds.origin.x, y: point.y - origin.y + bounds.origin.y)
        }
        return transformedPointFromSuperviewSpace(point)
    }

    /// `center + transform(point − bounds midpoint)`.
    @inline(never)
    func transformedPointInSuperviewSpace(_ point: CGPoint) -> CGPoint {
        let halfWidth = bounds.width / 2, halfHeight = bounds.height / 2
        let offset = CGPoint(x: point.x - bounds.origin.x - halfWidth, y: point.y - bounds.origin.y - halfHeight)
            .applying(transform)
        return CGPoint(x: origin.x + halfWidth + offset.x, y: origin.y + halfHeight + offset.y)
    }

    /// `bounds midpoint + transform⁻¹(point − center)`. A transform with no inverse (scale 0) is used as it
    /// is, as CGAffineTransformInvert returns it.
    @inline(never)
    func transformedPointFromSuperviewSpace(_ point: CGPoint) -> CGPoint {
        let halfWidth = bounds.width / 2, halfHeight = bounds.height / 2
        let offset = CGPoint(x: point.x - origin.x - halfWidth, y: point.y - origin.y - halfHeight)
            .applying(transform.inverted())
        return CGPoint(x: bounds.origin.x + halfWidth + offset.x, y: bounds.origin.y + halfHeight + offset.y)
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
    /// move through here). A transform anywhere on the path switches to undoing each step from the root down.
    func pointFromBaseSpace(_ point: CGPoint) -> CGPoint {
        var offset = CGPoint.zero
        var transformed = false
        // Walked unretained, each view as `Unmanaged` (the hierarchy holds every view of the path for the length of
        // the call): a strong walk retained and released each view, about 65 instructions a call, and binding the
        // `unowned(unsafe)` superview still retained it (issue 27).
        var next: Unmanaged<UIView>? = Unmanaged.passUnretained(self)
        while let view = next {
            next = view._withUnsafeGuaranteedRef { v in
                if v.isTransformed {
                    transformed = true
                    return nil
                }
                offset = CGPoint(x: offset.x - v.bounds.origin.x + v.origin.x, y: offset.y - v.bounds.origin.y + v.origin.y)
                return unsafeBitCast(v.superview, to: Unmanaged<UIView>?.self)
            }
        }
        if transformed { return transformedPointFromBaseSpace(point) }
        return CGPoint(x: point.x - offset.x, y: point.y - offset.y)
    }

    @inline(never)
    func transformedPointFromBaseSpace(_ point: CGPoint) -> CGPoint {
        pointFromSuperviewSpace(superview?.transformedPointFromBaseSpace(point) ?? point)
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

// MARK: - Hit testing

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
        // The subviews are asked unretained, from a copy of the array that holds every one of them for the walk
        // (a subview's hitTest override may change the hierarchy): retaining each subview asked cost a retain and
        // a release a view (issue 27: 14 of each a ten-finger frame, hit-testing at every began and ended).
        let subviews = self.subviews
        var index = subviews.count
        while index > 0 {
            index -= 1
            let hit = subviews.unretained(at: index)._withUnsafeGuaranteedRef { subview in
                subview.hitTest(subview.pointFromSuperviewSpace(point), with: event)
            }
            if let hit { return hit }
        }
        return self
    }

    /// The "return self" override (see `HitTestOverride.returnsSelf`).
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

// MARK: - HitTestOverride

/// The `hitTest(_:with:)` overrides users write most often, selectable without subclassing (scene files).
public enum HitTestOverride: String, Sendable, CaseIterable {
    /// Not overridden: UIKit's rules.
    case `default`
    /// "Swallow everything below": the visibility and `point(inside:)` checks of UIKit's rules, then `self`
    /// without asking any subview —
    /// `guard isUserInteractionEnabled, !isHidden, alpha > 0.01, point(inside:) else { return nil }; return self`.
    case returnsSelf = "self"
    /// `return nil`: this view and its subtree let touches fall through to the views behind.
    case returnsNil = "nil"
}

// MARK: - Gesture recognizers

extension UIView {
    /// UIKit's `gestureRecognizers` (nil when there are none, as in UIKit).
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for recognizer in attachedGestureRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// UIKit: attaches `recognizer` (moving it from any other view); it will see the touches of this view
    /// and of its descendants from the next touch on.
    public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        attachedGestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Every recognizer of this view and of its descendants that still holds touches is reset, forgetting them
    /// (the application is going away: `UIApplication.deinit`). A built-in recognizer's `reset` only clears its
    /// state and invalidates its timers.
    func releaseTrackedTouches() {
        for recognizer in attachedGestureRecognizers where recognizer.holdsTouches { recognizer.performReset() }
        for subview in subviews { subview.releaseTrackedTouches() }
    }

    /// UIKit: detaching a recognizer that is tracking touches cancels (or fails) it first.
    package func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        guard recognizer.view === self else { return }
        recognizer.environment?.recognizerWasDisabled(recognizer)
        attachedGestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }
}
