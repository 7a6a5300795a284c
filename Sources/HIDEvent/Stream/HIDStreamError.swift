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
