/// app -> SpringBoard: sent by a timer of the app's main run loop, so it stops when the main thread is
/// stuck (libzmq's own heartbeats come from its I/O thread and would not).
/// Layout (24 bytes): header(8), counter u64 @8 (1, 2, ...), appTime ns u64 @16 (CLOCK_MONOTONIC).
public struct HeartbeatMessage: Equatable, Sendable {
    var counter: UInt64
    var appTime: UInt64

    public static let size = 24

    public init(counter: UInt64, appTime: UInt64) {
        self.counter = counter
        self.appTime = appTime
    }

    func encode(into b: UnsafeMutableRawBufferPointer) {
        AppChannelHeader(type: .heartbeat).encode(into: b)
        b.put(counter, 8)
        b.put(appTime, 16)
    }

    public func encoded() -> [UInt8] { AppChannelHeader.array(size: Self.size, encode(into:)) }

    /// The body of a `heartbeat` frame (its header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> HeartbeatMessage {
        let b = frame.bytes
        try frame.expect(size: size, name: "heartbeat")
        return HeartbeatMessage(counter: b.u64(8), appTime: b.u64(16))
    }
}

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
