/// SpringBoard -> app: a liveness probe sent with ZMQ_ROUTER_MANDATORY after a disconnect was seen; a send
/// that fails with EHOSTUNREACH proves the peer is gone. Apps ignore it.
/// Layout (16 bytes): header(8), nonce u64 @8.
public struct PingMessage: Equatable, Sendable {
    var nonce: UInt64
    static let size = 16

    public init(nonce: UInt64) { self.nonce = nonce }

    func encode(into b: UnsafeMutableRawBufferPointer) {
        AppChannelHeader(type: .ping).encode(into: b)
        b.put(nonce, 8)
    }

    public func encoded() -> [UInt8] { AppChannelHeader.array(size: Self.size, encode(into:)) }

    /// The body of a `ping` frame (its header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> PingMessage {
        let b = frame.bytes
        try frame.expect(size: size, name: "ping")
        return PingMessage(nonce: b.u64(8))
    }
}
