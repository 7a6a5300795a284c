import UIKitModel

/// An app built from a scene file: the application (windows, controllers, views wired up) and every object
/// the file named, by id.
public final class SceneApp {
    public let application: UIApplication
    /// Every responder with an id: views, windows, view controllers, `application`, the delegate.
    public let responders: [String: UIResponder]
    /// Dead declarations and a scene that logs nothing (see `SceneWarning`), in the order found.
    public let warnings: [SceneWarning]

    init(application: UIApplication, responders: [String: UIResponder], warnings: [SceneWarning] = []) {
        self.application = application
        self.responders = responders
        self.warnings = warnings
    }

    package var bundleIdentifier: String { application.bundleIdentifier }
    package var displayName: String { application.displayName }

    public func responder(_ id: String) -> UIResponder? { responders[id] }
    package func view(_ id: String) -> UIView? { responders[id] as? UIView }
    package func viewController(_ id: String) -> UIViewController? { responders[id] as? UIViewController }
}
