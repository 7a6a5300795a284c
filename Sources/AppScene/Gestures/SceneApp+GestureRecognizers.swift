import UIKitModel

extension SceneApp {
    /// The recognizer a scene file declared with `id` (searched in every window's view tree).
    package func gestureRecognizer(_ id: String) -> UIGestureRecognizer? {
        for window in application.windows {
            if let found = Self.recognizer(named: id, in: window) { return found }
        }
        return nil
    }

    private static func recognizer(named id: String, in view: UIView) -> UIGestureRecognizer? {
        if let found = view.gestureRecognizers?.first(where: { $0.name == id }) { return found }
        for subview in view.subviews {
            if let found = recognizer(named: id, in: subview) { return found }
        }
        return nil
    }
}
