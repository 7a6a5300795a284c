/// Events sent to one app and not yet acknowledged, oldest first (Android's InputDispatcher "wait queue").
/// A fixed ring: pushing and acknowledging never allocate.
package struct AckWindow: Sendable {
    package struct Entry: Equatable, Sendable {
        package var sequence: UInt64
        /// When SpringBoard sent it (monotonic ns): the ack timeout runs from here.
        package var sentAt: UInt64
        /// The HID envelope's `hardware` and `routerReceived` stamps (0 for a synthesized cancel), kept so the
        /// ack can time every hop of this event.
        var hardware: UInt64 = 0
        var routerReceived: UInt64 = 0
        /// Down, move, up, cancel or other, and the routed frames it carries (1 + its coalesced samples): kept for
        /// the ack, which hands the event to the app's `PresentRing` (touch-to-present, samples per move).
        var kind: DeliveredKind = .other
        var samples: UInt32 = 1

        package init(sequence: UInt64, sentAt: UInt64, hardware: UInt64 = 0, routerReceived: UInt64 = 0) {
            self.sequence = sequence
            self.sentAt = sentAt
            self.hardware = hardware
            self.routerReceived = routerReceived
        }
    }

    private var ring: [Entry]
    private var head = 0
    package private(set) var count = 0

    package init(capacity: Int) {
        ring = [Entry](repeating: Entry(sequence: 0, sentAt: 0), count: max(1, capacity))
    }

    var capacity: Int { ring.count }
    var isFull: Bool { count == ring.count }
    package var isEmpty: Bool { count == 0 }
    package var oldest: Entry? { count == 0 ? nil : ring[head] }

    /// Returns false when full (the caller queues the event in its outbound queue instead). Inlined: one call for every
    /// event sent.
    @discardableResult
    @inline(__always) package mutating func push(_ entry: Entry) -> Bool {
        guard count < ring.count else { return false }
        ring[slot(count)] = entry
        count += 1
        return true
    }

    @discardableResult
    package mutating func push(sequence: UInt64, sentAt: UInt64) -> Bool {
        push(Entry(sequence: sequence, sentAt: sentAt))
    }

    /// Settles every entry up to and including `sequence`, oldest first, handing each to `body`. Apps
    /// acknowledge in FIFO order, so the entries before a batch's first sequence are ones whose acks were
    /// lost (a reconnect); the caller tells them apart by sequence. Returns how many were settled; 0 (and
    /// nothing settled) when `sequence` is not waiting.
    @discardableResult
    package mutating func settle(through sequence: UInt64, _ body: (Entry) -> Void = { _ in }) -> Int {
        guard count > 0, ring[head].sequence <= sequence, ring[slot(count - 1)].sequence >= sequence else { return 0 }
        var settled = 0
        while count > 0, ring[head].sequence <= sequence {
            body(ring[head])
            head = slot(1)
            count -= 1
            settled += 1
        }
        return settled
    }

    /// The ring index `offset` entries after the oldest (offset < capacity): a compare, not a division (the
    /// capacity is any size, and `%` was a `div` per push and per settled entry on the hot path).
    @inline(__always) private func slot(_ offset: Int) -> Int {
        let index = head + offset
        return index >= ring.count ? index - ring.count : index
    }

    /// The single-ack form: settles through `sequence` and returns its entry (nil when not waiting).
    package mutating func acknowledge(_ sequence: UInt64) -> Entry? {
        var last: Entry?
        settle(through: sequence) { last = $0 }
        return last?.sequence == sequence ? last : nil
    }

    mutating func removeAll() {
        head = 0
        count = 0
    }
}

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
