/// A validated, zero-allocation view over the bytes of one HID message: validate once with
/// `init(validating:)`, then read envelope fields and iterate fingers straight from the bytes.
/// The view does not own the bytes: use it only while they stay alive and unchanged.
public struct HIDMessageView {
    /// The message bytes (exactly one message).
    package let bytes: UnsafeRawBufferPointer
    /// What the message carries: digitizer, button or motion.
    public let kind: HIDMessageKind
    /// Number of digitizer events (parent + fingers); 0 for buttons and motion.
    package let eventCount: Int
    /// Distance between digitizer events: 96 in version 1.0, larger when a newer minor extends events.
    let eventStride: Int

    typealias Env = HIDWireLayout.Envelope

    /// Checks every rule of protocols/hid-event.md; afterwards every accessor is in bounds.
    public init(validating bytes: UnsafeRawBufferPointer) throws(HIDDecodeError) {
        let layout = try HIDMessageValidator.validate(bytes)
        self.bytes = bytes
        self.kind = layout.kind
        self.eventCount = layout.eventCount
        self.eventStride = layout.eventStride
    }

    // MARK: Envelope

    package var versionMajor: UInt8 { bytes.u8(Env.versionMajor) }
    package var versionMinor: UInt8 { bytes.u8(Env.versionMinor) }
    package var payloadLength: Int { Int(bytes.u32(Env.payloadLength)) }
    /// The envelope's per-sender sequence number.
    public var sequence: UInt64 { bytes.u64(Env.sequence) }
    /// The envelope's sender id.
    public var senderID: UInt64 { bytes.u64(Env.senderID) }

    /// The envelope's timestamp for `hop`, nanoseconds (0: not stamped).
    public func timestamp(_ hop: HIDHop) -> UInt64 { bytes.u64(hop.envelopeOffset) }

    package var timestamps: HIDHopTimestamps {
        HIDHopTimestamps(
            hardware: timestamp(.hardware), routerReceived: timestamp(.routerReceived),
            routerForwarded: timestamp(.routerForwarded), appReceived: timestamp(.appReceived))
    }

    var envelope: HIDEnvelope {
        HIDEnvelope(kind: kind, sequence: sequence, senderID: senderID, timestamps: timestamps)
    }

    // MARK: Digitizer

    /// Number of fingers (children) in a digitizer frame; 0 for other kinds.
    public var fingerCount: Int { eventCount > 0 ? eventCount - 1 : 0 }

    /// The parent collection event. Only for digitizer messages.
    package var parent: HIDDigitizerEventView {
        precondition(kind == .digitizer, "parent of a \(kind) message")
        return HIDDigitizerEventView(bytes: bytes, offset: eventOffset(0))
    }

    /// Finger `index` (0-based, in wire order). Only for digitizer messages.
    package func finger(at index: Int) -> HIDDigitizerEventView {
        precondition(index >= 0 && index < fingerCount, "finger \(index) of \(fingerCount)")
        return HIDDigitizerEventView(bytes: bytes, offset: eventOffset(index + 1))
    }

    /// The fingers as a random-access collection (no allocation).
    public var fingers: Fingers { Fingers(message: self) }

    private func eventOffset(_ event: Int) -> Int {
        HIDWireLayout.envelopeSize + HIDWireLayout.digitizerHeaderSize + event * eventStride
    }

    /// The fingers of a digitizer message, read from the bytes.
    public struct Fingers: RandomAccessCollection {
        let message: HIDMessageView
        /// The first finger's index: 0.
        public var startIndex: Int { 0 }
        /// The number of fingers.
        public var endIndex: Int { message.fingerCount }
        /// The finger at `position`.
        public subscript(position: Int) -> HIDDigitizerEventView { message.finger(at: position) }
    }

    // MARK: Button and motion

    /// The button event, for button messages.
    public var button: HIDButtonEvent? {
        guard kind == .button else { return nil }
        let payload = HIDWireLayout.envelopeSize
        // Validated: the raw value is a known button.
        guard let button = HIDButton(rawValue: bytes.u32(payload + HIDWireLayout.Button.button)) else { return nil }
        return HIDButtonEvent(button: button, isDown: bytes.u32(payload + HIDWireLayout.Button.down) == 1)
    }

    /// The motion event, for motion messages.
    package var motion: HIDMotionEvent? {
        guard kind == .motion else { return nil }
        let payload = HIDWireLayout.envelopeSize
        guard let motion = HIDMotion(rawValue: bytes.u32(payload + HIDWireLayout.Motion.motion)),
            let phase = HIDMotionPhase(rawValue: bytes.u32(payload + HIDWireLayout.Motion.phase))
        else { return nil }
        return HIDMotionEvent(motion: motion, phase: phase)
    }

