/// Any app-channel message, decoded. (For an `event` only its header is decoded here: `EventHeader.split` says
/// where its HID message and samples lie, for the HID decoder.)
public enum AppChannelMessage: Equatable, Sendable {
    case register(RegisterMessage)
    case registered(RegisteredMessage)
    case eventHeader(EventHeader)
    case ack(AckMessage)
    /// A cumulative ack: every event of one dispatch pass.
    case acks(AcksMessage)
    case heartbeat(HeartbeatMessage)
    case state(StateMessage)
    case error(ChannelErrorMessage)
    /// SpringBoard -> app: "register now" (answer to the connect probe). Header only.
    case hello
    /// app -> SpringBoard: the app is exiting on purpose (not a crash). Header only.
    case goodbye
    case ping(PingMessage)
    /// SpringBoard -> app: where is a view (the control socket's `view`).
    case locate(LocateMessage)
    /// app -> SpringBoard: the answer to `locate`.
    case location(LocationMessage)
    /// app -> SpringBoard: a frame that reflects events is on screen.
    case frames(FramesMessage)

    /// The header validated once (`AppChannelFrame`), the body by its type's decoder.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(AppChannelError) -> AppChannelMessage {
        try AppChannelFrame(validating: bytes).message()
    }

    package static func decode(_ bytes: [UInt8]) throws(AppChannelError) -> AppChannelMessage {
        let result: Result<AppChannelMessage, AppChannelError> = bytes.withUnsafeBytes { raw in
            do throws(AppChannelError) { return .success(try decode(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    public func encoded() -> [UInt8] {
        switch self {
        case .register(let m): return m.encoded()
        case .registered(let m): return m.encoded()
        case .eventHeader(let m): return m.encoded()
        case .ack(let m): return m.encoded()
        case .acks(let m): return m.encoded()
        case .heartbeat(let m): return m.encoded()
        case .state(let m): return m.encoded()
        case .error(let m): return m.encoded()
        case .ping(let m): return m.encoded()
        case .locate(let m): return m.encoded()
        case .location(let m): return m.encoded()
        case .frames(let m): return m.encoded()
        case .hello: return AppChannelHeader.array(size: 8) { AppChannelHeader(type: .hello).encode(into: $0) }
        case .goodbye: return AppChannelHeader.array(size: 8) { AppChannelHeader(type: .goodbye).encode(into: $0) }
        }
    }
}

/// The 8-byte header every app-channel message starts with: magic u32, version u8, type u8, reserved u16 (0).
public struct AppChannelHeader: Equatable, Sendable {
    public var type: AppMessageType

    init(type: AppMessageType) { self.type = type }

    /// Reads and validates the header; does not look past byte 8.
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(AppChannelError) -> AppChannelHeader {
        guard bytes.count >= AppChannelWire.headerSize else {
            throw .truncated(message: "header", needed: AppChannelWire.headerSize, found: bytes.count)
        }
        let magic = bytes.u32(0)
        guard magic == AppChannelWire.magic else { throw .badMagic(found: magic) }
        guard bytes.u8(4) == AppChannelWire.versionMajor else { throw .unsupportedVersion(found: bytes.u8(4)) }
        guard let type = AppMessageType(rawValue: bytes.u8(5)) else { throw .unknownType(bytes.u8(5)) }
        guard bytes.u16(6) == 0 else {
            throw .invalidField(message: "header", field: "reserved", offset: 6, expected: "0", found: "\(bytes.u16(6))")
        }
        return AppChannelHeader(type: type)
    }

    func encode(into bytes: UnsafeMutableRawBufferPointer) {
        bytes.put(AppChannelWire.magic, 0)
        bytes.put(AppChannelWire.versionMajor, 4)
        bytes.put(type.rawValue, 5)
        bytes.put(UInt16(0), 6)
    }
}

/// One app-channel message with its 8-byte header validated, once: the receive paths (springboard's app channel
/// server, app-host's port) read the header here and hand the frame to the one decoder its type names, which
/// reads only the body (no decoder checks the header again). The bytes are borrowed, as `HIDMessageView`'s are:
/// the frame lives only as long as the buffer.
public struct AppChannelFrame {
    public let header: AppChannelHeader
    let bytes: UnsafeRawBufferPointer

    /// Reads and validates the header (magic, version, a known type, reserved 0).
    public init(validating bytes: UnsafeRawBufferPointer) throws(AppChannelError) {
        header = try AppChannelHeader.decode(bytes)
        self.bytes = bytes
    }

    public var type: AppMessageType { header.type }

    /// The message, read by its type's decoder. (For an `event` only its header: `EventHeader.layout` says where its
    /// HID message and samples lie, for the HID decoder.)
    public func message() throws(AppChannelError) -> AppChannelMessage {
        switch type {
        case .register: return .register(try RegisterMessage.decode(self))
        case .registered: return .registered(try RegisteredMessage.decode(self))
        case .event: return .eventHeader(try EventHeader.decode(self))
        case .ack: return .ack(try AckMessage.decode(self))
        case .acks: return .acks(try AcksMessage.decode(self))
        case .heartbeat: return .heartbeat(try HeartbeatMessage.decode(self))
        case .state: return .state(try StateMessage.decode(self))
        case .error: return .error(try ChannelErrorMessage.decode(self))
        case .ping: return .ping(try PingMessage.decode(self))
        case .locate: return .locate(try LocateMessage.decode(self))
        case .location: return .location(try LocationMessage.decode(self))
        case .frames: return .frames(try FramesMessage.decode(self))
        case .hello, .goodbye:
            try expect(size: AppChannelWire.headerSize, name: "\(type)")
            return type == .hello ? .hello : .goodbye
        }
    }

    /// Checks the header says `type` (for the entries that take bytes of one type, such as `AcksView(validating:)`;
    /// `message()` picks the decoder by the type, so its decoders need not).
    func expect(_ type: AppMessageType, name: String) throws(AppChannelError) {
        guard header.type == type else {
            throw .invalidField(
                message: name, field: "type", offset: 5, expected: "\(type.rawValue)", found: "\(header.type.rawValue)")
        }
    }

    /// Checks the frame has exactly `size` bytes (fixed-size messages).
    func expect(size: Int, name: String) throws(AppChannelError) {
        guard bytes.count == size else {
            if bytes.count < size { throw .truncated(message: name, needed: size, found: bytes.count) }
            throw .invalidField(
                message: name, field: "length", offset: 0, expected: "\(size) bytes", found: "\(bytes.count) bytes")
        }
    }
}

extension AppChannelHeader {
    /// Encodes a fixed-size message into a fresh array (tests and cold paths; hot paths use `encode(into:)`).
    static func array(size: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: size)
        out.withUnsafeMutableBytes { body($0) }
        return out
    }
}
