/// What ended a wait (CF's `livePort`): one port is serviced per turn.
enum RunLoopWake {
    /// Nothing: a poll found nothing ready, or the run's deadline passed.
    case nothing
    /// Only the wake-up port (`wakeUp()`, `stop()`); it does nothing by itself.
    case wakeUpPort
    /// The timer port: the earliest timer's deadline has been reached.
    case timerPort
    /// A source1's port is readable.
    case source1(RunLoopSource1)
    /// The wait failed with something other than EINTR (recorded in `lastWaitError`).
    case failure
}
