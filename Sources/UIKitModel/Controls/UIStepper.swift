import Foundation
import RunLoopKit

/// UIKit's `UIStepper`: a "-" half and a "+" half. A touch down on a half steps the value at once and sends
/// valueChanged; while the finger stays down, `autorepeat` keeps stepping on a run-loop timer.
public class UIStepper: UIControl {
    /// UIKit (iOS 13 and later): a stepper is 94 x 32 points.
    static let fixedSize = CGSize(width: 94, height: 32)
    /// UIKit waits about half a second before repeating...
    static let autorepeatDelay: TimeInterval = 0.5
    /// ...then repeats at this interval (UIKit speeds up after a few seconds; this model keeps the rate).
    static let autorepeatInterval: TimeInterval = 0.1

    /// UIKit's `minimumValue` (0).
    @exclusivity(unchecked)
    public var minimumValue: Double = 0
    /// UIKit's `maximumValue` (100).
    @exclusivity(unchecked)
    public var maximumValue: Double = 100
    /// UIKit's `stepValue` (1): what one tap adds or takes away.
    @exclusivity(unchecked)
    public var stepValue: Double = 1
    /// UIKit's `value`, kept between the minimum and the maximum.
    @exclusivity(unchecked)
    public var value: Double = 0 { didSet { if value != clamped(value) { value = clamped(value) } } }
    /// UIKit's `autorepeat` (true): holding a button repeats the step.
    @exclusivity(unchecked)
    public var autorepeat = true
    /// UIKit's `isContinuous` (true): valueChanged at each step; false: once, at the lift.
    @exclusivity(unchecked)
    public var isContinuous = true
    /// UIKit: stepping past one end wraps to the other.
    @exclusivity(unchecked)
    public var wraps = false

    @exclusivity(unchecked)
    private var stepDirection: Double = 0
    @exclusivity(unchecked)
    private var valueAtTrackingStart: Double = 0
    @exclusivity(unchecked)
    private var autorepeatTimer: RunLoopTimer?
    @exclusivity(unchecked)
    private weak var trackingEvent: UIEvent?

    public override init(frame: CGRect = .zero) {
        super.init(frame: CGRect(origin: frame.origin, size: UIStepper.fixedSize))
    }

    /// Steps once towards `stepDirection`; false if the value is at that end and does not wrap.
    @discardableResult
    func step() -> Bool {
        var next = value + stepDirection * stepValue
        if next > maximumValue { next = wraps ? minimumValue : maximumValue }
        if next < minimumValue { next = wraps ? maximumValue : minimumValue }
        guard next != value else { return false }
        value = next
        return true
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let accepted = super.beginTracking(touch, with: event)
        stepDirection = touch.location(in: self).x >= bounds.midX ? 1 : -1
        valueAtTrackingStart = value
        trackingEvent = event
        if step() && isContinuous { sendValueChanged(with: event) }
        if autorepeat { scheduleAutorepeat(after: UIStepper.autorepeatDelay) }
        return accepted
    }

    /// UIKit: autorepeat pauses while the finger is outside the control and resumes when it comes back.
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let keep = super.continueTracking(touch, with: event)
        if !isTouchInside {
            stopAutorepeat()
        } else if autorepeat && autorepeatTimer == nil {
            scheduleAutorepeat(after: UIStepper.autorepeatDelay)
        }
        return keep
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        finishTracking(with: event)
    }

    override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        finishTracking(with: event)
    }

    private func finishTracking(with event: UIEvent?) {
        stopAutorepeat()
        if !isContinuous && value != valueAtTrackingStart { sendValueChanged(with: event) }
    }

    private func scheduleAutorepeat(after delay: TimeInterval) {
        guard let runLoop = hostApplication?.runLoop else { return }
        let start = runLoop.clock.now + UInt64(delay * 1e9)
        let timer = RunLoopTimer(fireAt: start, interval: UInt64(UIStepper.autorepeatInterval * 1e9)) { [weak self] _ in
            self?.autorepeatFired()
        }
        autorepeatTimer = timer
        // Common modes: the stepper keeps repeating while a scroll view tracks (UITrackingRunLoopMode).
        runLoop.add(timer, mode: .common)
    }

    private func autorepeatFired() {
        guard isTracking else { return stopAutorepeat() }
        if step() {
            if isContinuous { sendValueChanged(with: trackingEvent) }
        } else if !wraps {
            stopAutorepeat()
        }
    }

    private func stopAutorepeat() {
        autorepeatTimer?.invalidate()
        autorepeatTimer = nil
    }

    /// UIKit: a single-finger single tap on a stepper belongs to it.
    override func defaultActionTakesPrecedence(over recognizer: UIGestureRecognizer) -> Bool {
        recognizer.isSingleFingerSingleTap
    }

    private func clamped(_ v: Double) -> Double {
        min(max(v, minimumValue), max(minimumValue, maximumValue))
    }
}
