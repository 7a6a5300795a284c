/// Byte offsets and sizes of the HID wire format, version 1.0 (normative: protocols/hid-event.md).
/// Every multi-byte field is little-endian. Offsets are relative to the start of their structure.
public enum HIDWireLayout {
    /// "TPHE" read as a little-endian u32.
    static let magic: UInt32 = 0x4548_5054
    static let versionMajor: UInt8 = 1
    static let versionMinor: UInt8 = 0

    /// Bytes of the envelope (64).
    public static let envelopeSize = 64
    static let digitizerHeaderSize = 8
    static let digitizerEventSize = 96
    static let buttonPayloadSize = 16
    static let motionPayloadSize = 8
    /// IOHIDEvent type number of a digitizer event.
    static let digitizerEventType: UInt32 = 11
    /// Parent + at most 32 fingers.
    static let maxEventCount = 33
    /// The most fingers one frame can carry (32).
    public static let maxFingerCount = maxEventCount - 1
    /// The largest message this version can produce (a 32-finger frame).
    package static let maxMessageSize = envelopeSize + digitizerHeaderSize + maxEventCount * digitizerEventSize

    /// The length of the HID message starting at `offset` in `bytes`, from its envelope's `payloadLength`
    /// (64 + payloadLength): how back-to-back messages are told apart. Nil when fewer than 64 bytes are left.
    /// Nothing else is checked: the decoder validates the message.
    public static func messageLength(in bytes: UnsafeRawBufferPointer, at offset: Int) -> Int? {
        guard bytes.count - offset >= envelopeSize else { return nil }
        return envelopeSize + Int(bytes.u32(offset + Envelope.payloadLength))
    }

    /// Envelope field offsets.
    enum Envelope {
        static let magic = 0, versionMajor = 4, versionMinor = 5, kind = 6, payloadLength = 8, flags = 12
        static let sequence = 16, senderID = 24
        static let hardware = 32, routerReceived = 40, routerForwarded = 48, appReceived = 56
    }

    /// Digitizer payload header offsets (relative to the payload).
    enum Digitizer {
        static let eventCount = 0, reserved = 4
    }

    /// Digitizer event field offsets (relative to the event).
    enum Event {
        static let size = 0, type = 4, options = 8, depth = 12, reserved0 = 13, transducerIndex = 16
        static let transducerType = 20, identity = 24, eventMask = 28, childEventMask = 32, buttonMask = 36
        static let x = 40, y = 44, z = 48, tipPressure = 52, auxiliaryPressure = 56, twist = 60
        static let majorRadius = 64, minorRadius = 68, altitude = 72, azimuth = 76, quality = 80, density = 84
        static let generationCount = 88, reserved1 = 92
        /// The name of the f32 field (the twelve are contiguous: x ..< generationCount) at `offset` (for validation errors only).
        static func floatName(at offset: Int) -> String {
            switch offset {
            case x: return "x"
            case y: return "y"
            case z: return "z"
            case tipPressure: return "tipPressure"
            case auxiliaryPressure: return "auxiliaryPressure"
            case twist: return "twist"
            case majorRadius: return "majorRadius"
            case minorRadius: return "minorRadius"
            case altitude: return "altitude"
            case azimuth: return "azimuth"
            case quality: return "quality"
            default: return "density"
            }
        }
    }

    /// Button payload offsets.
    enum Button {
        static let button = 0, down = 4, usagePage = 8, usage = 12
    }

    /// Motion payload offsets.
    enum Motion {
        static let motion = 0, phase = 4
    }
}

// Explicit little-endian access at any alignment: the wire never depends on host byte order, and a
// message may sit at any offset inside a ZeroMQ frame. Non-generic on purpose: unspecialized generic
// loads made debug builds (and so the validation tests) several times slower. Public and
// inlinable: AppChannel's messages use the same helpers on their hot path.

extension UnsafeRawBufferPointer {
    /// The byte at `offset`.
    /// The little-endian UInt16 at `offset`, at any alignment.
    @inlinable @inline(__always) public func u8(_ offset: Int) -> UInt8 { self[offset] }
    @inlinable @inline(__always) public func u16(_ offset: Int) -> UInt16 {
        UInt16(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }
    /// The little-endian UInt32 at `offset`, at any alignment.
    @inlinable @inline(__always) public func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
    /// The little-endian UInt64 at `offset`, at any alignment.
    @inlinable @inline(__always) public func u64(_ offset: Int) -> UInt64 {
        UInt64(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    /// The little-endian Float at `offset`, at any alignment.
    @inlinable @inline(__always) public func f32(_ offset: Int) -> Float { Float(bitPattern: u32(offset)) }
}

extension UnsafeMutableRawBufferPointer {
    /// Writes `value` at `offset`.
    /// Writes `value` little-endian at `offset`, at any alignment.
    @inlinable @inline(__always) public func store(_ value: UInt8, at offset: Int) { self[offset] = value }
    @inlinable @inline(__always) public func store(_ value: UInt16, at offset: Int) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt16.self)
    }
    /// Writes `value` little-endian at `offset`, at any alignment.
    @inlinable @inline(__always) public func store(_ value: UInt32, at offset: Int) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
    }
    /// Writes `value` little-endian at `offset`, at any alignment.
    @inlinable @inline(__always) public func store(_ value: UInt64, at offset: Int) {
        storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
    }
    /// Writes `value` little-endian at `offset`, at any alignment.
    @inlinable @inline(__always) public func store(_ value: Float, at offset: Int) { store(value.bitPattern, at: offset) }
}
