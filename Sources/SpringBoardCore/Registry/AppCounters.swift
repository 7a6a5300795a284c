/// Per-app counters, owned by the run-loop thread like `SpringBoardCounters`.
public struct AppCounters: Equatable, Sendable {
    public var sent: UInt64 = 0
    public var acked: UInt64 = 0
    public var handled: UInt64 = 0
    public var cancelsSent: UInt64 = 0
    public var heartbeats: UInt64 = 0
    public var registrations: UInt64 = 0
    public var drops = DropCounts()
    /// SpringBoard send -> ack read, nanoseconds.
    public var ackLatencySum: UInt64 = 0
    public var ackLatencyMax: UInt64 = 0

    public init() {}

    @inline(__always) public mutating func recordAck(latency: UInt64, handled wasHandled: Bool) {
        acked &+= 1
        if wasHandled { handled &+= 1 }
        ackLatencySum &+= latency
        if latency > ackLatencyMax { ackLatencyMax = latency }
    }

    public var ackLatencyMeanMicroseconds: Double { acked == 0 ? 0 : Double(ackLatencySum) / Double(acked) / 1000 }
    public var ackLatencyMaxMicroseconds: Double { Double(ackLatencyMax) / 1000 }
}
