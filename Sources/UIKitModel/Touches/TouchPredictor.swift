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
    private(set) var samples: [Sample] = []

    /// A predictor with no samples, looking `window` ns back.
    public init(window: UInt64 = TouchPredictor.defaultWindow) {
        self.window = window
    }

    /// Forgets every sample (a new stroke).
    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    /// Adds the newest sample and forgets those older than the window.
    public mutating func add(_ sample: Sample) {
        samples.append(sample)
        while let first = samples.first, sample.time &- first.time > window, samples.count > 2 { samples.removeFirst() }
    }

    /// Where the finger will be `horizon` ns after the newest sample; nil with fewer than two samples in the window.
    public func predict(horizon: UInt64) -> Sample? {
        guard let last = samples.last, let first = samples.first(where: { last.time &- $0.time <= window }),
            last.time > first.time
        else { return nil }
        let dt = Double(last.time - first.time)
        let h = Double(horizon)
        return Sample(
            time: last.time &+ horizon, x: last.x + (last.x - first.x) / dt * h, y: last.y + (last.y - first.y) / dt * h)
    }
}
