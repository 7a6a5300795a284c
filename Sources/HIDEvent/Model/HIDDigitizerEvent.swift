/// IOHIDEvent digitizer `eventMask` bits: what changed in this frame (IOHIDFamily `IOHIDDigitizerEventMask`).
public struct HIDDigitizerEventMask: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt32
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }
    package static let range = HIDDigitizerEventMask(rawValue: 1 << 0)
    /// The finger's touching state changed (it landed or lifted).
    @inlinable public static var touch: HIDDigitizerEventMask { HIDDigitizerEventMask(rawValue: 1 << 1) }
    /// The finger moved.
    @inlinable public static var position: HIDDigitizerEventMask { HIDDigitizerEventMask(rawValue: 1 << 2) }
    package static let stop = HIDDigitizerEventMask(rawValue: 1 << 3)
    package static let peak = HIDDigitizerEventMask(rawValue: 1 << 4)
    package static let identity = HIDDigitizerEventMask(rawValue: 1 << 5)
    package static let attribute = HIDDigitizerEventMask(rawValue: 1 << 6)
    /// The system cancelled the finger.
    @inlinable public static var cancel: HIDDigitizerEventMask { HIDDigitizerEventMask(rawValue: 1 << 7) }
    package static let start = HIDDigitizerEventMask(rawValue: 1 << 8)
    package static let resting = HIDDigitizerEventMask(rawValue: 1 << 9)
    /// Every bit IOHIDFamily defines; others are invalid on the wire.
    package static let all: HIDDigitizerEventMask = [
        .range, .touch, .position, .stop, .peak, .identity, .attribute, .cancel, .start, .resting,
    ]
}

/// IOHIDEvent `options` low bits.
public struct HIDEventOptions: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Positions are absolute (a touchscreen), not relative.
    public static let absolute = HIDEventOptions(rawValue: 1 << 0)
    package static let collection = HIDEventOptions(rawValue: 1 << 1)
    package static let pixelUnits = HIDEventOptions(rawValue: 1 << 2)
    package static let centerOrigin = HIDEventOptions(rawValue: 1 << 3)
    /// The built-in panel, not an external device.
    public static let builtIn = HIDEventOptions(rawValue: 1 << 4)
    package static let all: HIDEventOptions = [.absolute, .collection, .pixelUnits, .centerOrigin, .builtIn]
}

/// Touch phase, carried in the top byte of `options` as IOHIDFamily does.
public struct HIDDigitizerPhase: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
    // The public bits here and in `HIDDigitizerEventMask` are inlinable constants, not `static let`s: another module
    // reads a `static let` through its lazy-global accessor, ~68 instructions a finger in UIKit's phase mapping.
    /// The finger landed.
    @inlinable public static var began: HIDDigitizerPhase { HIDDigitizerPhase(rawValue: 1) }
    /// The finger moved.
    @inlinable public static var changed: HIDDigitizerPhase { HIDDigitizerPhase(rawValue: 2) }
    /// The finger lifted.
    @inlinable public static var ended: HIDDigitizerPhase { HIDDigitizerPhase(rawValue: 4) }
    /// The finger was cancelled.
    @inlinable public static var cancelled: HIDDigitizerPhase { HIDDigitizerPhase(rawValue: 8) }
    package static let mayBegin = HIDDigitizerPhase(rawValue: 0x80)
    package static let all: HIDDigitizerPhase = [.began, .changed, .ended, .cancelled, .mayBegin]
}

/// IOHIDDigitizerTransducerType.
public enum HIDTransducerType: UInt32, Sendable {
    /// A stylus.
    case stylus = 0
    /// A puck (a tablet's mouse-like device).
    case puck = 1
    /// A finger: what a touchscreen reports.
    case finger = 2
    /// A hand (a large contact, palm rejection).
    case hand = 3
}

/// One digitizer event: the parent collection of a frame, or one finger (a child, depth 1).
/// Positions are in points of the screen, origin top-left.
public struct HIDDigitizerEvent: Equatable, Sendable {
    var options: HIDEventOptions
    /// What happened to the finger in this frame; empty: stationary.
    public var phase: HIDDigitizerPhase
    /// 0 for the parent collection, 1 for a finger.
    public var depth: UInt8
    /// The finger's path id: stable while the finger is down (for the parent: 0).
    public var transducerIndex: UInt32
    var transducerType: HIDTransducerType
    var identity: UInt32
    /// What changed in this frame.
    public var eventMask: HIDDigitizerEventMask
    /// For the parent: the OR of the children's masks.
    var childEventMask: HIDDigitizerEventMask
    package var buttonMask: UInt32
    /// Points from the screen's left edge.
    public var x: Float
    /// Points from the screen's top edge.
    public var y: Float
    var z: Float
    /// Contact pressure, 0...1 (0 when the panel does not measure it).
    public var tipPressure: Float
    var auxiliaryPressure: Float
    var twist: Float
    /// The contact ellipse's major radius, points (`UITouch.majorRadius`).
    public var majorRadius: Float
    /// The contact ellipse's minor radius, points.
    public var minorRadius: Float
    var altitude: Float
    var azimuth: Float
    /// IOHIDFamily's contact quality (as the panel reports it).
    public var quality: Float
    /// IOHIDFamily's contact density (as the panel reports it).
    public var density: Float
    var generationCount: UInt32