    // MARK: Materializing

    /// The full model value (allocates the children array for digitizer frames).
    package func message() -> HIDMessage {
        var storage: [HIDDigitizerEvent] = []
        return message(reusingFingers: &storage)
    }

    /// The full model value, a digitizer frame's children written into `storage`'s buffer (a dispatched frame's
    /// array given back by the app, so steady traffic allocates none), which the message takes (`storage` is left
    /// empty).
    package func message(reusingFingers storage: inout [HIDDigitizerEvent]) -> HIDMessage {
        let payload: HIDPayload
        switch kind {
        case .digitizer:
            var children: [HIDDigitizerEvent] = []
            swap(&children, &storage)
            // The given array's elements are overwritten where it has them (a steady stream gives back an array of
            // this frame's length), and only the difference is removed or appended: emptying it first went through
            // the general `replaceSubrange`, ~80 instructions a frame, before appending every finger (issue 27).
            let count = fingerCount
            if children.count > count { children.removeLast(children.count - count) }
            let kept = children.count
            children.withUnsafeMutableBufferPointer { buffer in
                for index in 0..<kept { buffer[index] = finger(at: index).event }
            }
            children.reserveCapacity(count)
            for index in kept..<count { children.append(finger(at: index).event) }
            payload = .digitizer(HIDDigitizerFrame(parent: parent.event, children: children))
        case .button:
            payload = .button(button ?? HIDButtonEvent(button: .home, isDown: false))
        case .motion:
            payload = .motion(motion ?? HIDMotionEvent(phase: .began))
        }
        return HIDMessage(envelope: envelope, payload: payload)
    }
}

extension HIDMessageView {
    /// Writes `ns` into the envelope timestamp of `hop`, in place, so a router can stamp and forward the
    /// very bytes it received. Only the envelope is checked (length, magic, major version), not the
    /// payload, so messages of an unknown kind can be stamped and forwarded too.
    /// - Returns: false (and writes nothing) when `buffer` does not start with a version-1 envelope.
    @discardableResult
    public static func stamp(_ hop: HIDHop, _ ns: UInt64, in buffer: UnsafeMutableRawBufferPointer) -> Bool {
        let bytes = UnsafeRawBufferPointer(buffer)
        guard bytes.count >= HIDWireLayout.envelopeSize,
            bytes.u32(Env.magic) == HIDWireLayout.magic,
            bytes.u8(Env.versionMajor) == HIDWireLayout.versionMajor
        else { return false }
        buffer.store(ns, at: hop.envelopeOffset)
        return true
    }
}

/// One digitizer event (parent or finger) read in place from validated message bytes.
public struct HIDDigitizerEventView {
    let bytes: UnsafeRawBufferPointer
    /// Offset of the event from the start of the message.
    package let offset: Int

    typealias Ev = HIDWireLayout.Event

    @inline(__always) private func u32(_ field: Int) -> UInt32 { bytes.u32(offset + field) }
    @inline(__always) private func f32(_ field: Int) -> Float { bytes.f32(offset + field) }

    package var options: HIDEventOptions { HIDEventOptions(rawValue: u32(Ev.options) & 0x00FF_FFFF) }
    /// The finger's phase (the top byte of `options`).
    public var phase: HIDDigitizerPhase { HIDDigitizerPhase(rawValue: UInt8(truncatingIfNeeded: u32(Ev.options) >> 24)) }
    package var depth: UInt8 { bytes.u8(offset + Ev.depth) }
    /// The finger's path id.
    public var transducerIndex: UInt32 { u32(Ev.transducerIndex) }
    /// Validated on init of the message view; `.finger` is unreachable as a fallback.
    package var transducerType: HIDTransducerType { HIDTransducerType(rawValue: u32(Ev.transducerType)) ?? .finger }
    package var identity: UInt32 { u32(Ev.identity) }
    package var eventMask: HIDDigitizerEventMask { HIDDigitizerEventMask(rawValue: u32(Ev.eventMask)) }
    package var childEventMask: HIDDigitizerEventMask { HIDDigitizerEventMask(rawValue: u32(Ev.childEventMask)) }
    package var buttonMask: UInt32 { u32(Ev.buttonMask) }
    /// Points from the screen's left edge.
    public var x: Float { f32(Ev.x) }
    /// Points from the screen's top edge.
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
