/// Coalescing of digitizer moves (what an input system does to moves an app cannot take yet: Android's
/// InputDispatcher batches them into one MotionEvent with history; UIKit exposes them as
/// `UIEvent.coalescedTouches(for:)`). The newest frame is delivered; the older ones travel with it as samples.
extension HIDMessageView {
    /// True when `newer` can stand for `self` followed by `newer`: both digitizer frames of the same sender
    /// and layout, the same fingers in the same order, none of them beginning or lifting in either.
    public func canCoalesce(with newer: HIDMessageView) -> Bool {
        guard kind == .digitizer, newer.kind == .digitizer, senderID == newer.senderID,
            eventCount == newer.eventCount, eventStride == newer.eventStride
        else { return false }
        for i in 0..<fingerCount {
            let a = finger(at: i), b = newer.finger(at: i)
            guard a.transducerIndex == b.transducerIndex else { return false }
            let phases = a.phase.union(b.phase)
            if !phases.isDisjoint(with: [.began, .ended, .cancelled]) { return false }
        }
        return true
    }

    /// Makes the frame in `newer` say what `older` said too: a finger that moved in `older` but is
    /// stationary in `newer` is marked moved (phase `changed`, its `eventMask` bits carried over), and the
    /// parent's phase and masks take the union. Positions stay `newer`'s: they are absolute, so the newest is
    /// where every finger is. Both must be valid frames for which `canCoalesce` holds.
    public static func carryPhases(from older: HIDMessageView, into newer: UnsafeMutableRawBufferPointer) {
        typealias Ev = HIDWireLayout.Event
        let target = UnsafeRawBufferPointer(newer)
        let stride = older.eventStride
        let first = HIDWireLayout.envelopeSize + HIDWireLayout.digitizerHeaderSize
        for event in 0..<older.eventCount {
            let offset = first + event * stride
            let oldOptions = older.bytes.u32(offset + Ev.options)
            let newOptions = target.u32(offset + Ev.options)
            // The phase is the options' top byte; `changed` is the only phase a coalescible frame can carry.
            let phase = (oldOptions | newOptions) & 0xFF00_0000
            newer.store((newOptions & 0x00FF_FFFF) | phase, at: offset + Ev.options)
            newer.store(older.bytes.u32(offset + Ev.eventMask) | target.u32(offset + Ev.eventMask), at: offset + Ev.eventMask)
            newer.store(
                older.bytes.u32(offset + Ev.childEventMask) | target.u32(offset + Ev.childEventMask),
                at: offset + Ev.childEventMask)
        }
    }
}
