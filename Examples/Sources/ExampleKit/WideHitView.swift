import Foundation
import UIKitModel

/// A small control-like view whose touch area is widened to Apple's minimum of 44×44 points: a touch just
/// outside its bounds still lands on it. The usual fix for an icon too small to hit, done in `hitTest(_:with:)`
/// (developer.apple.com/documentation/uikit/uiview/hittest(_:with:)): inside the bounds UIKit's own answer
/// stands (a subview may take the touch); outside them, the view answers itself when the point falls in the
/// widened area. Its superview must reach it, so the superview's bounds must contain the point too.
public final class WideHitView: UIView {
    /// The smallest hit area, in points, centred on the view (Apple's Human Interface Guidelines: 44).
    public var minimumHitSize: CGFloat = 44

    /// Taps seen, for tests that look at state as well as the trace.
    public private(set) var taps = 0

    public override init(frame: CGRect = .zero) {
        super.init(frame: frame)
    }

    /// The bounds grown to `minimumHitSize` in each direction that is smaller.
    public var hitArea: CGRect {
        let dx = max(0, (minimumHitSize - bounds.width) / 2)
        let dy = max(0, (minimumHitSize - bounds.height) / 2)
        return bounds.insetBy(dx: -dx, dy: -dy)
    }

    public override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        if bounds.contains(point) { return super.hitTest(point, with: event) }
        // UIKit's own conditions for a view that can be hit: visible and interactive.
        let eligible = !isHidden && isUserInteractionEnabled && alpha > 0.01
        let hit = eligible && hitArea.contains(point)
        traceCall(
            "hitTest:withEvent:", group: .hitTest, point: point, result: hit ? traceClassName : "nil",
            reason: hit ? "in the widened hit area" : "outside the widened hit area")
        return hit ? self : nil
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        traceCall("touchesBegan:withEvent:", group: .touches, touches: touches)
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        traceCall("touchesEnded:withEvent:", group: .touches, touches: touches)
        taps += 1
        traceLine("\(traceClassName) tapped (\(taps))")
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        traceCall("touchesCancelled:withEvent:", group: .touches, touches: touches)
    }
}
