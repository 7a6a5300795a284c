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

/// One app icon (SpringBoard's `SBIconView`). A tap on it — the finger lifts inside it without having moved
/// farther than the tap slop — launches its app. Every touch is also passed on (UIResponder's forwarding) so
/// the home-screen view behind can recognise page swipes that start on an icon.
final class SBIconView: UIView {
    let bundleID: String
    let displayName: String
    private let isTap: (Double) -> Bool
    private let onTap: (String) -> Void
    private var down = CGPoint.zero
    private var farthest: Double = 0

    init(
        frame: CGRect, bundleID: String, displayName: String, isTap: @escaping (Double) -> Bool, onTap: @escaping (String) -> Void
    ) {
        self.bundleID = bundleID
        self.displayName = displayName
        self.isTap = isTap
        self.onTap = onTap
        super.init(frame: frame)
        traceClassNameOverride = "SBIconView"
        accessibilityIdentifier = bundleID
        overrides.set(.callSuper, for: ResponderOverrides.touchMethods)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let touch = touches.first {
            down = touch.location(in: nil)
            farthest = 0
        }
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let touch = touches.first { note(touch.location(in: nil)) }
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        guard let touch = touches.first else { return }
        note(touch.location(in: nil))
        // UIKit-style: the action fires on touch up inside, after the touch methods ran.
        if isTap(farthest), bounds.contains(touch.location(in: self)) { onTap(bundleID) }
    }

    private func note(_ point: CGPoint) {
        farthest = max(farthest, hypot(point.x - down.x, point.y - down.y))
    }
}
