import RunLoopKit
import UIKitModel

/// The run-loop trace inside an explained UIKit trace (`app-host run --run-loop`): each callout the app's loop
/// makes becomes a record, `↻ turn 3: source0 fired __handleEventQueue`, so the UIKit calls after it are seen
/// to run inside it (source1 → source0 → sendEvent; timers for delayed touches and recognizer time limits).
/// Forwards every record to `next` (the timeline) as well.
public final class RunLoopTraceLines: RunLoopTracer {
    private unowned let recorder: Trace.Recorder
    private let next: RunLoopTracer?
    private var turn = 0

    package init(recorder: Trace.Recorder, next: RunLoopTracer?) {
        self.recorder = recorder
        self.next = next
    }

    package func record(_ record: RunLoopTraceRecord) {
        next?.record(record)
        switch record.kind {
        case .activity(.beforeTimers):
            turn += 1
        case .observer, .source0, .source1, .timer, .block:
            recorder.explain(.callout, "↻ turn \(turn): \(record.line) [\(record.mode.name)]", group: "runLoop")
        case .activity:
            break
        }
    }
}
