/// Sizes an app's ack window from what its acks measure: `gain` × the bandwidth-delay product, the events
/// the app acknowledges per second times the shortest round trip seen (BBR sizes its congestion window the
/// same way). What the app cannot take yet then waits in springboard's queue, where moves still coalesce,
/// rather than in the app's socket, where they cannot.
///
/// Why the gain is 8, not BBR's 2: an app is a batch server. A dispatch pass takes everything in flight, so
/// with W events in flight a pass costs about o + W·d (o: the fixed cost of a pass and the two hops, which
/// is what the shortest round trip measures; d: one event's dispatch). The rate it sustains is
/// W / (o + W·d), and the window this sizer converges to is W = (gain − 1)·o/d, where that rate is
/// (gain − 1)/gain of the app's own: 7/8 with a gain of 8. A gain of 2 would hold a fast app to half its
/// rate (measured: backpressure runs stuck at the minimum window, 32, with the app half idle).
///
/// Measured per period of `period` ns. While the window limits the app, the rate it measures is the
/// window's own, so the limit moves by at most the gain per period.
package struct WindowSizer: Sendable {
    let minimum: Int
    let maximum: Int
    package private(set) var limit: Int
    let period: UInt64
    private var periodStart: UInt64 = 0
    private var ackedInPeriod = 0
    private var minimumRoundTrip: UInt64 = .max

    static let gain = 8.0

    package init(minimum: Int, maximum: Int, period: UInt64 = 100_000_000) {
        self.maximum = max(1, maximum)
        self.minimum = min(max(1, minimum), self.maximum)
        self.limit = self.maximum
        self.period = period
    }

    /// `count` events were acknowledged at `now`; the last one's round trip was `roundTrip` ns.
    package mutating func noteAcks(_ count: Int, roundTrip: UInt64, now: UInt64) {
        if periodStart == 0 { periodStart = now }
        ackedInPeriod += count
        minimumRoundTrip = min(minimumRoundTrip, roundTrip)
        let elapsed = now &- periodStart
        guard elapsed >= period else { return }
        let perNanosecond = Double(ackedInPeriod) / Double(elapsed)
        let bandwidthDelay = perNanosecond * Double(minimumRoundTrip)
        limit = min(maximum, max(minimum, Int((Self.gain * bandwidthDelay).rounded(.up))))
        periodStart = now
        ackedInPeriod = 0
        minimumRoundTrip = .max
    }

    /// A new session starts from the maximum again.
    package mutating func reset() {
        limit = maximum
        periodStart = 0
        ackedInPeriod = 0
        minimumRoundTrip = .max
    }
}
