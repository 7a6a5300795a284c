/// Sizes an app's ack window from what its acks measure: twice the bandwidth-delay product, the events the
/// app acknowledges per second times the shortest round trip seen (BBR's congestion window, 2 × BDP). A
/// window that small keeps the pipe to the app just full: throughput is not capped (with cumulative acks
/// a whole dispatch pass is acknowledged at once), and what the app cannot take yet waits in springboard's
/// queue, where moves still coalesce, rather than in the app's socket, where they cannot.
///
/// Measured per period of `period` ns. While the window limits the app, the rate it measures is the
/// window's own, so the new limit is at most twice the old one: it grows geometrically until the app, not
/// the window, is the bottleneck.
public struct WindowSizer: Sendable {
    public let minimum: Int
    public let maximum: Int
    public private(set) var limit: Int
    public let period: UInt64
    private var periodStart: UInt64 = 0
    private var ackedInPeriod = 0
    private var minimumRoundTrip: UInt64 = .max

    public init(minimum: Int, maximum: Int, period: UInt64 = 100_000_000) {
        self.maximum = max(1, maximum)
        self.minimum = min(max(1, minimum), self.maximum)
        self.limit = self.maximum
        self.period = period
    }

    /// `count` events were acknowledged at `now`; the last one's round trip was `roundTrip` ns.
    public mutating func noteAcks(_ count: Int, roundTrip: UInt64, now: UInt64) {
        if periodStart == 0 { periodStart = now }
        ackedInPeriod += count
        minimumRoundTrip = min(minimumRoundTrip, roundTrip)
        let elapsed = now &- periodStart
        guard elapsed >= period else { return }
        let perNanosecond = Double(ackedInPeriod) / Double(elapsed)
        let bandwidthDelay = perNanosecond * Double(minimumRoundTrip)
        limit = min(maximum, max(minimum, Int((2 * bandwidthDelay).rounded(.up))))
        periodStart = now
        ackedInPeriod = 0
        minimumRoundTrip = .max
    }

    /// A new session starts from the maximum again.
    public mutating func reset() {
        limit = maximum
        periodStart = 0
        ackedInPeriod = 0
        minimumRoundTrip = .max
    }
}
