import AppScene
import Foundation
import UIKitModel

/// Where to touch a view of a scene by its id (`hid-source tap @searchBar`), as a UI test taps an element by
/// its accessibility identifier: the centre of the view's frame on the screen, checked by hit-testing that
/// a touch there really reaches the view (or one of its subviews).
public enum SceneViewLocator {
    /// Why a view cannot be tapped by id: no such view, or a touch at its centre would reach another view.
    public struct Failure: Error, CustomStringConvertible {
        /// The reason, in one line.
        public var description: String
    }

    /// The window point where a tap reaches the view with `id`: its frame's centre on the screen, checked by hit-testing.
    public static func tapPoint(of id: String, in scene: SceneApp) throws(Failure) -> CGPoint {
        guard let view = scene.view(id) else {
            let ids = scene.responders.filter { $0.value is UIView }.keys.sorted().joined(separator: ", ")
            throw Failure(description: "no view with id '\(id)' (views: \(ids))")
        }
        guard let window = view.window ?? (view as? UIWindow) else {
            throw Failure(description: "'\(id)' is in no window")
        }
        let rect =
            view === window
            ? window.frame : view.convert(view.bounds, to: nil).offsetBy(dx: window.frame.minX, dy: window.frame.minY)
        let point = CGPoint(x: rect.midX, y: rect.midY)
        let hit = HitTestExplanation(scene: scene, point: point).view
        var reached = hit
        while let candidate = reached, candidate !== view { reached = candidate.superview }
        guard reached != nil else {
            let where_ = Trace.Point(x: Double(point.x), y: Double(point.y)).description
            throw Failure(
                description:
                    "a touch at the centre of '\(id)' \(where_) reaches \(hit.map { "\($0.traceClassName)" } ?? "no view"), "
                    + "not \(view.traceClassName) (see `app-host explain`)")
        }
        return point
    }
}
