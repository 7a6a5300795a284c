import Foundation

extension UIApplication {
    /// Finds the view for a point in screen coordinates: UIKit asks the visible windows front to back (highest
    /// level, then most recently shown); a window is hit-tested as a view. Returns the first window that
    /// answers non-nil, with the view.
    package func hitTest(screenPoint: CGPoint, with event: UIEvent?) -> (window: UIWindow, view: UIView)? {
        for window in windowsFrontToBack {
            let point = window.pointFromSuperviewSpace(screenPoint)
            if let view = window.hitTest(point, with: event) { return (window, view) }
        }
        return nil
    }
}
