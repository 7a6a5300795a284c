/// Follows one sender's digitizer frames and rejects impossible sequences: a finger beginning while
/// down, moving/resting/ending while not down, a finger that is down missing from a frame, a finger twice
/// in a frame. A rejected frame leaves the state unchanged, so the stream can go on being checked.
///
/// Rules per child (by phase): `began` requires the finger up, and it is down afterwards unless the same
/// frame also ends or cancels it; `ended`/`cancelled` alone require it down and lift it; `changed` or an
/// empty phase (stationary) require it down; `mayBegin` alone (hovering, not touching) is not tracked.
public struct HIDStreamVerifier: Sendable {
    /// transducerIndex of every finger down, in the order they went down.
    package private(set) var fingersDown: [UInt32] = []

    /// A verifier with no finger down.
    public init() {
        fingersDown.reserveCapacity(HIDWireLayout.maxFingerCount)
    }

    /// Forgets every finger (a new stream, or after the sender's end marker).
    public mutating func reset() { fingersDown.removeAll(keepingCapacity: true) }

    package mutating func verify(_ frame: HIDDigitizerFrame) throws(HIDStreamError) {
        let children = frame.children
        try verify(count: children.count, index: { children[$0].transducerIndex }, phase: { children[$0].phase })
    }

    /// Checks a validated message; buttons and motion pass.
    public mutating func verify(_ view: HIDMessageView) throws(HIDStreamError) {
        guard view.kind == .digitizer else { return }
        try verify(count: view.fingerCount, index: { view.finger(at: $0).transducerIndex }, phase: { view.finger(at: $0).phase })
    }

    private mutating func verify(
        count: Int, index: (Int) -> UInt32, phase: (Int) -> HIDDigitizerPhase
    ) throws(HIDStreamError) {
        // Check everything against the state before the frame, then commit.
        for i in 0..<count {
            let finger = index(i), p = phase(i)
            for j in 0..<i where index(j) == finger { throw HIDStreamError(.duplicateFinger, transducerIndex: finger, phase: p) }
            let isDown = fingersDown.contains(finger)
            if p.contains(.began) {
                if isDown { throw HIDStreamError(.beganWhileDown, transducerIndex: finger, phase: p) }
            } else if p == .mayBegin {
                continue
            } else if !isDown {
                throw HIDStreamError(.unknownFinger, transducerIndex: finger, phase: p)
            }
        }
        for finger in fingersDown where !(0..<count).contains(where: { index($0) == finger }) {
            throw HIDStreamError(.fingerMissing, transducerIndex: finger, phase: [])
        }
        for i in 0..<count {
            let finger = index(i), p = phase(i)
            let lifts = p.contains(.ended) || p.contains(.cancelled)
            if p.contains(.began) {
                if !lifts { fingersDown.append(finger) }
            } else if lifts, let position = fingersDown.firstIndex(of: finger) {
                fingersDown.remove(at: position)
            }
        }
    }
}

/// An impossible digitizer sequence (Android's InputDispatcher verifier rules, applied to IOHID frames).
public struct HIDStreamError: Error, Equatable, Sendable, CustomStringConvertible {
    package enum Reason: String, Sendable, CaseIterable {
        /// A finger begins while the same transducerIndex is already down.
        case beganWhileDown
        /// A finger moves, rests, ends or is cancelled without having begun.
        case unknownFinger
        /// A finger that is down is absent from a frame (IOHIDFamily lists every finger down: a "ghost finger").
        case fingerMissing
        /// The same transducerIndex twice in one frame.
        case duplicateFinger
    }

    let reason: Reason
    let transducerIndex: UInt32
    /// The finger's phase in the offending frame (empty for `fingerMissing`).
    let phase: HIDDigitizerPhase

    package init(_ reason: Reason, transducerIndex: UInt32, phase: HIDDigitizerPhase) {
        self.reason = reason
        self.transducerIndex = transducerIndex
        self.phase = phase
    }

    public var description: String {
        switch reason {
        case .beganWhileDown: return "beganWhileDown: finger \(transducerIndex) began but is already down"
        case .unknownFinger:
            return "unknownFinger: finger \(transducerIndex) (phase 0x\(String(phase.rawValue, radix: 16))) is not down"
        case .fingerMissing: return "fingerMissing: finger \(transducerIndex) is down but absent from the frame"
        case .duplicateFinger: return "duplicateFinger: finger \(transducerIndex) appears twice in one frame"
        }
    }
}
