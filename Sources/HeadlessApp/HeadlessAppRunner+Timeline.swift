import AppTimeline
import RunLoopKit

/// The runner's traces beyond UIKit's own: a timeline of the run, and the run loop's callouts.
extension HeadlessAppRunner {
    /// Records the run into `collector`: the app loop's callouts (as its tracer), every HID message posted;
    /// trace records are added by whoever receives them (`collector.add`).
    public func record(into collector: TimelineCollector) {
        application.runLoop.tracer = collector
        onPost = { [unowned collector] sequence, time, payload in
            collector.posted(sequence: sequence, time: time, payload: payload)
        }
        application.display?.onMark = { [unowned collector] what, frame, time in
            collector.display(what, frame: frame, at: time)
        }
    }

    /// Prints the loop's callouts into the explained trace (see `RunLoopTraceLines`), keeping a timeline's
    /// tracer if one is installed.
    public func traceRunLoop() {
        let loop = application.runLoop
        loop.tracer = RunLoopTraceLines(recorder: application.trace, next: loop.tracer)
    }
}
