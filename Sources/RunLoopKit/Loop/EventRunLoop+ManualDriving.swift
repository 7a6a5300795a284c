/// Driving the loop by time instead of by sleeping: the headless app runner and tests.
///
/// Rules (with a `ManualClock`):
/// - `advance(to: t)` runs `mode` with the full turn structure (BeforeWaiting and AfterWaiting
///   included). Each time the loop would sleep, it first polls its ports with zero timeout; if nothing
///   is ready it sets the clock to the earlier of the next timer deadline and `t` instead of sleeping.
///   So every timer due up to `t` (inclusive) fires, in deadline order, with the clock at its own
///   deadline, and the source0s, blocks and ports its callouts make ready are handled before the clock
///   moves on. Once the clock is at `t`, the run continues until a wait finds nothing ready, then
///   returns `.timedOut` with the clock at `t`.
/// - `runUntilIdle()` is `advance(to: clock.now)`: everything already ready or due is handled; time
///   does not move.
/// - A target in the past does not move the clock back; it only handles what is ready or due.
/// - An empty mode returns `.finished` and the clock is set to `t` (nothing there could fire).
///   `stop()` returns `.stopped` with the clock where the stop happened.
/// - A timer repeats on its grid: firing at its deadline, its next deadline is one interval later.
///   Moving the clock past several deadlines yourself (`clock.advance(by:)`) makes it fire once, late,
///   and skip the missed ones.
/// - Real I/O is still real: a port made readable by another thread is seen by the next poll.
///
/// With a real clock, `advance(to:)` sleeps until `t` as `run` does, then continues until idle.
extension EventRunLoop {
    /// Handles everything ready or due now, as turns of `mode`, then returns (`.timedOut` when idle).
    @discardableResult
    public func runUntilIdle(mode: RunLoopMode = .default) -> RunLoopRunResult {
        runSpecific(mode, .idle(at: clock.now), false)
    }

    /// Runs `mode` through time `to` (clock nanoseconds): see the rules above.
    @discardableResult
    public func advance(to time: UInt64, mode: RunLoopMode = .default) -> RunLoopRunResult {
        let result = runSpecific(mode, .idle(at: time), false)
        if result == .finished, let manualClock {
            manualClock.moveForward(to: time)
        }
        return result
    }

    /// `advance(to: clock.now + nanoseconds, mode:)`.
    @discardableResult
    package func advance(by nanoseconds: UInt64, mode: RunLoopMode = .default) -> RunLoopRunResult {
        let (time, overflow) = clock.now.addingReportingOverflow(nanoseconds)
        return advance(to: overflow ? .max : time, mode: mode)
    }
}
