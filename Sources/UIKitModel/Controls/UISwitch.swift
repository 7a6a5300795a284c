import Foundation

/// UIKit's `UISwitch`: a tap toggles it; dragging the knob sets it by where the knob is let go. Either way
/// it sends valueChanged (and its primary action) when `isOn` changes, from `endTracking`, before touchUp*.
public class UISwitch: UIControl {
    /// UIKit: a switch is always 51 x 31 points, whatever frame it is given.
    static let fixedSize = CGSize(width: 51, height: 31)
    /// The knob is inset this much from the track's edges.
    static let knobInset: CGFloat = 2
    /// A drag of the knob further than this along x is a knob drag, not a tap (UIKit's touch slop).
    static let knobDragThreshold: CGFloat = 10

    /// UIKit's `isOn` (false); a tap toggles it and sends valueChanged.
    @exclusivity(unchecked)
    public var isOn = false
    @exclusivity(unchecked)
    private var knobWasDragged = false
    /// Whether the tracked touch came down on the knob.
    @exclusivity(unchecked)
    private var touchGrabbedKnob = false

    public override init(frame: CGRect = .zero) {
        super.init(frame: CGRect(origin: frame.origin, size: UISwitch.fixedSize))
    }

    func setOn(_ on: Bool, animated: Bool) {
        isOn = on
    }

    /// The knob's rectangle in the switch's coordinates: at the right end when on, the left end when off.
    var knobFrame: CGRect {
        let diameter = bounds.height - 2 * UISwitch.knobInset
        let x = isOn ? bounds.maxX - UISwitch.knobInset - diameter : bounds.minX + UISwitch.knobInset
        return CGRect(x: x, y: bounds.minY + UISwitch.knobInset, width: diameter, height: diameter)
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        knobWasDragged = false
        touchGrabbedKnob = knobFrame.contains(touch.location(in: self))
        return super.beginTracking(touch, with: event)
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let keep = super.continueTracking(touch, with: event)
        if abs(touch.location(in: self).x - trackingStartLocation.x) > UISwitch.knobDragThreshold {
            knobWasDragged = true
        }
        return keep
    }

    /// UIKit: a tap (lifted inside) toggles; a knob drag leaves the switch on the side the finger ends on.
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch else { return }
        let newValue: Bool
        if knobWasDragged {
            newValue = touch.location(in: self).x > bounds.midX
        } else {
            newValue = isInsideWithTolerance(touch) ? !isOn : isOn
        }
        guard newValue != isOn else { return }
        isOn = newValue
        sendValueChanged(with: event)
    }

    /// UIKit: a single-finger single tap, and a single-finger pan that starts on the knob and moves along the
    /// switch, belong to the switch.
    override func defaultActionTakesPrecedence(over recognizer: UIGestureRecognizer) -> Bool {
        if recognizer.isSingleFingerSingleTap { return true }
        return touchGrabbedKnob && recognizer.isSingleFingerPan && trackedTouchMovesHorizontally
    }
}