    /// An event with every IOHIDEvent digitizer field (most are carried, not interpreted).
    public init(
        options: HIDEventOptions = [.absolute], phase: HIDDigitizerPhase = [], depth: UInt8 = 1,
        transducerIndex: UInt32 = 0, transducerType: HIDTransducerType = .finger, identity: UInt32 = 0,
        eventMask: HIDDigitizerEventMask = [], childEventMask: HIDDigitizerEventMask = [], buttonMask: UInt32 = 0,
        x: Float = 0, y: Float = 0, z: Float = 0, tipPressure: Float = 0, auxiliaryPressure: Float = 0,
        twist: Float = 0, majorRadius: Float = 0, minorRadius: Float = 0, altitude: Float = 0,
        azimuth: Float = 0, quality: Float = 0, density: Float = 0, generationCount: UInt32 = 0
    ) {
        self.options = options; self.phase = phase; self.depth = depth
        self.transducerIndex = transducerIndex; self.transducerType = transducerType; self.identity = identity
        self.eventMask = eventMask; self.childEventMask = childEventMask; self.buttonMask = buttonMask
        self.x = x; self.y = y; self.z = z; self.tipPressure = tipPressure; self.auxiliaryPressure = auxiliaryPressure
        self.twist = twist; self.majorRadius = majorRadius; self.minorRadius = minorRadius
        self.altitude = altitude; self.azimuth = azimuth; self.quality = quality; self.density = density
        self.generationCount = generationCount
    }
}

/// A multi-touch frame as IOHIDFamily sends it: one parent collection event (centroid, OR of masks)
/// plus one child per finger that is down or changed in this frame.
public struct HIDDigitizerFrame: Equatable, Sendable {
    package var parent: HIDDigitizerEvent
    /// One event per finger that is down or changed in this frame.
    public var children: [HIDDigitizerEvent]

    init(parent: HIDDigitizerEvent, children: [HIDDigitizerEvent]) {
        self.parent = parent
        self.children = children
    }

    /// Builds the parent collection from the children the way IOHIDFamily does: position is the centroid
    /// of the touching fingers, masks are the OR of the children's, phase the union.
    public init(fingers: [HIDDigitizerEvent], generationCount: UInt32 = 0) {
        var mask: HIDDigitizerEventMask = []
        var phase: HIDDigitizerPhase = []
        var sx: Float = 0, sy: Float = 0
        var n: Float = 0
        for f in fingers {
            mask.formUnion(f.eventMask)
            phase.formUnion(f.phase)
            if !f.phase.contains(.ended) && !f.phase.contains(.cancelled) { sx += f.x; sy += f.y; n += 1 }
        }
        if n == 0, !fingers.isEmpty { for f in fingers { sx += f.x; sy += f.y }; n = Float(fingers.count) }
        let parent = HIDDigitizerEvent(
            options: [.absolute, .collection], phase: phase, depth: 0, transducerIndex: 0, transducerType: .hand,
            eventMask: mask, childEventMask: mask, x: n > 0 ? sx / n : 0, y: n > 0 ? sy / n : 0,
            generationCount: generationCount)
        self.init(parent: parent, children: fingers)
    }
}

/// A hardware button (the keyboard/consumer usage IOHIDFamily reports for it).
public enum HIDButton: UInt32, Sendable, CaseIterable {
    /// The home button.
    case home = 1
    /// The lock (sleep/wake) button.
    case lock = 2
    /// Volume up.
    case volumeUp = 3
    /// Volume down.
    case volumeDown = 4
}

/// A hardware button going down or up (home, lock, volume).
public struct HIDButtonEvent: Equatable, Sendable {
    /// Which button.
    public var button: HIDButton
    /// True when pressed, false when released.
    public var isDown: Bool
    /// A press or release of `button`.
    public init(button: HIDButton, isDown: Bool) { self.button = button; self.isDown = isDown }
}

