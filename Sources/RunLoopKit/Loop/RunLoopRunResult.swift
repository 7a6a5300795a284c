/// Why a run returned, with CF's `CFRunLoopRunResult` raw values.
public enum RunLoopRunResult: Int32, Sendable, CustomStringConvertible {
    /// The mode has no sources, timers or blocks for it (or is the common pseudo-mode, or is unknown).
    case finished = 1
    /// `stop()` was called for this run.
    case stopped = 2
    /// The deadline passed (for `runUntilIdle`/`advance`: the loop went idle at the target time).
    case timedOut = 3
    /// A source0 or source1 was handled and the caller asked to return after one (timers do not count).
    case handledSource = 4

    public var description: String {
        switch self {
        case .finished: return "finished"
        case .stopped: return "stopped"
        case .timedOut: return "timedOut"
        case .handledSource: return "handledSource"
        }
    }
}
