import Foundation
import UIKitModel

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
