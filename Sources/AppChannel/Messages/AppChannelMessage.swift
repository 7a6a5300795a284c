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
        case .hello: return AppChannelHeader.array(size: 8) { AppChannelHeader(type: .hello).encode(into: $0) }
        case .goodbye: return AppChannelHeader.array(size: 8) { AppChannelHeader(type: .goodbye).encode(into: $0) }
        }
    }
}