/// The motion events the format carries (UIKit's `UIEvent.EventSubtype.motionShake`).
public enum HIDMotion: UInt32, Sendable {
    /// The device was shaken (UIKit's `motionShake`).
    case shake = 1
}
/// Where a motion is (UIKit's `motionBegan` and `motionEnded`).
public enum HIDMotionPhase: UInt32, Sendable {
    /// The motion started (`motionBegan`).
    case began = 1
    /// The motion stopped (`motionEnded`).
    case ended = 2
}

/// A motion (a shake) beginning or ending.
public struct HIDMotionEvent: Equatable, Sendable {
    package var motion: HIDMotion
    /// Began or ended.
    public var phase: HIDMotionPhase
    /// A shake's `phase`.
    public init(motion: HIDMotion = .shake, phase: HIDMotionPhase) { self.motion = motion; self.phase = phase }
}

/// A decoded HID message.
public enum HIDPayload: Equatable, Sendable {
    /// A multi-touch frame.
    case digitizer(HIDDigitizerFrame)
    /// A hardware button going down or up.
    case button(HIDButtonEvent)
    /// A motion (a shake) beginning or ending.
    case motion(HIDMotionEvent)

    /// The payload's message kind, as the envelope carries it.
    public var kind: HIDMessageKind {
        switch self {
        case .digitizer: return .digitizer
        case .button: return .button
        case .motion: return .motion
        }
    }
}

/// One HID message: its envelope and its payload.
public struct HIDMessage: Equatable, Sendable {
    /// The fixed header: kind, sequence, sender, hop timestamps.
    public var envelope: HIDEnvelope
    /// The event.
    public var payload: HIDPayload
    /// A message of `payload` under `envelope`.
    public init(envelope: HIDEnvelope, payload: HIDPayload) { self.envelope = envelope; self.payload = payload }
}

extension HIDDigitizerEvent {
    /// One finger of a frame (a child, depth 1) with `change`'s phase and mask; the other fields are what
    /// the senders vary (a built-in panel's `options`, a stable `identity`, contact pressure).
    public init(
        finger index: UInt32, _ change: HIDFingerChange, x: Float, y: Float,
        options: HIDEventOptions = [.absolute], identity: UInt32 = 0, tipPressure: Float = 0
    ) {
        self.init(
            options: options, phase: change.phase, depth: 1, transducerIndex: index, transducerType: .finger,
            identity: identity, eventMask: change.eventMask, x: x, y: y, tipPressure: tipPressure)
    }
}

/// What happened to one finger in one frame, and the phase and `eventMask` a sender reports for it
/// (protocols/hid-event.md, "Conventions for senders"). A set, because within one instant a finger can
/// land and move, or move and lift; the empty set is a stationary finger.
public struct HIDFingerChange: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The finger landed.
    public static let down = HIDFingerChange(rawValue: 1 << 0)
    /// The finger moved.
    public static let move = HIDFingerChange(rawValue: 1 << 1)
    /// The finger lifted.
    public static let up = HIDFingerChange(rawValue: 1 << 2)
    /// The system cancelled the finger.
    public static let cancel = HIDFingerChange(rawValue: 1 << 3)
    /// Down and not changing: empty phase, empty mask.
    public static let stationary: HIDFingerChange = []

    /// down → began; up → ended; cancel → cancelled; a move alone → changed (a move together with a
    /// down, up or cancel is reported by that phase).
    var phase: HIDDigitizerPhase {
        var phase: HIDDigitizerPhase = []
        if contains(.down) { phase.insert(.began) }
        if contains(.up) { phase.insert(.ended) }
        if contains(.cancel) { phase.insert(.cancelled) }
        if contains(.move), phase.isEmpty { phase.insert(.changed) }
        return phase
    }

    /// down, up → range|touch; cancel → range|touch|cancel; move → position, except for a finger that
    /// lands: it is reported where it lands, with no separate position change.
    var eventMask: HIDDigitizerEventMask {
        var mask: HIDDigitizerEventMask = []
        if !isDisjoint(with: [.down, .up, .cancel]) { mask.formUnion([.range, .touch]) }
        if contains(.cancel) { mask.insert(.cancel) }
        if contains(.move), !contains(.down) { mask.insert(.position) }
        return mask
    }

    /// The finger is off the glass after this frame.
    public var lifts: Bool { !isDisjoint(with: [.up, .cancel]) }
}

extension HIDButton {
    /// The HID usage page and usage IOHIDFamily reports for this button (all on the consumer page 0x0C).
    var usage: (page: UInt32, usage: UInt32) {
        switch self {
        case .home: return (0x0C, 0x40)  // Menu
        case .lock: return (0x0C, 0x30)  // Power
        case .volumeUp: return (0x0C, 0xE9)
        case .volumeDown: return (0x0C, 0xEA)
        }
    }
}
