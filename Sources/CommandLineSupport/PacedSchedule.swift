/// The open-loop schedule of a paced sender (`hid-source load`, `hid-bench relay`): frame i is due at
/// t0 + i × interval. A sender that falls behind it (the pipeline pushes back, or the rate is beyond one
/// sender) still ends at its duration; what the schedule had left is counted, not sent late.
public enum PacedSchedule {
    /// Frames due before `end` (and within `count`) that were not among the `sent` first ones.
    public static func behind(t0: UInt64, end: UInt64, interval: Double, count: UInt64?, sent: UInt64) -> UInt64 {
        let scheduled = min(count ?? .max, UInt64((Double(end - min(end, t0)) / interval).rounded(.up)))
        return scheduled - min(scheduled, sent)
    }
}
