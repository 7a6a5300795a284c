import HIDEvent
/// The gesture-target latch: which target owns the gesture, the live fingers, and where the gesture
/// started (for the bottom-edge system gesture).
package struct GestureLatch {
    package private(set) var target: GestureTarget = .none
    package private(set) var touches = LiveTouches()
    /// First finger's down position of this gesture.
    package private(set) var startX: Float = 0
    package private(set) var startY: Float = 0
    private var startPending = false

    package init() {}

    var isIdle: Bool { touches.isEmpty }

    /// Call before applying a frame's fingers: when no finger is down, the frame starts a new gesture and
    /// `choose` names its target.
    package mutating func beginFrame(choose: () -> GestureTarget) {
        guard touches.isEmpty else { return }
        target = choose()
        startPending = true
    }

    package mutating func apply(_ sample: TouchSample, sender: UInt64 = 0) {
        if startPending, !sample.isLifting {
            startX = sample.x
            startY = sample.y
            startPending = false
        }
        touches.apply(sample, sender: sender)
    }

    /// A sender's run ended with fingers down: they are gone (the caller cancelled the gesture first).
    package mutating func removeTouches(of sender: UInt64) {
        touches.removeAll(of: sender)
        endFrame()
    }

    /// After a frame: when the last finger lifted the gesture is over and the latch opens.
    package mutating func endFrame() {
        if touches.isEmpty {
            target = .none
            startPending = false
        }
    }

    /// The target lost the gesture; the remaining frames go to `newTarget` (.system or .cancelled).
    package mutating func retarget(_ newTarget: GestureTarget) {
        guard !touches.isEmpty else { return }
        target = newTarget
    }
}
