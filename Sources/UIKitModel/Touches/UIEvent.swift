import Foundation
import HIDEvent

/// UIKit's `UIEvent`. A touches event is one object for the whole multi-touch sequence: every touch of the
/// sequence is in `allTouches`, and all four touch methods of the sequence receive this same object.
public class UIEvent {
    let type: EventType
    @exclusivity(unchecked)
    var subtype: EventSubtype
    /// Seconds, from the HID envelope's hardware timestamp of the frame being delivered.
    @exclusivity(unchecked)
    package internal(set) var timestamp: TimeInterval
    /// The same instant in nanoseconds, as the HID envelope carried it.
    @exclusivity(unchecked)
    var hardwareTimestamp: UInt64 = 0

    /// The touches of the sequence in the order their fingers came down.
    @exclusivity(unchecked)
    var touchesInOrder: [UITouch] = []
    /// For the frame being delivered: the older frames coalesced into it, oldest first (empty: none).
    @exclusivity(unchecked)
    var coalescedFrames: [HIDMessage] = []

    /// Began / ended / cancelled for motion events.
    @exclusivity(unchecked)
    var motionPhase: MotionPhase = .began

    package init(type: EventType, subtype: EventSubtype = .none, timestamp: TimeInterval = 0) {
        self.type = type
        self.subtype = subtype
        self.timestamp = timestamp
    }

    /// UIKit: every touch of the sequence; nil for events that are not touch events.
    package var allTouches: Set<UITouch>? {
        type == .touches ? Set(touchesInOrder) : nil
    }

    /// UIKit's `touches(for:)`: the touches whose hit-tested view is `view`.
    func touches(for view: UIView) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return Set(touchesInOrder.lazy.filter { $0.view === view })
    }

    /// UIKit's `touches(for:)`: the touches that began in `window`.
    func touches(for window: UIWindow) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return Set(touchesInOrder.lazy.filter { $0.window === window })
    }

    /// UIKit's `coalescedTouches(for:)`: every position `touch` took since the previous event, oldest first,
    /// as separate touch objects; the last one has the main touch's current location and timestamp. nil when
    /// `touch` is not part of this event. Without coalescing the array holds just that last one.
    package func coalescedTouches(for touch: UITouch) -> [UITouch]? {
        guard type == .touches, touchesInOrder.contains(where: { $0 === touch }) else { return nil }
        var samples: [UITouch] = []
        if touch.phase == .moved, !coalescedFrames.isEmpty {
            // The samples lie between the location before this frame and the newest one.
            var previous = touch.previousScreenLocation
            for message in coalescedFrames {
                guard case .digitizer(let frame) = message.payload else { continue }
                for finger in frame.children where finger.depth > 0 && finger.transducerIndex == touch.transducerIndex {
                    guard finger.phase.contains(.changed) else { continue }
                    let location = CGPoint(x: CGFloat(finger.x), y: CGFloat(finger.y))
                    samples.append(
                        touch.snapshot(
                            phase: .moved, location: location, previous: previous,
                            timestamp: TimeInterval(message.envelope.timestamps.hardware) / 1e9))
                    previous = location
                }
            }
        }
        samples.append(
            touch.snapshot(
                phase: touch.phase, location: touch.screenLocation,
                previous: touch.previousScreenLocation, timestamp: touch.timestamp))
        return samples
    }

    /// UIKit's `predictedTouches(for:)`: where `touch` is predicted to be next (`TouchPredictor`, one frame ahead),
    /// as touch objects; valid for this event only, the next event replaces them
    /// (developer.apple.com/documentation/uikit/uievent/predictedtouches(for:)). Empty when there is no prediction
    /// (a touch that has not moved twice, or that ended); nil when `touch` is not part of this event.
    package func predictedTouches(for touch: UITouch) -> [UITouch]? {
        guard type == .touches, touchesInOrder.contains(where: { $0 === touch }) else { return nil }
        guard let p = touch.prediction else { return [] }
        return [
            touch.snapshot(
                phase: .moved, location: CGPoint(x: CGFloat(p.x), y: CGFloat(p.y)), previous: touch.screenLocation,
                timestamp: TimeInterval(p.time) / 1e9)
        ]
    }

    /// Appends the windows whose touches changed in the current frame to `windows` (a buffer the caller reuses),
    /// in touch order, each once.
    func collectWindowsWithChangedTouches(into windows: inout [UIWindow]) {
        // Compared before the window is taken out of the touch (binding it retained it for every touch, issue 27),
        // and the touches walked unretained (`touchesInOrder` holds them; the loop retained and released each: 12
        // retains a ten-finger frame).
        touchesInOrder.forEachUnretainedInPlace { touch in
            guard touch.phase != .stationary, !windows.contains(where: { $0 === touch.window }) else { return }
            if let window = touch.window { windows.append(window) }
        }
    }
}

// MARK: - Types

extension UIEvent {
    /// UIKit's `UIEvent.EventType`.
    package enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses
    }

    /// UIKit's `UIEvent.EventSubtype` (the cases this model produces).
    package enum EventSubtype: Int, Sendable {
        case none = 0
        case motionShake = 1
    }

    /// Which of `motionBegan/Ended/Cancelled` a motion event is delivered as.
    enum MotionPhase: Sendable {
        case began, ended, cancelled
    }
}
