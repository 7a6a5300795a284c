/// app -> SpringBoard: the app finished one event (Android's "finished" signal).
/// Layout (48 bytes): header(8), deliverySequence u64 @8, handled u8 @16 (0/1), reserved 3 bytes @17 (0),
/// reserved u32 @20 (0), appReceived ns u64 @24, dispatchStarted ns u64 @32, dispatchFinished ns u64 @40.
/// Times are CLOCK_MONOTONIC nanoseconds, the clock every process on the host shares.
public struct AckMessage: Equatable, Sendable {
    public var deliverySequence: UInt64
    /// Some responder consumed the event (false: it went off the end of the responder chain).
    public var handled: Bool
    /// When the app's source1 read the event off its socket.
    public var appReceived: UInt64
    /// When UIApplication dequeued it (sendEvent began).
    public var dispatchStarted: UInt64
    /// When sendEvent returned.
    public var dispatchFinished: UInt64

    static let size = 48

    package init(deliverySequence: UInt64, handled: Bool, appReceived: UInt64, dispatchStarted: UInt64, dispatchFinished: UInt64)
    {
        self.deliverySequence = deliverySequence
        self.handled = handled
        self.appReceived = appReceived
        self.dispatchStarted = dispatchStarted
        self.dispatchFinished = dispatchFinished
    }

    func encode(into b: UnsafeMutableRawBufferPointer) {
        AppChannelHeader(type: .ack).encode(into: b)
        b.put(deliverySequence, 8)
        b.put(UInt8(handled ? 1 : 0), 16)
        b.put(UInt8(0), 17); b.put(UInt16(0), 18)
        b.put(UInt32(0), 20)
        b.put(appReceived, 24)
        b.put(dispatchStarted, 32)
        b.put(dispatchFinished, 40)
    }

    package func encoded() -> [UInt8] { AppChannelHeader.array(size: Self.size, encode(into:)) }

    /// The body of a `ack` frame (its header validated by `AppChannelFrame`).
    static func decode(_ frame: AppChannelFrame) throws(AppChannelError) -> AckMessage {
        let b = frame.bytes
        try frame.expect(size: size, name: "ack")
        guard b.u8(16) <= 1 else {
            throw .invalidField(message: "ack", field: "handled", offset: 16, expected: "0 or 1", found: "\(b.u8(16))")
        }
        guard b.u8(17) == 0, b.u16(18) == 0, b.u32(20) == 0 else {
            throw .invalidField(message: "ack", field: "reserved", offset: 17, expected: "0", found: "non-zero")
        }
        return AckMessage(
            deliverySequence: b.u64(8), handled: b.u8(16) == 1, appReceived: b.u64(24),
            dispatchStarted: b.u64(32), dispatchFinished: b.u64(40))
    }
}
