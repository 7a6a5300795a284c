extension UIApplication {
    /// UIKit's per-application gesture environment: the window's first delivery stage. Installed as the
    /// application's `touchInterceptor` when the application is created.
    public var gestureEnvironment: UIGestureEnvironment {
        if let environment = touchInterceptor as? UIGestureEnvironment { return environment }
        let environment = UIGestureEnvironment(application: self)
        touchInterceptor = environment
        return environment
    }
}
