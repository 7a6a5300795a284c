import Foundation

/// UIKit's `UISlider`, horizontal: a touch that grabs the thumb drags the value along the track.
/// With `isContinuous` (the default) valueChanged is sent on every change while tracking; otherwise once,
/// from `endTracking`, if the value changed.
public class UISlider: UIControl {
    /// The thumb's diameter: this model's value, about the size of UIKit's default round thumb.
    static let thumbDiameter: CGFloat = 31
    /// UIKit accepts a touch a little around the thumb: its hit area is at least this big (the HIG's minimum
    /// touch target), centred on the thumb.
    static let minimumThumbHitSize: CGFloat = 44

    /// UIKit's `minimumValue` (0).
    @exclusivity(unchecked)
    public var minimumValue: Float = 0 { didSet { value = clamped(value) } }
    /// UIKit's `maximumValue` (1).
    @exclusivity(unchecked)
    public var maximumValue: Float = 1 { didSet { value = clamped(value) } }
    /// UIKit's `value`, kept between the minimum and the maximum.
    @exclusivity(unchecked)
    public var value: Float = 0 { didSet { if value != clamped(value) { value = clamped(value) } } }
    /// UIKit's `isContinuous` (true): valueChanged while dragging; false: once, at the lift.
    @exclusivity(unchecked)
    public var isContinuous = true

    @exclusivity(unchecked)
    private var valueAtTrackingStart: Float = 0
    /// Whether the tracked touch came down on the thumb.
    @exclusivity(unchecked)
    private var touchGrabbedThumb = false

    func setValue(_ value: Float, animated: Bool) {
        self.value = value
    }

    /// The length the thumb's centre travels from minimumValue to maximumValue.
    var trackLength: CGFloat { max(bounds.width - UISlider.thumbDiameter, 1) }

    /// The thumb's rectangle in the slider's coordinates for the current value.
    var thumbFrame: CGRect {
        let range = maximumValue - minimumValue
        let fraction = range > 0 ? CGFloat((value - minimumValue) / range) : 0
        let d = UISlider.thumbDiameter
        return CGRect(x: bounds.minX + fraction * trackLength, y: bounds.midY - d / 2, width: d, height: d)
    }

    /// Where a touch grabs the thumb.
    var thumbHitFrame: CGRect {
        let thumb = thumbFrame
        let grow = max(0, (UISlider.minimumThumbHitSize - UISlider.thumbDiameter) / 2)
        return thumb.insetBy(dx: -grow, dy: -grow)
    }

    /// UIKit: only a touch on the thumb starts tracking; the track alone does not move the value.
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let accepted = super.beginTracking(touch, with: event)
        valueAtTrackingStart = value
        touchGrabbedThumb = thumbHitFrame.contains(touch.location(in: self))
        return accepted && touchGrabbedThumb
    }

    /// The value follows the finger, keeping the offset at which it grabbed the thumb.
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let keep = super.continueTracking(touch, with: event)
        let dx = touch.location(in: self).x - trackingStartLocation.x
        let newValue = clamped(valueAtTrackingStart + Float(dx / trackLength) * (maximumValue - minimumValue))
        if newValue != value {
            value = newValue
            if isContinuous { sendValueChanged(with: event) }
        }
        return keep
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if !isContinuous && value != valueAtTrackingStart { sendValueChanged(with: event) }
    }

    /// UIKit: a single-finger swipe that starts on the thumb and runs along the slider belongs to the slider.
    override func defaultActionTakesPrecedence(over recognizer: UIGestureRecognizer) -> Bool {
        isTracking && touchGrabbedThumb && recognizer.isSingleFingerHorizontalSwipe && trackedTouchMovesHorizontally
    }

    private func clamped(_ v: Float) -> Float {
        min(max(v, minimumValue), max(minimumValue, maximumValue))
    }
}
