/// What happened to one finger in one frame, and the phase and `eventMask` a sender reports for it
/// (protocols/hid-event.md, "Conventions for senders"). A set, because within one instant a finger can
/// land and move, or move and lift; the empty set is a stationary finger.
public struct HIDFingerChange: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let down = HIDFingerChange(rawValue: 1 << 0)
    public static let move = HIDFingerChange(rawValue: 1 << 1)
    public static let up = HIDFingerChange(rawValue: 1 << 2)
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
