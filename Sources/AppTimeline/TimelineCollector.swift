import HIDEvent
import RunLoopKit
import UIKitModel

/// Everything one headless run did, in the order it happened: the HID frames the script posted, the app's
/// run-loop activities and callouts (it is the run loop's tracer) and the UIKit trace records. Exported as
/// Chrome trace-event JSON by `TimelineExport` (`app-host run --timeline FILE`).
public final class TimelineCollector: RunLoopTracer {
    enum Entry {
        /// A HID message posted to the app's source1 port: envelope sequence, hardware time, what it is.
        case hid(sequence: UInt64, time: UInt64, name: String)
        /// Live: a HID message the app received, with every hop's stamp (source, springboard in and out, app),
        /// and springboard's delivery sequence (what the ack names).
        case received(sequence: UInt64, delivery: UInt64, stamps: HIDHopTimestamps, name: String)
        /// Live: one acks message sent back to springboard, for these deliveries.
        case acked(deliveries: [UInt64], time: UInt64)
        case runLoop(RunLoopTraceRecord)
        case trace(Trace.Line)
        /// The app's display (FrameClock): a vsync tick, a frame's commit or its present.
        case display(what: String, frame: UInt64, time: UInt64)
    }

    private(set) var entries: [Entry] = []
    let processName: String

    /// A collector for one process, named `processName` in the timeline.
    public init(processName: String) {
        self.processName = processName
    }

    package func record(_ record: RunLoopTraceRecord) {
        entries.append(.runLoop(record))
    }

    /// Adds one trace record to the timeline at its time.
    public func add(_ line: Trace.Line) {
        entries.append(.trace(line))
    }

    package func posted(sequence: UInt64, time: UInt64, payload: HIDPayload) {
        entries.append(.hid(sequence: sequence, time: time, name: Self.name(of: payload)))
    }

    /// A live app received `message` (its `appReceived` stamp set): the hops it took become spans.
    package func received(_ message: HIDMessage, delivery: UInt64) {
        entries.append(
            .received(
                sequence: message.envelope.sequence, delivery: delivery, stamps: message.envelope.timestamps,
                name: Self.name(of: message.payload)))
    }

    /// Marks the display's vsync ticks, commits and presents on the app's track (`FrameClock.onMark`).
    public func display(_ what: String, frame: UInt64, at time: UInt64) {
        entries.append(.display(what: what, frame: frame, time: time))
    }

    package func acked(_ deliveries: [UInt64], at time: UInt64) {
        entries.append(.acked(deliveries: deliveries, time: time))
    }

    static func name(of payload: HIDPayload) -> String {
        switch payload {
        case .digitizer(let frame): return "digitizer frame (\(frame.children.count) finger(s))"
        case .button(let button): return "button \(button.button) \(button.isDown ? "down" : "up")"
        case .motion(let motion): return "motion \(motion.motion) \(motion.phase)"
        }
    }
}

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
