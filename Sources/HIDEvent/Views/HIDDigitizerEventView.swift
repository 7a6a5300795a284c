/// One digitizer event (parent or finger) read in place from validated message bytes.
public struct HIDDigitizerEventView {
    let bytes: UnsafeRawBufferPointer
    /// Offset of the event from the start of the message.
    package let offset: Int

    typealias Ev = HIDWireLayout.Event

    @inline(__always) private func u32(_ field: Int) -> UInt32 { bytes.u32(offset + field) }
    @inline(__always) private func f32(_ field: Int) -> Float { bytes.f32(offset + field) }

    package var options: HIDEventOptions { HIDEventOptions(rawValue: u32(Ev.options) & 0x00FF_FFFF) }
    public var phase: HIDDigitizerPhase { HIDDigitizerPhase(rawValue: UInt8(truncatingIfNeeded: u32(Ev.options) >> 24)) }
    package var depth: UInt8 { bytes.u8(offset + Ev.depth) }
    public var transducerIndex: UInt32 { u32(Ev.transducerIndex) }
    /// Validated on init of the message view; `.finger` is unreachable as a fallback.
    package var transducerType: HIDTransducerType { HIDTransducerType(rawValue: u32(Ev.transducerType)) ?? .finger }
    package var identity: UInt32 { u32(Ev.identity) }
    package var eventMask: HIDDigitizerEventMask { HIDDigitizerEventMask(rawValue: u32(Ev.eventMask)) }
    package var childEventMask: HIDDigitizerEventMask { HIDDigitizerEventMask(rawValue: u32(Ev.childEventMask)) }
    package var buttonMask: UInt32 { u32(Ev.buttonMask) }
    public var x: Float { f32(Ev.x) }
    public var y: Float { f32(Ev.y) }
    package var z: Float { f32(Ev.z) }
    package var tipPressure: Float { f32(Ev.tipPressure) }
    package var auxiliaryPressure: Float { f32(Ev.auxiliaryPressure) }
    package var twist: Float { f32(Ev.twist) }
    package var majorRadius: Float { f32(Ev.majorRadius) }
    package var minorRadius: Float { f32(Ev.minorRadius) }
    package var altitude: Float { f32(Ev.altitude) }
    package var azimuth: Float { f32(Ev.azimuth) }
    package var quality: Float { f32(Ev.quality) }
    package var density: Float { f32(Ev.density) }
    package var generationCount: UInt32 { u32(Ev.generationCount) }

    /// The model value of this event.
    package var event: HIDDigitizerEvent {
        HIDDigitizerEvent(
            options: options, phase: phase, depth: depth, transducerIndex: transducerIndex, transducerType: transducerType,
            identity: identity, eventMask: eventMask, childEventMask: childEventMask, buttonMask: buttonMask,
            x: x, y: y, z: z, tipPressure: tipPressure, auxiliaryPressure: auxiliaryPressure, twist: twist,
            majorRadius: majorRadius, minorRadius: minorRadius, altitude: altitude, azimuth: azimuth,
            quality: quality, density: density, generationCount: generationCount)
    }
}
