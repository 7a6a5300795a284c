import Foundation
import HIDEvent

/// UIKit's `UITouch`: one finger from first contact until it lifts or is cancelled, updated in place.
public final class UITouch: Hashable {
    /// UIKit's `phase`: began, moved, stationary, ended or cancelled, as of the event being delivered.
    @exclusivity(unchecked)
    public internal(set) var phase: Phase
    /// Seconds, from the HID envelope's hardware timestamp of the frame that last changed this touch.
    @exclusivity(unchecked)
    public internal(set) var timestamp: TimeInterval
    /// UIKit's `tapCount`: 2 for a finger that comes down again soon near where the last one lifted.
    @exclusivity(unchecked)
    public internal(set) var tapCount: Int
    /// The hit-tested view, fixed when the touch began (nil if no view was hit).
    @exclusivity(unchecked)
    public internal(set) var view: UIView?
    @exclusivity(unchecked)
    var window: UIWindow?
    /// The HID finger path id (`transducerIndex`) this touch follows.
    let transducerIndex: UInt32
    @exclusivity(unchecked)
    var majorRadius: CGFloat
    /// The last phase the touch's view received (nil: nothing yet). Written and read only by the window's
    /// view delivery (UIWindow+TouchDelivery), which owns it; UIKit keeps such bits in UITouch's private
    /// flags too. Recognizer-side reasons to hold a touch back live in the gesture environment.
    @exclusivity(unchecked)
    var phaseDeliveredToView: Phase?
    /// Why the touch's view never receives the touch (UIKit's multiple- and exclusive-touch rules, decided
    /// by the window when the touch began: `UIWindow.viewRefusal(for:in:)`); nil: it does. The touch keeps its
    /// hit-tested `view`, so its recognizers see it as any other. The sentence is made when read (`viewRefusalReason`).
    package var viewRefusal: String? { viewRefusalReason?.text }
    /// `viewRefusal` as decided: the rule and whom it names, the sentence not yet made.
    @exclusivity(unchecked)
    var viewRefusalReason: TouchViewRefusal?
    /// Why the touch is being cancelled, while its cancel is delivered: a recognizer took it from its view
    /// (`UIWindow`'s cancel step), or its HID frame cancelled it. Explained traces print it on the
    /// `touchesCancelled:withEvent:` records (protocols/trace-record.md). The sentence is made when read
    /// (`cancelCauseFact`).
    package var cancelCause: String? { cancelCauseFact?.text }
    /// `cancelCause` as decided: who cancelled, the sentence not yet made.
    @exclusivity(unchecked)
    var cancelCauseFact: TouchCancelCause?

    /// Location and previous location in screen coordinates; `location(in:)` converts.
    @exclusivity(unchecked)
    var screenLocation: CGPoint
    @exclusivity(unchecked)
    var previousScreenLocation: CGPoint
    /// Order of creation: stable ordering for delivery and printing (Set order is not).
    let sequenceNumber: UInt64
    /// The finger's predictor (`UIEvent.predictedTouches(for:)`), fed with every sample, coalesced ones included;
    /// kept on the touch, so a move finds it without a lookup and its ring is reused for the whole stroke.
    @exclusivity(unchecked)
    var predictor = TouchPredictor()
    /// How far ahead (ns) the touch is predicted for the frame being delivered (nil: no prediction); cleared at
    /// the next event, as UIKit discards predictions. The prediction itself is worked out only when asked
    /// (`prediction`): the predictor does not change until the next event, and most apps never ask (issue 27:
    /// about 60 instructions a moving finger each frame).
    @exclusivity(unchecked)
    var predictionHorizon: UInt64?

    /// Where the touch is predicted to be one frame ahead, for the frame being delivered (nil: no prediction).
    var prediction: TouchPredictor.Sample? {
        guard let horizon = predictionHorizon else { return nil }
        return predictor.predict(horizon: horizon)
    }
    /// The gesture environment's record of this touch (its recognizers, what is held back from its view), while
    /// the environment keeps one: found without searching the records on every delivery stage of every frame
    /// (issue 27: the searches were about 2,000 instructions a ten-finger frame). Not retained (the
    /// environment's `records` owns the record, and clears this when it drops the record or goes away).
    var gestureRecord: GestureTouchRecord? {
        get { gestureRecordReference?.takeUnretainedValue() }
        set { gestureRecordReference = newValue.map { Unmanaged.passUnretained($0) } }
    }
    /// `gestureRecord` as stored: an `Unmanaged` reference, which the delivery reads without retaining the record
    /// (`UIGestureEnvironment.unretainedRecord(for:)`).
    @exclusivity(unchecked)
    var gestureRecordReference: Unmanaged<GestureTouchRecord>?

