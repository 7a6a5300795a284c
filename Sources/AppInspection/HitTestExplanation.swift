import AppScene
import Foundation
import UIKitModel

/// `app-host explain SCENE X Y`: the hit-test path for a screen point (every call, with its answer and
/// reason), the chosen view, the recognizers that would see the touch and the responder chain from it.
public struct HitTestExplanation {
    /// Every hitTest/pointInside call, in order, explained.
    public let calls: [Trace.Line]
    /// The window the touch would go to, frontmost first; nil when no window takes it.
    public let window: UIWindow?
    /// The view the hit-test pass chose; nil when the touch hits nothing.
    public let view: UIView?

    /// Hit-tests `point` (screen points) as UIKit does for a touch that begins there. Every view is made to
    /// log hit-testing for the occasion (and put back after), so the whole path shows.
    public init(scene: SceneApp, point: CGPoint) {
        let application = scene.application
        var views: [UIView] = []
        for window in application.windows { Self.collect(window, into: &views) }
        let saved = views.map(\.logGroups)
        for view in views { view.logGroups = .hitTest }
        let earlier = application.trace.lines.count
        let hit = application.hitTest(screenPoint: point, with: nil)
        calls = Array(application.trace.lines.dropFirst(earlier))
        for (view, groups) in zip(views, saved) { view.logGroups = groups }
        window = hit?.window
        view = hit?.view
    }

    private static func collect(_ view: UIView, into views: inout [UIView]) {
        views.append(view)
        for subview in view.subviews { collect(subview, into: &views) }
    }

    /// The recognizers the window would hand the touch to: those of the view and of its ancestors, innermost first.
    public var recognizers: [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        var current = view
        while let v = current {
            result += v.gestureRecognizers ?? []
            current = v.superview
        }
        return result
    }

    /// The explanation as text: each call of the pass with its answer and reason, then where the touch would go.
    public func describe(point: CGPoint, scene: SceneApp) -> String {
        var out = ["hit-test for \(Trace.Point(x: Double(point.x), y: Double(point.y)).description):"]
        out += calls.map { "  " + $0.explained }
        guard let view else {
            out.append("no view: the touch would not be delivered (nothing is hit-testable there)")
            return out.joined(separator: "\n")
        }
        out.append("chosen: " + SceneTree.line(view, scene: scene))
        let recognizers = self.recognizers
        out.append(
            "recognizers: "
                + (recognizers.isEmpty
                    ? "none"
                    : recognizers.map { r in
                        "\(r.traceClassName)\(r.name.map { " #\($0)" } ?? "") on \(r.view?.traceClassName ?? "?")"
                    }.joined(separator: ", ")))
        out.append("responder chain: " + view.responderChainDescription)
        return out.joined(separator: "\n")
    }
}
