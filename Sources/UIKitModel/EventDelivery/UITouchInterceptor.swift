/// The stage of `UIWindow.sendEvent(_:)` that runs BEFORE the hit-tested views: UIKit's gesture environment.
/// The gesture-recognizer layer implements it and installs itself as `UIApplication.touchInterceptor`.
///
/// For every touch event the window calls `window(_:willDeliver:event:)` with the touches of that window that
/// changed in this frame (began, moved, ended, cancelled; stationary ones are skipped, as UIKit does), in the
/// order their fingers came down. The interceptor delivers them to the touches' recognizers and returns the
/// plan for the views' share (`TouchDeliveryPlan`): which changes the views get now, which are withheld,
/// which touches are cancelled in their views and what is replayed first. The window executes the plan; the
/// interceptor keeps every reason it has to hold a touch back, and later hands the window further plans
/// (`UIWindow.execute(_:event:)`) to replay what it withheld.
package protocol UITouchInterceptor: AnyObject {
    func window(_ window: UIWindow, willDeliver touches: [UITouch], event: UIEvent) -> TouchDeliveryPlan
}
