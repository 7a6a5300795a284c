import Foundation
import HIDEvent
import RunLoopKit
import UIKitModel

/// A headless run as Chrome trace-event JSON: a process for the script's HID source and one for the app, with
/// a thread per stage — the run loop (its turns and callouts as nested slices, its activities as instants) and
/// UIKit (one slice per HID event's dispatch holding its calls; recognizer transitions as instants) — and a
/// flow arrow per HID event from the frame posted, through the source1 callout that received it, to its
/// dispatch.
///
/// Headless runs are on a manual clock on which a whole dispatch happens at one instant; so that slices can
/// be seen and nest, each step is placed 1 µs after the previous one when the clock has not moved (the
/// records keep their real clock times in `args.timeNs`).
public enum TimelineExport {
    static let sourcePID = 1, appPID = 2, springBoardPID = 3
    static let hidTID = 1, runLoopTID = 1, uikitTID = 2, ackTID = 3, routerTID = 1, displayTID = 4

    /// The collected timeline as Chrome trace-event JSON (chrome://tracing, Perfetto).
    public static func json(_ collector: TimelineCollector) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let document = Document(traceEvents: events(collector), displayTimeUnit: "ms")
        return (try? encoder.encode(document)) ?? Data("{}".utf8)
    }

    struct Document: Codable {
        var traceEvents: [TraceEvent]
        var displayTimeUnit: String
    }

    static func events(_ collector: TimelineCollector) -> [TraceEvent] {
        var out = metadata(collector.processName)
        var clock = VirtualClock()
        // Run-loop slices still open, innermost last, with their depth (a run's entry is at its own depth).
        var open: [(depth: Int, isRun: Bool)] = []
        var lastPosted: UInt64?
        var dispatching: UInt64?
        // Flow ids unique in the file: a sender's sequence numbers start again with every hid-source run.
        var flows: [UInt64: UInt64] = [:]
        var nextFlow: UInt64 = 1
        // Live flows go on to the ack: their dispatch is a step, the ack their end.
        var byDelivery: [UInt64: UInt64] = [:]
        var awaitingAck: Set<UInt64> = []
        func newFlow(_ sequence: UInt64) -> UInt64 {
            defer { nextFlow += 1 }
            flows[sequence] = nextFlow
            return nextFlow
        }

        func endDispatch(at ts: Double) {
            guard dispatching != nil else { return }
            dispatching = nil
            out.append(TraceEvent(name: "", ph: "E", ts: ts, pid: appPID, tid: uikitTID))
        }
        // A dispatch runs inside the callout that made it (source0): it ends when that callout does.
        func close(downTo depth: Int, at ts: Double, keepingRuns: Bool) {
            while let top = open.last, top.depth > depth || (top.depth == depth && !(keepingRuns && top.isRun)) {
                open.removeLast()
                if !top.isRun { endDispatch(at: ts) }
                out.append(TraceEvent(name: "", ph: "E", ts: ts, pid: appPID, tid: runLoopTID))
            }
        }

        var displayNamed = false
        for entry in collector.entries {
            switch entry {
            case .display(let what, let frame, let time):
                if !displayNamed {
                    displayNamed = true
                    out.append(
                        TraceEvent(
                            name: "thread_name", ph: "M", ts: 0, pid: appPID, tid: displayTID,
                            args: ["name": "display: vsync ticks, commits, presents"]))
                }
                out.append(
                    TraceEvent(
                        name: "\(what) frame \(frame)", cat: "display", ph: "i", ts: clock.next(time), pid: appPID,
                        tid: displayTID, s: "t", args: ["frame": "\(frame)", "timeNs": "\(time)"]))
            case .hid(let sequence, let time, let name):
                let ts = clock.next(time)
                out.append(
                    TraceEvent(
                        name: "HID event #\(sequence): \(name)", cat: "hid", ph: "X", ts: ts, pid: sourcePID,
                        tid: hidTID, dur: 1, args: ["sequence": "\(sequence)", "hardwareTimeNs": "\(time)"]))
                out.append(
                    TraceEvent(
                        name: "HID event #\(sequence)", cat: "flow", ph: "s", ts: ts, pid: sourcePID, tid: hidTID,
                        id: newFlow(sequence)))
                lastPosted = sequence
            case .received(let sequence, let delivery, let stamps, let name):
                // Live: read inside the app channel's source1 callout, which is open now: the flow steps there.
                let flow = newFlow(sequence)
                byDelivery[delivery] = flow
                awaitingAck.insert(flow)
                out += hops(sequence: sequence, stamps: stamps, name: name, flow: flow)
                out.append(
                    TraceEvent(
                        name: "HID event #\(sequence)", cat: "flow", ph: "t", ts: clock.next(stamps[.appReceived]),
                        pid: appPID, tid: runLoopTID, id: flow))
            case .acked(let deliveries, let time):
                let ts = clock.next(time)
                out.append(
                    TraceEvent(
                        name: "ack \(deliveries.count) event(s)", cat: "ack", ph: "X", ts: ts, pid: appPID, tid: ackTID, dur: 1,
                        args: ["deliveries": deliveries.map(String.init).joined(separator: ",")]))
                for delivery in deliveries {
                    guard let flow = byDelivery.removeValue(forKey: delivery), awaitingAck.remove(flow) != nil else { continue }
                    out.append(
                        TraceEvent(name: "HID event", cat: "flow", ph: "f", ts: ts, pid: appPID, tid: ackTID, id: flow, bp: "e"))
                }
            case .runLoop(let record):
                let ts = clock.next(record.time)
                let args = ["mode": record.mode.name, "timeNs": "\(record.time)", "depth": "\(record.depth)"]
                switch record.kind {
                case .activity(.entry):
                    close(downTo: record.depth, at: ts, keepingRuns: true)
                    out.append(
                        TraceEvent(
                            name: "run \(record.mode.name)", cat: "runloop", ph: "B", ts: ts, pid: appPID, tid: runLoopTID,
                            args: args))
                    open.append((record.depth, true))
                case .activity(.exit):
                    close(downTo: record.depth, at: ts, keepingRuns: true)
                    if let top = open.last, top.isRun, top.depth == record.depth {
                        open.removeLast()
                        out.append(TraceEvent(name: "", ph: "E", ts: ts, pid: appPID, tid: runLoopTID))
                    }
                case .activity:
                    close(downTo: record.depth, at: ts, keepingRuns: true)
                    out.append(
                        TraceEvent(
                            name: record.line, cat: "runloop", ph: "i", ts: ts, pid: appPID, tid: runLoopTID, s: "t", args: args))
                case .observer, .source0, .source1, .timer, .block:
                    close(downTo: record.depth, at: ts, keepingRuns: true)
                    out.append(
                        TraceEvent(name: record.line, cat: "runloop", ph: "B", ts: ts, pid: appPID, tid: runLoopTID, args: args))
                    // Callouts nest one deeper than the run that made them (a nested run's entry is deeper still).
                    open.append((record.depth, false))
                    if case .source1 = record.kind, let sequence = lastPosted {
                        out.append(
                            TraceEvent(
                                name: "HID event #\(sequence)", cat: "flow", ph: "t", ts: ts, pid: appPID, tid: runLoopTID,
                                id: flows[sequence] ?? sequence))
                        lastPosted = nil
                    }
                }
            case .trace(let line):
                let ts = clock.next(line.time)
                if let event = line.hidEvent, event != dispatching {
                    endDispatch(at: ts)
                    dispatching = event
                    out.append(
                        TraceEvent(
                            name: "dispatch HID event #\(event)", cat: "uikit", ph: "B", ts: ts, pid: appPID, tid: uikitTID))
                    let flow = flows[event] ?? event
                    let live = awaitingAck.contains(flow)
                    out.append(
                        TraceEvent(
                            name: "HID event #\(event)", cat: "flow", ph: live ? "t" : "f", ts: ts, pid: appPID, tid: uikitTID,
                            id: flow, bp: live ? nil : "e"))
                } else if line.hidEvent == nil {
                    endDispatch(at: ts)
                }
                out.append(slice(for: line, at: ts))
            }
        }
        let end = clock.next(clock.lastNs)
        endDispatch(at: end)
        close(downTo: 0, at: end, keepingRuns: false)
        // Live events still unacknowledged when the app stopped: their flow ends on a slice saying so.
        if !awaitingAck.isEmpty {
            out.append(
                TraceEvent(name: "not acknowledged before exit", cat: "ack", ph: "X", ts: end, pid: appPID, tid: ackTID, dur: 1))
            for flow in awaitingAck.sorted() {
                out.append(
                    TraceEvent(name: "HID event", cat: "flow", ph: "f", ts: end, pid: appPID, tid: ackTID, id: flow, bp: "e"))
            }
        }
        return out
    }
}

