/// The stage of `UIWindow.sendEvent(_:)` that runs BEFORE the hit-tested views: UIKit's gesture environment.
/// The gesture-recognizer layer implements it and installs itself as `UIApplication.touchInterceptor`.
///
/// For every touch event the window calls `window(_:willDeliver:event:)` with the touches of that window that
/// changed in this frame (began, moved, ended, cancelled; stationary ones are skipped, as UIKit does), in the
/// order their fingers came down. The interceptor delivers them to the touches' recognizers and may change
/// each touch's `delivery` flags — withhold it from the view (`isWithheldFromView`, `isEndWithheldFromView`)
/// or cancel it (use `UIWindow.cancelTouchesInViews(_:event:)`). The window then delivers to views whatever
/// is not withheld or cancelled; withheld touches are later replayed with `UIWindow.deliverToViews(_:phase:event:)`.
public protocol UITouchInterceptor: AnyObject {
    func window(_ window: UIWindow, willDeliver touches: [UITouch], event: UIEvent)
}
