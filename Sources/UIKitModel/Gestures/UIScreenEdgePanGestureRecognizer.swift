import Foundation

/// UIKit's `UIScreenEdgePanGestureRecognizer` (continuous; developer.apple.com/documentation/uikit/
/// uiscreenedgepangesturerecognizer): "a continuous gesture recognizer that interprets panning gestures that
/// start near an edge of the screen", one of `edges`; it "ignores any touches beyond the first touch".
///
/// The model's rules (Apple gives no figures; GestureConstants says where each comes from):
/// - **Start region**: the first touch must come down within `GestureConstants.screenEdgeRegion` (20 points)
///   of one of `edges` of the screen, else the recognizer fails at once, in that touchesBegan. The screen is
///   the touch's window's frame (windows fill the screen in this model; there is no `UIScreen`).
/// - **Away from the edge**: it begins as its superclass does, once the finger has moved more than the pan
///   hysteresis (10 points), but only if that movement points away from an edge it started near — the
///   inward component at least as large as the one along the edge (within 45° of straight in); a finger
///   that slides along the edge or out of the screen fails instead. From there on it is a pan
///   (`translation(in:)`, `velocity(in:)`, changed on every move, ended at the lift).
/// - `edges` defaults to none (UIKit's `UIRectEdgeNone`): such a recognizer never begins.
///
/// The system's own bottom-edge gesture (swipe up to go home) is springboard's, not this class's:
/// springboard forwards the app its frames until it recognizes the swipe up, then cancels the app's touches
/// (GestureRouter, `SystemGestureDetector`), so an app's bottom-edge pan begins and is then cancelled.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// UIKit: "The acceptable starting edges for the gesture" (relative to the interface orientation; this
    /// model has one orientation, portrait).
    @exclusivity(unchecked)
    public var edges: UIRectEdge = []

    /// Where the first touch came down (screen coordinates) and the edges of `edges` it is near.
    @exclusivity(unchecked)
    private var start: CGPoint?
    @exclusivity(unchecked)
    private var startEdges: UIRectEdge = []

    public override init() {
        super.init()
        // "This gesture recognizer ignores any touches beyond the first touch."
        maximumNumberOfTouches = 1
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard start == nil, state == .possible, let touch = touchesOnScreen.first else { return }
        start = touch.screenLocation
        startEdges = Self.edges(near: touch.screenLocation, of: touch.window?.frame ?? .zero).intersection(edges)
        if startEdges.isEmpty { state = .failed }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        // Decided before the superclass moves to began: a movement past the hysteresis that does not point
        // away from the start edge fails the recognizer instead (the superclass then leaves it failed).
        if state == .possible, let start, let touch = touchesOnScreen.first {
            let dx = touch.screenLocation.x - start.x, dy = touch.screenLocation.y - start.y
            if (dx * dx + dy * dy).squareRoot() > GestureConstants.panHysteresis, !movesInward(dx, dy) {
                state = .failed
            }
        }
        super.touchesMoved(touches, with: event)
    }

    public override func reset() {
        super.reset()
        start = nil
        startEdges = []
    }

    /// The screen edges `point` lies within `GestureConstants.screenEdgeRegion` of (two in a corner).
    static func edges(near point: CGPoint, of screen: CGRect) -> UIRectEdge {
        let band = GestureConstants.screenEdgeRegion
        var near: UIRectEdge = []
        if point.y - screen.minY <= band { near.insert(.top) }
        if point.x - screen.minX <= band { near.insert(.left) }
        if screen.maxY - point.y <= band { near.insert(.bottom) }
        if screen.maxX - point.x <= band { near.insert(.right) }
        return near
    }

    /// Whether a movement of (dx, dy) points away from one of the start edges, within 45° of straight in.
    private func movesInward(_ dx: CGFloat, _ dy: CGFloat) -> Bool {
        for (_, edge) in UIRectEdge.named where startEdges.contains(edge) {
            let (inward, along): (CGFloat, CGFloat)
            switch edge {
            case .top: (inward, along) = (dy, dx)
            case .left: (inward, along) = (dx, dy)
            case .bottom: (inward, along) = (-dy, dx)
            default: (inward, along) = (-dx, dy)
            }
            if inward > 0, inward >= abs(along) { return true }
        }
        return false
    }
}
