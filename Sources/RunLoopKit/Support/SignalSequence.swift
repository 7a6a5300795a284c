import Synchronization

/// Stamps source0 signals with a process-wide increasing number. CF records `mach_absolute_time()` at
/// the first signal and performs equal-order sources in that order; a sequence number gives the same
/// order without ties, whatever clock the loop uses.
enum SignalSequence {
    private static let last = Atomic<UInt64>(0)

    static func next() -> UInt64 {
        last.add(1, ordering: .relaxed).newValue
    }
}
