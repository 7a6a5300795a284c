import Foundation

/// The predictor behind `UIEvent.predictedTouches(for:)`: a short-window velocity extrapolation. The velocity is
/// the displacement from the oldest sample within `window` of the newest one to the newest, over their time
/// apart; the prediction is the newest position plus that velocity times `horizon` (one frame ahead). Apple keeps
/// its own algorithm private ("Minimizing latency with predicted touches",
/// developer.apple.com/documentation/uikit/minimizing-latency-with-predicted-touches); this one is documented in
/// docs/event-delivery.md, "The display", and measured on real recordings by `app-host predict`.
public struct TouchPredictor: Sendable {
    /// One position of a finger at a hardware time (ns), in points.
    public struct Sample: Equatable, Sendable {
        /// Hardware time, ns.
        public var time: UInt64
        /// Horizontal position, points.
        public var x: Double
        /// Vertical position, points.
        public var y: Double

        /// A sample at `time` (ns) and (`x`, `y`) in points.
        public init(time: UInt64, x: Double, y: Double) {
            self.time = time
            self.x = x
            self.y = y
        }
    }

    /// 25 ms: two samples at 120 Hz or more, so one noisy sample does not swing the velocity alone.
    public static let defaultWindow: UInt64 = 25_000_000
    /// How far back (ns) the velocity looks from the newest sample.
    public var window: UInt64
    /// The samples kept, oldest first, as a ring: `count` of them from `head`, wrapping. The storage is made on the
    /// first sample and grows (doubling) only when more samples than it holds fall in the window, so a finger's
    /// moves add and forget samples without allocating (issue 27: this ran on every move, in immediate
    /// dispatch too, and its `removeFirst` array cost allocations a move).
    private var ring: [Sample] = []
    private var head = 0
    /// Samples kept: those within `window` of the newest, and never fewer than two once two were added.
    public private(set) var count = 0

    /// Eight samples: 25 ms at up to 280 Hz before the ring grows.
    static let initialCapacity = 8

    /// A predictor with no samples, looking `window` ns back.
    public init(window: UInt64 = TouchPredictor.defaultWindow) {
        self.window = window
    }

    /// Forgets every sample (a new stroke); the ring's storage is kept.
    public mutating func reset() {
        head = 0
        count = 0
    }

    /// The kept sample `i` places after the oldest.
    private func sample(_ i: Int) -> Sample { ring[(head &+ i) & (ring.count &- 1)] }

    /// Adds the newest sample and forgets those older than the window (keeping at least two).
    public mutating func add(_ sample: Sample) {
        if count == ring.count { grow() }
        ring[(head &+ count) & (ring.count &- 1)] = sample
        count &+= 1
        while count > 2, sample.time &- ring[head].time > window {
            head = (head &+ 1) & (ring.count &- 1)
            count &-= 1
        }
    }

    /// Doubles the ring (a power of two, so positions wrap with a mask), the kept samples moved to its start.
    private mutating func grow() {
        var larger = [Sample](repeating: Sample(time: 0, x: 0, y: 0), count: Swift.max(Self.initialCapacity, ring.count * 2))
        for i in 0..<count { larger[i] = sample(i) }
        ring = larger
        head = 0
    }

    /// Where the finger will be `horizon` ns after the newest sample; nil with fewer than two samples in the window.
    public func predict(horizon: UInt64) -> Sample? {
        guard count > 0 else { return nil }
        let last = sample(count &- 1)
        // The oldest kept sample within the window of the newest (the newest itself at worst).
        var i = 0
        while last.time &- sample(i).time > window { i &+= 1 }
        let first = sample(i)
        guard last.time > first.time else { return nil }
        let dt = Double(last.time - first.time)
        let h = Double(horizon)
        return Sample(
            time: last.time &+ horizon, x: last.x + (last.x - first.x) / dt * h, y: last.y + (last.y - first.y) / dt * h)
    }
}
