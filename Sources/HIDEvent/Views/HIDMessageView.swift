/// A validated, zero-allocation view over the bytes of one HID message: validate once with
/// `init(validating:)`, then read envelope fields and iterate fingers straight from the bytes.
/// The view does not own the bytes: use it only while they stay alive and unchanged.
public struct HIDMessageView {
    /// The message bytes (exactly one message).
    package let bytes: UnsafeRawBufferPointer
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
    public var sequence: UInt64 { bytes.u64(Env.sequence) }
    public var senderID: UInt64 { bytes.u64(Env.senderID) }

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

    public struct Fingers: RandomAccessCollection {
        let message: HIDMessageView
        public var startIndex: Int { 0 }
        public var endIndex: Int { message.fingerCount }
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
        let payload: HIDPayload
        switch kind {
        case .digitizer:
            var children: [HIDDigitizerEvent] = []
            children.reserveCapacity(fingerCount)
            for finger in fingers { children.append(finger.event) }
            payload = .digitizer(HIDDigitizerFrame(parent: parent.event, children: children))
        case .button:
            payload = .button(button ?? HIDButtonEvent(button: .home, isDown: false))
        case .motion:
            payload = .motion(motion ?? HIDMotionEvent(phase: .began))
        }
        return HIDMessage(envelope: envelope, payload: payload)
    }
}
