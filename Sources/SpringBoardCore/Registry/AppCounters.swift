/// Per-app counters, owned by the run-loop thread like `SpringBoardCounters`.
public struct AppCounters: Equatable, Sendable {
    public var sent: UInt64 = 0
    public var acked: UInt64 = 0
    public var handled: UInt64 = 0
    public var cancelsSent: UInt64 = 0
    public var heartbeats: UInt64 = 0
    public var registrations: UInt64 = 0
    public var drops = DropCounts()
    /// springboard sent the event → the app read it off its socket.
    public var springBoardToApp = LatencyAccumulator()
    /// The app read it → `sendEvent` returned.
    public var inApp = LatencyAccumulator()
    /// `sendEvent` returned → springboard read the ack.
    public var ackBack = LatencyAccumulator()
    /// springboard sent the event → springboard read its ack (the whole round trip).
    public var ack = LatencyAccumulator()

    public init() {}

    /// Counts one ack and its hops. `sentAt` and `readAt` are springboard's clock; the app's stamps are on the
    /// same CLOCK_MONOTONIC.
    @inline(__always) public mutating func recordAck(sentAt: UInt64, readAt: UInt64, appReceived: UInt64,
                                                     dispatchFinished: UInt64, handled wasHandled: Bool) {
        acked &+= 1
        if wasHandled { handled &+= 1 }
        ack.add(from: sentAt, to: readAt)
        springBoardToApp.add(from: sentAt, to: appReceived)
        inApp.add(from: appReceived, to: dispatchFinished)
        ackBack.add(from: dispatchFinished, to: readAt)
    }
}
