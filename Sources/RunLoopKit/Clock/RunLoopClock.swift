/// The loop's notion of time: monotonic nanoseconds. Timer fire dates and run deadlines are values
/// of the clock they were made for.
///
/// `EventRunLoop` treats `ManualClock` specially (it moves the clock instead of sleeping; see
/// `EventRunLoop.run(mode:until:returnAfterSourceHandled:)`); any other clock is assumed to advance
/// in real time, so the loop sleeps in its wait until the clock reaches a deadline.
///
/// Sendable: other threads read the time of a loop they only hold a handle of (and tests move a
/// `ManualClock` from their own thread).
public protocol RunLoopClock: AnyObject, Sendable {
    /// Nanoseconds; never decreases.
    var now: UInt64 { get }
}
