import Foundation
import UIKitModel

/// A discrete recognizer with its own state machine: two fingers that come down together (the second within
/// `landingWindow` of the first), stay within `allowableMovement` and both lift within `maximumDuration`.
/// Anything else (a third finger, a finger that slides, one that lifts before the other lands, too slow) is
/// a failure. A subclass sets `state` as UIGestureRecognizerSubclass.h allows
/// (developer.apple.com/documentation/uikit/uigesturerecognizer/state): `.ended` once (recognized) or
/// `.failed`; UIKit resets it to `.possible` after the gesture, calling `reset()`.
public final class TwoFingerTapRecognizer: UIGestureRecognizer {
    /// Seconds between the first and the second finger landing.
    public var landingWindow: TimeInterval = 0.15
    /// Seconds from the first finger landing to the last one lifting.
    public var maximumDuration: TimeInterval = 0.5
    /// Points a finger may slide before the gesture is not a tap.
    public var allowableMovement: CGFloat = 10

    /// Where each finger landed, in window coordinates.
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var lifted = 0
    private var firstLanding: TimeInterval?

    public override init() {
        super.init()
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        traceCall("touchesBegan:withEvent:", group: .touches, touches: touches)
        for touch in touches {
            starts[ObjectIdentifier(touch)] = touch.location(in: nil)
            firstLanding = firstLanding ?? touch.timestamp
            if touch.timestamp - (firstLanding ?? touch.timestamp) > landingWindow { return fail() }
        }
        if starts.count > 2 || lifted > 0 { fail() }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        traceCall("touchesMoved:withEvent:", group: .touches, touches: touches)
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            let now = touch.location(in: nil)
            if hypot(now.x - start.x, now.y - start.y) > allowableMovement { return fail() }
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        traceCall("touchesEnded:withEvent:", group: .touches, touches: touches)
        lifted += touches.count
        guard starts.count == 2 else { return fail() }  // one finger lifted before the second landed
        if let first = firstLanding, let touch = touches.first, touch.timestamp - first > maximumDuration {
            return fail()
        }
        if lifted == 2 { state = .ended }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        traceCall("touchesCancelled:withEvent:", group: .touches, touches: touches)
        fail()
    }

    public override func reset() {
        starts = [:]
        lifted = 0
        firstLanding = nil
    }

    private func fail() {
        if state == .possible { state = .failed }
    }
}
