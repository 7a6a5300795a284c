/// When a run's waits end and the run times out.
enum RunLoopRunLimit {
    /// No deadline (CF: a timeout too large to arm).
    case forever
    /// Time out once the clock reaches the deadline; a deadline already reached at the start makes
    /// every wait a poll (CF: a timeout of zero seconds).
    case until(UInt64)
    /// `advance(to:)` / `runUntilIdle()`: waits end at this time at the latest, and the run ends at the
    /// first wait, at or after it, that finds nothing ready.
    case idle(at: UInt64)

    var deadline: UInt64? {
        switch self {
        case .forever: return nil
        case .until(let deadline), .idle(at: let deadline): return deadline
        }
    }
}
