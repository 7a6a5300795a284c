import Foundation

/// Every threshold the gesture model uses, in one place. Times are in seconds (converted to run-loop
/// nanoseconds where timers are scheduled), distances in points.
///
/// Where UIKit documents a default (`minimumPressDuration`, `allowableMovement`) the documented value is
/// used; where it only has observed behaviour the value and its source are given next to it.
package enum GestureConstants {
    // MARK: Window-side delivery

    /// event-delivery.md §5: a held `touchesEnded` (delaysTouchesEnded) is released to the view after
    /// this long even if the recognizer that holds it is still possible (waiting for a second tap).
    static let delayedTouchesEndedTimeout: TimeInterval = 0.15

    // MARK: Tap

    /// event-delivery.md §5: a tap fails when a finger moves more than about 10 points.
    static let tapAllowableMovement: CGFloat = 10
    /// How long a finger may stay down and still make a tap. UIKit's private `UITapRecognizer` uses 0.75 s
    /// (`maximumSingleTapDuration`, also the value UIKit ports such as Mocha copy); a press held longer
    /// fails the tap, which is what makes a long press on a table cell select it (§7's puzzle).
    package static let tapMaximumPressDuration: TimeInterval = 0.75
    /// The longest pause between the lift of one tap and the touch-down of the next (the task's value,
    /// UIKit's `maximumIntervalBetweenSuccessiveTaps`). A recognizer needing more taps fails after it.
    static let tapMaximumInterval: TimeInterval = 0.35
    /// How far a later tap may land from the first tap of the sequence (UIKit's `UITapRecognizer`
    /// `allowableSeparation`-like distance; the 10-point limit applies to movement within one tap).
    static let tapAllowableSeparation: CGFloat = 45

    // MARK: Long press

    /// UIKit documented default of `minimumPressDuration`.
    static let longPressMinimumPressDuration: TimeInterval = 0.5
    /// UIKit documented default of `allowableMovement`.
    static let longPressAllowableMovement: CGFloat = 10

    // MARK: Pan

    /// How far the touches' centroid must move before a pan begins (UIKit's pan hysteresis, 10 points on
    /// iPhone). Translation is measured from the touch-down point, so it is already past this at `.began`.
    static let panHysteresis: CGFloat = 10

    /// The window of recent samples a pan's, pinch's or rotation's velocity is measured over (UIKit smooths
    /// a gesture's velocity over its last touch samples): the last step at 60 Hz, two at 120 Hz, four at 240.
    static let velocityWindow: TimeInterval = 0.02
    /// A lift that moves nothing this soon after the last sample keeps the flick's velocity (real panels send
    /// the lift 5-14 ms after the last move); two display frames at 60 Hz.
    static let liftGrace: TimeInterval = 0.034

    // MARK: Screen-edge pan

    /// How near an edge of the screen a `UIScreenEdgePanGestureRecognizer`'s touch must come down (points,
    /// distance from the edge at most this). Apple documents only "panning gestures that start near an edge
    /// of the screen" (developer.apple.com/documentation/uikit/uiscreenedgepangesturerecognizer) and exposes
    /// no setting (rdar 15145539, "isn't forgiving enough and isn't customizable", lionheart/openradar-mirror
    /// #4425); the band observed on devices is about 20 points (the system gesture gate's "bottom 20 pixels
    /// or so", manongdao.com/article-222979.html). 20 is also springboard's home-gesture band
    /// (`SystemGestureDetector.edgeHeight`), so an app's bottom-edge pan and the swipe up start in the same band.
    package static let screenEdgeRegion: CGFloat = 20

    // MARK: Swipe

    /// Distance along the swipe's direction at which a swipe is recognized (UIKit's
    /// `minimumPrimaryMovement`, 50 points).
    static let swipeMinimumDistance: CGFloat = 50
    /// A swipe must reach `swipeMinimumDistance` within this time of touch-down, else it fails.
    static let swipeMaximumDuration: TimeInterval = 0.5
    /// Largest angle between the movement and the swipe's axis (30°); a more diagonal movement fails.
    static let swipeMaximumAngle: CGFloat = .pi / 6

    // MARK: Pinch and rotation

    /// Change of the two fingers' separation, in points, before a pinch begins.
    static let pinchHysteresis: CGFloat = 10
    /// Rotation of the line between the two fingers, in radians (5°), before a rotation begins.
    static let rotationHysteresis: CGFloat = .pi / 36
    /// How far each finger must also have travelled along its arc, in points (the rotation times half the
    /// separation), before a rotation begins. UIKit documents no minimum separation, and on iOS a small
    /// drift of two scrolling fingers does not start a rotation; UIKit's recognizer keeps a
    /// pre-recognition weight (`_preRecognitionWeight`) rather than a bare angle. The model's decision:
    /// no minimum spread, but the same 10-point hysteresis as pan and pinch along the arc, so the needed
    /// angle grows as the fingers close (5° for fingers 229 points apart, 14° at 80 points).
    static let rotationArcHysteresis: CGFloat = 10

    // MARK: Helpers

    /// Seconds to run-loop nanoseconds.
    @inlinable
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        UInt64((seconds * 1_000_000_000).rounded())
    }
}
