/// The gesture-target latch: which target owns the gesture, the live fingers, and where the gesture
/// started (for the bottom-edge system gesture).
public struct GestureLatch {
    public private(set) var target: GestureTarget = .none
    public private(set) var touches = LiveTouches()
    /// First finger's down position of this gesture.
    public private(set) var startX: Float = 0
    public private(set) var startY: Float = 0
    private var startPending = false

    public init() {}

    public var isIdle: Bool { touches.isEmpty }

    /// Call before applying a frame's fingers: when no finger is down, the frame starts a new gesture and
    /// `choose` names its target.
    public mutating func beginFrame(choose: () -> GestureTarget) {
        guard touches.isEmpty else { return }
        target = choose()
        startPending = true
    }

    public mutating func apply(_ sample: TouchSample, sender: UInt64 = 0) {
        if startPending, !sample.isLifting {
            startX = sample.x
            startY = sample.y
            startPending = false
        }
        touches.apply(sample, sender: sender)
    }

    /// A sender's run ended with fingers down: they are gone (the caller cancelled the gesture first).
    public mutating func removeTouches(of sender: UInt64) {
        touches.removeAll(of: sender)
        endFrame()
    }

    /// After a frame: when the last finger lifted the gesture is over and the latch opens.
    public mutating func endFrame() {
        if touches.isEmpty {
            target = .none
            startPending = false
        }
    }

    /// The target lost the gesture; the remaining frames go to `newTarget` (.system or .cancelled).
    public mutating func retarget(_ newTarget: GestureTarget) {
        guard !touches.isEmpty else { return }
        target = newTarget
    }
}
