import AppInspection
import AppScene
import Foundation
import UIKitModel

/// A scene's screen for the page: `SceneSVG`'s picture and every view's outline in screen points, numbered
/// in drawing order (windows back to front, each view before its subviews), the numbers the steps use.
struct ScreenCapture {
    let report: ScreenReport
    /// The view of each index, and the index of each view.
    let views: [UIView]
    let indices: [ObjectIdentifier: Int]

    init(scene: SceneApp, title: String) {
        let application = scene.application
        var views: [UIView] = []
        func collect(_ view: UIView) {
            views.append(view)
            guard !view.isHidden else { return }
            for subview in view.subviews { collect(subview) }
        }
        for window in application.windowsFrontToBack.reversed() { collect(window) }
        var indices: [ObjectIdentifier: Int] = [:]
        var boxes: [ViewBox] = []
        var width = 390.0
        var height = 844.0
        for (index, view) in views.enumerated() {
            indices[ObjectIdentifier(view)] = index
            let corners = Self.corners(of: view)
            for corner in corners where view is UIWindow {
                width = max(width, corner[0])
                height = max(height, corner[1])
            }
            boxes.append(
                ViewBox(
                    index: index, label: Self.label(view), className: view.traceClassName, id: view.accessibilityIdentifier,
                    corners: corners, hidden: view.isHidden, interactive: view.isUserInteractionEnabled,
                    alpha: Double(view.alpha),
                    recognizers: (view.gestureRecognizers ?? []).filter {
                        !($0 is UIScrollViewDelayedTouchesBeganGestureRecognizer)
                    }
                    .map(\.explorerLabel)))
        }
        self.views = views
        self.indices = indices
        report = ScreenReport(
            title: title, width: width, height: height, svg: SceneSVG.render(scene, touch: nil), views: boxes)
    }

    /// `EView #E`: the class and the scene id, as the SVG labels a view.
    static func label(_ view: UIView) -> String {
        view.traceClassName + (view.accessibilityIdentifier.map { " #\($0)" } ?? "")
    }

    /// The bounds' corners on the screen, clockwise from the top-left (a transformed view is a polygon).
    static func corners(of view: UIView) -> [[Double]] {
        if let window = view as? UIWindow {
            let f = window.frame
            return [[f.minX, f.minY], [f.maxX, f.minY], [f.maxX, f.maxY], [f.minX, f.maxY]].map { $0.map(Double.init) }
        }
        let origin = view.window?.frame.origin ?? .zero
        let b = view.bounds
        return [
            CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY),
            CGPoint(x: b.minX, y: b.maxY),
        ].map { corner in
            let p = view.convert(corner, to: nil)
            return [Self.round(Double(p.x + origin.x)), Self.round(Double(p.y + origin.y))]
        }
    }

    static func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

extension UIGestureRecognizer {
    /// `UIPinchGestureRecognizer 'pinch'`: how transitions name it in explained traces (the lane's name).
    var explorerLabel: String { traceClassName + (name.map { " '\($0)'" } ?? "") }
}
