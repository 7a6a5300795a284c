import Foundation
import UIKitModel

/// The home screen's root view: it holds one icon list per page (only the current page is visible) and
/// recognises horizontal page swipes from the touches that reach it (directly, or passed on by an icon).
final class SBHomeScreenView: UIView {
    private let onSwipe: (_ dx: Double, _ dy: Double) -> Void
    private var down = CGPoint.zero
    private var tracking: UITouch?

    init(frame: CGRect, onSwipe: @escaping (_ dx: Double, _ dy: Double) -> Void) {
        self.onSwipe = onSwipe
        super.init(frame: frame)
        traceClassNameOverride = "SBHomeScreenView"
        // The end of SpringBoard's chain for touches: nothing above it wants them.
        overrides.set(.consume, for: ResponderOverrides.touchMethods)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if tracking == nil, let touch = touches.first {
            tracking = touch
            down = touch.location(in: nil)
        }
        super.touchesBegan(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        guard let touch = tracking, touches.contains(touch) else { return }
        tracking = nil
        let up = touch.location(in: nil)
        onSwipe(up.x - down.x, up.y - down.y)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesCancelled(touches, with: event)
        if let touch = tracking, touches.contains(touch) { tracking = nil }
    }
}
