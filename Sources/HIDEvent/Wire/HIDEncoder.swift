/// Encodes `HIDMessage`s in the version 1.0 wire format (protocols/hid-event.md): little-endian,
/// every reserved field and padding byte written as zero. The encoder writes the model as given; it
/// does not judge values (a NaN position encodes, and the decoder rejects it).
public enum HIDEncoder {
    /// The bytes `message` takes on the wire.
    public static func encodedSize(of message: HIDMessage) -> Int {
        HIDWireLayout.envelopeSize + payloadSize(of: message.payload)
    }

    static func payloadSize(of payload: HIDPayload) -> Int {
        switch payload {
        case .digitizer(let frame):
            return HIDWireLayout.digitizerHeaderSize + (1 + frame.children.count) * HIDWireLayout.digitizerEventSize
        case .button: return HIDWireLayout.buttonPayloadSize
        case .motion: return HIDWireLayout.motionPayloadSize
        }
    }

    /// Encodes into the start of `buffer`.
    /// - Returns: the number of bytes written (`encodedSize(of:)`).
    @discardableResult
    public static func encode(_ message: HIDMessage, into buffer: UnsafeMutableRawBufferPointer) throws(HIDEncodeError) -> Int {
        try check(message)
        let size = encodedSize(of: message)
        guard buffer.count >= size else { throw .bufferTooSmall(needed: size, available: buffer.count) }
        write(
            message, payloadLength: size - HIDWireLayout.envelopeSize,
            to: UnsafeMutableRawBufferPointer(rebasing: buffer[..<size]))
        return size
    }

