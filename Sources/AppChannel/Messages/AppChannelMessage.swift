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

    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(AppChannelError) -> AppChannelMessage {
        let header = try AppChannelHeader.decode(bytes)
        switch header.type {
        case .register: return .register(try RegisterMessage.decode(bytes))
        case .registered: return .registered(try RegisteredMessage.decode(bytes))
        case .event: return .eventHeader(try EventHeader.decode(bytes))
        case .ack: return .ack(try AckMessage.decode(bytes))
        case .acks: return .acks(try AcksMessage.decode(bytes))
        case .heartbeat: return .heartbeat(try HeartbeatMessage.decode(bytes))
        case .state: return .state(try StateMessage.decode(bytes))
        case .error: return .error(try ChannelErrorMessage.decode(bytes))
        case .ping: return .ping(try PingMessage.decode(bytes))
        case .locate: return .locate(try LocateMessage.decode(bytes))
        case .location: return .location(try LocationMessage.decode(bytes))
        case .hello, .goodbye:
            try AppChannelHeader.expect(header.type, size: AppChannelWire.headerSize, in: bytes, name: "\(header.type)")
            return header.type == .hello ? .hello : .goodbye
        }
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
        case .hello: return AppChannelHeader.array(size: 8) { AppChannelHeader(type: .hello).encode(into: $0) }
        case .goodbye: return AppChannelHeader.array(size: 8) { AppChannelHeader(type: .goodbye).encode(into: $0) }
        }
    }
}