extension TimelineExport {
    static func slice(for line: Trace.Line, at ts: Double) -> TraceEvent {
        var args = ["timeNs": "\(line.time)", "seq": "\(line.sequence)"]
        if let touch = line.touch { args["touch"] = "\(touch)" }
        if let phase = line.phase { args["phase"] = phase }
        if let point = line.point { args["point"] = point.description }
        if let result = line.result { args["result"] = result }
        if let reason = line.reason { args["reason"] = reason }
        let instant = line.kind == .transition || line.kind == .event || line.kind == .pass
        return TraceEvent(
            name: instant ? line.explained.trimmingCharacters(in: .whitespaces) : line.text, cat: line.group ?? "uikit",
            ph: instant ? "i" : "X", ts: ts, pid: appPID, tid: uikitTID, dur: instant ? nil : 1, s: instant ? "t" : nil,
            args: args)
    }

    static func metadata(_ app: String) -> [TraceEvent] {
        func name(_ kind: String, _ pid: Int, _ tid: Int, _ value: String) -> TraceEvent {
            TraceEvent(name: kind, ph: "M", ts: 0, pid: pid, tid: tid, args: ["name": value])
        }
        return [
            name("process_name", sourcePID, hidTID, "hid-source (gesture script)"),
            name("thread_name", sourcePID, hidTID, "HID frames"),
            name("process_name", appPID, runLoopTID, "app-host \(app) (headless)"),
            name("thread_name", appPID, runLoopTID, "run loop: turns and callouts"),
            name("thread_name", appPID, uikitTID, "UIKit: dispatch, calls, recognizers"),
            name("thread_name", appPID, ackTID, "app channel: acks to springboard (live runs)"),
            name("process_name", springBoardPID, routerTID, "springboard (live runs)"),
            name("thread_name", springBoardPID, routerTID, "routing: event port read to app channel send"),
        ]
    }
}

