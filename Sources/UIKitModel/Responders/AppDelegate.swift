/// The app delegate every Xcode template creates: a `UIResponder` conforming to `UIApplicationDelegate`,
/// so it is the last link of the responder chain (printed `AppDelegate`).
public class AppDelegate: UIResponder, UIApplicationDelegate {
    /// Set when assigned as an application's delegate; the delegate reaches the trace recorder through it.
    unowned(unsafe) var application: UIApplication?

    override var hostApplication: UIApplication? { application }
}
