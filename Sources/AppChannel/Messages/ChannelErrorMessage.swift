/// SpringBoard -> app: a message was refused. The app re-registers on `notRegistered`.
/// Layout: header(8), code u32 @8, textLength u16 @12, reserved u16 @14 (0), UTF-8 text @16.
public struct ChannelErrorMessage: Equatable, Sendable {
    public enum Code: UInt32, Sendable {
        /// The sender's routing identity has no live registration (SpringBoard restarted, or a stale peer).
        case notRegistered = 1
        /// The connection already registered another bundle id.
        case bundleIDMismatch = 2
        /// The bytes did not decode; the text says where.
        case malformed = 3
        /// An ack named a delivery sequence that is not waiting for an ack.
        case unexpectedAck = 4
        /// Another live connection owns this bundle id: the registration is refused (not a takeover).
        case bundleIDInUse = 5
        /// springboard keeps no more apps (every record is of a live app).
        case registryFull = 6
        /// The `pid` in `register` is not the connection's peer (ipc: the kernel's `SO_PEERCRED`).
        case pidMismatch = 7
        /// springboard was given a launch secret for this bundle id and the registration did not carry it.
        case launchSecretMismatch = 8
    }

    public var code: Code
    public var text: String

    public init(code: Code, text: String) {
        self.code = code
        self.text = text
    }

    public func encoded() -> [UInt8] {
        let utf8 = Array(text.utf8.prefix(AppChannelWire.maxTextLength))
        var out = AppChannelHeader.array(size: 16) { b in
            AppChannelHeader(type: .error).encode(into: b)
            b.put(code.rawValue, 8)
            b.put(UInt16(utf8.count), 12)
            b.put(UInt16(0), 14)
        }
        out += utf8
        return out
    }

    /// The body of an `error` frame (its header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> ChannelErrorMessage {
        let b = frame.bytes
        guard b.count >= 16 else { throw .truncated(message: "error", needed: 16, found: b.count) }
        guard let code = Code(rawValue: b.u32(8)) else {
            throw .invalidField(message: "error", field: "code", offset: 8, expected: "1...8", found: "\(b.u32(8))")
        }
        let length = Int(b.u16(12))
        guard b.count == 16 + length else {
            throw .invalidField(
                message: "error", field: "textLength", offset: 12, expected: "\(b.count - 16)", found: "\(length)")
        }
        guard let text = String(validating: b[16...], as: UTF8.self) else {
            throw .invalidField(message: "error", field: "text", offset: 16, expected: "UTF-8", found: "invalid UTF-8")
        }
        return ChannelErrorMessage(code: code, text: text)
    }
}