    /// Appends the encoding to `bytes`. With `bytes.removeAll(keepingCapacity: true)` between messages,
    /// no allocation happens once the array has grown to the largest message.
    public static func append(_ message: HIDMessage, to bytes: inout [UInt8]) throws(HIDEncodeError) {
        try check(message)
        let size = encodedSize(of: message)
        let start = bytes.count
        bytes.reserveCapacity(start + size)
        // Grow by `size` bytes with one memcpy (appending a repeated element is far slower); the encoder
        // then overwrites every one of them.
        zeroes.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<size])) }
        bytes.withUnsafeMutableBytes { raw in
            write(
                message, payloadLength: size - HIDWireLayout.envelopeSize,
                to: UnsafeMutableRawBufferPointer(rebasing: raw[start..<(start + size)]))
        }
    }

    /// A new array holding the encoding (allocates; for tests and tools).
    public static func encode(_ message: HIDMessage) throws(HIDEncodeError) -> [UInt8] {
        var bytes: [UInt8] = []
        try append(message, to: &bytes)
        return bytes
    }

    // MARK: Writing

    private static let zeroes = [UInt8](repeating: 0, count: HIDWireLayout.maxMessageSize)

    private static func check(_ message: HIDMessage) throws(HIDEncodeError) {
        guard message.envelope.kind == message.payload.kind else {
            throw .kindMismatch(envelope: message.envelope.kind, payload: message.payload.kind)
        }
        if case .digitizer(let frame) = message.payload, frame.children.count > HIDWireLayout.maxFingerCount {
            throw .tooManyFingers(count: frame.children.count, maximum: HIDWireLayout.maxFingerCount)
        }
    }

    /// `out` is exactly the message's size.
    private static func write(_ message: HIDMessage, payloadLength: Int, to out: UnsafeMutableRawBufferPointer) {
        typealias Env = HIDWireLayout.Envelope
        let envelope = message.envelope
        out.store(HIDWireLayout.magic, at: Env.magic)
        out.store(HIDWireLayout.versionMajor, at: Env.versionMajor)
        out.store(HIDWireLayout.versionMinor, at: Env.versionMinor)
        out.store(message.payload.kind.rawValue, at: Env.kind)
        out.store(UInt32(payloadLength), at: Env.payloadLength)
        out.store(UInt32(0), at: Env.flags)
        out.store(envelope.sequence, at: Env.sequence)
        out.store(envelope.senderID, at: Env.senderID)
        for hop in HIDHop.allCases { out.store(envelope.timestamps[hop], at: hop.envelopeOffset) }

        let payload = UnsafeMutableRawBufferPointer(rebasing: out[HIDWireLayout.envelopeSize...])
        switch message.payload {
        case .digitizer(let frame):
            payload.store(UInt32(1 + frame.children.count), at: HIDWireLayout.Digitizer.eventCount)
            payload.store(UInt32(0), at: HIDWireLayout.Digitizer.reserved)
            var offset = HIDWireLayout.digitizerHeaderSize
            write(frame.parent, to: payload, at: offset)
            for child in frame.children {
                offset += HIDWireLayout.digitizerEventSize
                write(child, to: payload, at: offset)
            }
        case .button(let event):
            typealias B = HIDWireLayout.Button
            let usage = event.button.usage
            payload.store(event.button.rawValue, at: B.button)
            payload.store(UInt32(event.isDown ? 1 : 0), at: B.down)
            payload.store(usage.page, at: B.usagePage)
            payload.store(usage.usage, at: B.usage)
        case .motion(let event):
            payload.store(event.motion.rawValue, at: HIDWireLayout.Motion.motion)
            payload.store(event.phase.rawValue, at: HIDWireLayout.Motion.phase)
        }
    }

    private static func write(_ event: HIDDigitizerEvent, to out: UnsafeMutableRawBufferPointer, at base: Int) {
        typealias Ev = HIDWireLayout.Event
        out.store(UInt32(HIDWireLayout.digitizerEventSize), at: base + Ev.size)
        out.store(HIDWireLayout.digitizerEventType, at: base + Ev.type)
        // Phase lives in the top byte of options; the option bits are masked to their 24 bits.
        out.store((event.options.rawValue & 0x00FF_FFFF) | UInt32(event.phase.rawValue) << 24, at: base + Ev.options)
        // depth u8 followed by three reserved zero bytes.
        out.store(UInt32(event.depth), at: base + Ev.depth)
        out.store(event.transducerIndex, at: base + Ev.transducerIndex)
        out.store(event.transducerType.rawValue, at: base + Ev.transducerType)
        out.store(event.identity, at: base + Ev.identity)
        out.store(event.eventMask.rawValue, at: base + Ev.eventMask)
        out.store(event.childEventMask.rawValue, at: base + Ev.childEventMask)
        out.store(event.buttonMask, at: base + Ev.buttonMask)
        out.store(event.x, at: base + Ev.x)
        out.store(event.y, at: base + Ev.y)
        out.store(event.z, at: base + Ev.z)
        out.store(event.tipPressure, at: base + Ev.tipPressure)
        out.store(event.auxiliaryPressure, at: base + Ev.auxiliaryPressure)
        out.store(event.twist, at: base + Ev.twist)
        out.store(event.majorRadius, at: base + Ev.majorRadius)
        out.store(event.minorRadius, at: base + Ev.minorRadius)
        out.store(event.altitude, at: base + Ev.altitude)
        out.store(event.azimuth, at: base + Ev.azimuth)
        out.store(event.quality, at: base + Ev.quality)
        out.store(event.density, at: base + Ev.density)
        out.store(event.generationCount, at: base + Ev.generationCount)
        out.store(UInt32(0), at: base + Ev.reserved1)
    }
}

/// Why a message could not be encoded.
public enum HIDEncodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The caller's buffer is smaller than `HIDEncoder.encodedSize(of:)`.
    case bufferTooSmall(needed: Int, available: Int)
    /// A digitizer frame carries more fingers than the format allows (32).
    case tooManyFingers(count: Int, maximum: Int)
    /// The envelope's kind disagrees with the payload.
    case kindMismatch(envelope: HIDMessageKind, payload: HIDMessageKind)

    public var description: String {
        switch self {
        case .bufferTooSmall(let needed, let available): return "bufferTooSmall: needs \(needed) bytes, buffer has \(available)"
        case .tooManyFingers(let count, let maximum): return "tooManyFingers: \(count) fingers, at most \(maximum)"
        case .kindMismatch(let envelope, let payload): return "kindMismatch: envelope says \(envelope), payload is \(payload)"
        }
    }
}