    init(transducerIndex: UInt32, location: CGPoint, timestamp: TimeInterval, tapCount: Int, sequenceNumber: UInt64) {
        self.phase = .began
        self.transducerIndex = transducerIndex
        self.screenLocation = location
        self.previousScreenLocation = location
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.majorRadius = 0
        self.sequenceNumber = sequenceNumber
    }

    /// UIKit's `location(in:)`: the current location in `view`'s space; nil means the touch's window.
    public func location(in view: UIView?) -> CGPoint {
        convertFromScreen(screenLocation, into: view)
    }

    /// UIKit's `previousLocation(in:)`: the location before the last move.
    public func previousLocation(in view: UIView?) -> CGPoint {
        convertFromScreen(previousScreenLocation, into: view)
    }

    private func convertFromScreen(_ point: CGPoint, into view: UIView?) -> CGPoint {
        if let view, view.window != nil { return view.pointFromBaseSpace(point) }
        // The touch's window read unretained (the touch holds it, and the conversion changes nothing): a pan asks
        // every finger's window location on every move, a retain and a release each (issue 27).
        if let window = window.map({ Unmanaged.passUnretained($0) }) {
            return window._withUnsafeGuaranteedRef { $0.pointFromBaseSpace(point) }
        }
        return point
    }

    /// A separate touch object with this touch's identity (finger, view, window, tap count) and the given
    /// state: what UIKit hands out as a coalesced touch.
    func snapshot(phase: Phase, location: CGPoint, previous: CGPoint, timestamp: TimeInterval) -> UITouch {
        let copy = UITouch(
            transducerIndex: transducerIndex, location: location, timestamp: timestamp, tapCount: tapCount,
            sequenceNumber: sequenceNumber)
        copy.phase = phase
        copy.previousScreenLocation = previous
        copy.view = view
        copy.window = window
        copy.majorRadius = majorRadius
        return copy
    }

    public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The hash `Set<UITouch>` uses: the object's address mixed with the set's seed (MurmurHash3's 64-bit
    /// finalizer), instead of feeding it through `Hasher`'s SipHash. Every touch method of every recognizer takes
    /// a `Set<UITouch>` (UIKit's signature), built and searched on every frame: SipHash was about 150
    /// instructions a touch each time (issue 27). Equal touches are the same object, so equal hashes hold.
    public func _rawHashValue(seed: Int) -> Int {
        var x = UInt64(UInt(bitPattern: ObjectIdentifier(self))) ^ UInt64(UInt(bitPattern: seed))
        x = (x ^ (x >> 33)) &* 0xff51_afd7_ed55_8ccd
        x = (x ^ (x >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        return Int(truncatingIfNeeded: x ^ (x >> 33))
    }
}

// MARK: - Phase

extension UITouch {
    /// UIKit's `UITouch.Phase`.
    public enum Phase: Int, Sendable, CaseIterable {
        /// UIKit's phases: the finger landed, moved, stayed still while others changed, lifted, or was cancelled.
        case began, moved, stationary, ended, cancelled

        /// Ended or cancelled: the touch leaves its event after this frame.
        var isFinal: Bool { self == .ended || self == .cancelled }
    }
}

// MARK: - Phase from a HID finger

extension UITouch.Phase {
    /// Maps one finger of a HID frame to a touch phase, given whether a UITouch already follows that finger.
    /// IOHIDFamily marks the phase in `options` and what changed in `eventMask`; either may carry the news:
    /// - cancelled phase or `cancel` bit → cancelled;
    /// - ended phase → ended;
    /// - began phase → began (a second began for a finger already down is treated as a move);
    /// - `touch` bit without a phase (the touch state flipped) → began if new, ended if known;
    /// - changed phase or `position` bit → moved; nothing → stationary.
    /// Returns nil for fingers the app cannot use: anything but a began for an unknown finger (the stream
    /// verifier rule: no moves or ends without a down), and hover (`mayBegin`, `range` only).
    init?(hidFinger finger: HIDDigitizerEvent, isTracked: Bool) {
        let phase = finger.phase, mask = finger.eventMask
        if phase.contains(.cancelled) || mask.contains(.cancel) {
            guard isTracked else { return nil }
            self = .cancelled
        } else if phase.contains(.ended) {
            guard isTracked else { return nil }
            self = .ended
        } else if phase.contains(.began) {
            self = isTracked ? .moved : .began
        } else if mask.contains(.touch) {
            self = isTracked ? .ended : .began
        } else if !isTracked {
            return nil
        } else if phase.contains(.changed) || mask.contains(.position) {
            self = .moved
        } else {
            self = .stationary
        }
    }
}

// MARK: - Gesture recognizers

extension UITouch {
    /// UIKit's `gestureRecognizers`: the recognizers this touch is delivered to, collected when it began
    /// (nil once the touch is over, or when no recognizer took it).
    public var gestureRecognizers: [UIGestureRecognizer]? {
        window?.application?.gestureEnvironment?.recognizers(for: self)
    }
}
