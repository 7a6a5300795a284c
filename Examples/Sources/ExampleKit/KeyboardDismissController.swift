import Foundation
import UIKitModel

/// The usual "tap anywhere to dismiss the keyboard" controller, done right: a tap recognizer on its root view
/// whose delegate (the controller) refuses touches that land on a control or a `WideHitView`, so those get
/// their tap and the recognizer never sees it (developer.apple.com/documentation/uikit/
/// uigesturerecognizerdelegate/gesturerecognizer(_:shouldreceive:)). Without the answer the recognizer
/// would recognize and, with `cancelsTouchesInView`, cancel the view's touches.
public final class KeyboardDismissController: UIViewController, UIGestureRecognizerDelegate {
    /// The tap recognizer added in `viewDidLoad`.
    public private(set) var dismissTap: UITapGestureRecognizer?
    /// Dismissals so far.
    public private(set) var dismissals = 0

    public override init() {
        super.init()
    }

    public override func viewDidLoad() {
        let tap = UITapGestureRecognizer()
        tap.name = "dismissTap"
        tap.addTarget(self, action: KeyboardDismissController.dismissKeyboard, name: "dismissKeyboard:")
        tap.delegate = self
        view.addGestureRecognizer(tap)
        dismissTap = tap
    }

    private func dismissKeyboard(_ recognizer: UIGestureRecognizer) {
        dismissals += 1
        traceLine("keyboard dismissed (\(dismissals))")
    }

    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        let receives = !(touch.view is UIControl || touch.view is WideHitView)
        traceCall(
            "gestureRecognizer:shouldReceiveTouch:", group: .delegate, result: receives ? "YES" : "NO",
            reason: receives ? nil : "\(touch.view?.traceClassName ?? "nil") handles its own taps")
        return receives
    }
}