extension TimelineExport {
    /// Live: one received HID message's hops as slices on real times — the source's frame (at its hardware
    /// stamp), the trip to springboard, springboard's routing (read to forwarded), the trip to the app — and
    /// the flow arrow's start and its step through springboard.
    static func hops(sequence: UInt64, stamps: HIDHopTimestamps, name: String, flow: UInt64) -> [TraceEvent] {
        func us(_ ns: UInt64) -> Double { Double(ns / 1000) }
        let hardware = stamps[.hardware], received = stamps[.routerReceived]
        let forwarded = stamps[.routerForwarded], app = stamps[.appReceived]
        let args = ["sequence": "\(sequence)"]
        var out = [
            TraceEvent(
                name: "HID event #\(sequence): \(name)", cat: "hid", ph: "X", ts: us(hardware), pid: sourcePID, tid: hidTID,
                dur: 1, args: args),
            TraceEvent(
                name: "HID event #\(sequence)", cat: "flow", ph: "s", ts: us(hardware), pid: sourcePID, tid: hidTID, id: flow),
        ]
        // Springboard stamps only what it routed; a message with no stamps (zero) is drawn at the source only.
        if received >= hardware, forwarded >= received, received > 0 {
            out.append(
                TraceEvent(
                    name: "route HID event #\(sequence)", cat: "springboard", ph: "X", ts: us(received), pid: springBoardPID,
                    tid: routerTID, dur: max(1, us(forwarded) - us(received)),
                    args: args.merging([
                        "toSpringBoardUs": "\(us(received) - us(hardware))", "toAppUs": "\(us(app) - us(forwarded))",
                    ]) { a, _ in a }))
            out.append(
                TraceEvent(
                    name: "HID event #\(sequence)", cat: "flow", ph: "t", ts: us(received), pid: springBoardPID, tid: routerTID,
                    id: flow))
        }
        return out
    }
}

extension TimelineExport {
    /// Microseconds from the run's clock; steps at one instant 1 µs apart (see the type's comment).
    struct VirtualClock {
        private(set) var lastNs: UInt64 = 0
        private var lastTs: Double = -1

        mutating func next(_ ns: UInt64) -> Double {
            lastNs = max(lastNs, ns)
            lastTs = max(lastTs + 1, Double(ns / 1000))
            return lastTs
        }
    }
}

/// One event of Chrome's trace-event format (the JSON chrome://tracing and Perfetto open): `ph` is the phase
/// (`B`/`E` begin and end of a slice on one thread, `X` a complete slice with `dur`, `i` an instant, `s`/`t`/`f`
/// the start, step and end of a flow arrow sharing `id`, `M` metadata naming processes and threads). Times are
/// microseconds.
struct TraceEvent: Codable, Equatable {
    var name: String
    var cat: String?
    var ph: String
    var ts: Double
    var pid: Int
    var tid: Int
    var dur: Double?
    var id: UInt64?
    /// Flow end binding: `e` binds to the enclosing slice.
    var bp: String?
    /// Instant scope: `t` (thread).
    var s: String?
    var args: [String: String]?
}
