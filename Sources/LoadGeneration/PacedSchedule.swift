/// The open-loop schedule of a paced sender (`hid-source load`, `hid-bench relay`): frame i is due at
/// t0 + round(i × interval). A sender that falls behind it (the pipeline pushes back, or the rate is beyond one
/// sender) still ends at its duration; what the schedule had left is counted, not sent late.
public enum PacedSchedule {
    /// The rates a paced sender takes: one frame every 1000 s at the slowest, one a nanosecond at the fastest
    /// (the schedule's unit); 0 means flat out, with no schedule.
    public static let rates: ClosedRange<Double> = 0.001...1e9

    /// Why `rate` cannot be a `--rate`, or nil when it can.
    public static func problem(withRate rate: Double) -> String? {
        guard rate.isFinite, rate == 0 || rates.contains(rate) else {
            return "--rate must be 0 (flat out) or 0.001...1e9 frames/s, got \(rate)"
        }
        return nil
    }

    /// When frame `index` is due.
    @inline(__always) public static func due(_ index: UInt64, t0: UInt64, interval: Double) -> UInt64 {
        t0 + UInt64((Double(index) * interval).rounded())
    }

    /// Frames due before `end` (and within `count`) that were not among the `sent` first ones. Frame i is due
    /// before it when round(i × interval) < end − t0, that is i × interval < end − t0 − ½.
    public static func behind(t0: UInt64, end: UInt64, interval: Double, count: UInt64?, sent: UInt64) -> UInt64 {
        let span = Double(end - min(end, t0)) - 0.5
        let due = span > 0 ? min((span / interval).rounded(.up), 1.8e19) : 0
        let scheduled = min(count ?? .max, UInt64(due))
        return scheduled - min(scheduled, sent)
    }
}
