extension UIApplication {
    /// UIKit's per-application gesture environment: the window's first delivery stage, installed as the
    /// application's `touchInterceptor` when the application is created. Nil if a test replaced it.
    var gestureEnvironment: UIGestureEnvironment? {
        touchInterceptor as? UIGestureEnvironment
    }
}
