/// What the window's delivery has done with one touch, per touch. The gesture-recognizer stage reads and sets
/// these to delay, withhold or cancel the view's share (event-delivery.md section 5); with no recognizers the
/// window sets only the "delivered" flags.
public struct UITouchDeliveryState: Equatable, Sendable {
    /// The view got `touchesBegan` for this touch.
    public var beganDeliveredToView = false
    /// The last phase the view received (nil: nothing yet).
    public var lastPhaseDeliveredToView: UITouch.Phase?
    /// The view got `touchesCancelled` because a recognizer took the touch; it receives nothing more of it.
    public var isCancelledForView = false
    /// A recognizer holds the touch back from the view (`delaysTouchesBegan`, scroll views' content delay):
    /// the window skips the view until the stage clears this and replays what the view missed.
    public var isWithheldFromView = false
    /// A recognizer holds back the view's `touchesEnded` (`delaysTouchesEnded`).
    public var isEndWithheldFromView = false

    public init() {}

    /// Whether the view is finished with this touch (ended or cancelled delivered).
    public var viewIsDone: Bool { lastPhaseDeliveredToView?.isFinal ?? false }
}
