import ControlProtocol
import Foundation

/// springboard's recording of the whole ensemble (`trace` `stop`) as Chrome trace-event JSON, the format of the
/// per-app timelines (`app-host run --timeline`), for chrome://tracing and Perfetto: a process for the source
/// (each event at its `hardware` stamp), one for springboard (routing: read → sent; the acks it read), and one per
/// app (its main thread: each dispatch from the ack's stamps; its display: each frame's vsync → commit and its
/// present), with a flow arrow per event from the source through springboard and the dispatch to the frame that
/// presented it (to the ack when no recorded frame did). Times are the recorded CLOCK_MONOTONIC, in µs.
public enum EnsembleTraceExport {
    static let sourcePID = 1, springBoardPID = 2, firstAppPID = 10
    static let sourceTID = 1, routingTID = 1, acksTID = 2, mainTID = 1, displayTID = 2

    public static func json(_ trace: EnsembleTrace) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(Document(traceEvents: events(trace), displayTimeUnit: "ms"))) ?? Data("{}".utf8)
    }

    struct Document: Codable {
        var traceEvents: [Event]
        var displayTimeUnit: String
    }

    /// One trace event (the fields `TimelineExport`'s have; `ph`: `X` slice, `i` instant, `s`/`t`/`f` flow, `M`
    /// metadata).
    public struct Event: Codable, Equatable {
        public var name: String
        public var cat: String?
        public var ph: String
        public var ts: Double
        public var pid: Int
        public var tid: Int
        public var dur: Double?
        public var id: UInt64?
        public var bp: String?
        public var s: String?
        public var args: [String: String]?
    }

    static func us(_ ns: UInt64) -> Double { Double(ns) / 1000 }

    public static func events(_ trace: EnsembleTrace) -> [Event] {
        var out = metadata(trace.apps)
        func appPID(_ app: Int) -> Int { firstAppPID + app }
        // Dispatches: events the app dispatched in one pass share their stamps, hence one slice.
        var lastDispatch: (app: Int, start: UInt64, finish: UInt64)?
        var lastAck: (app: Int, time: UInt64)?
        for (index, e) in trace.events.enumerated() {
            let flow = UInt64(index + 1)
            let label = "\(e.kind) #\(e.sequence)"
            let args = [
                "app": trace.apps.indices.contains(e.app) ? trace.apps[e.app] : "?", "sequence": "\(e.sequence)",
                "samples": "\(e.samples)",
            ]
            // The flow's points, in time order only (stamps of other hosts' clocks are not comparable).
            var flowTime = 0.0
            func step(_ ph: String, _ ts: Double, _ pid: Int, _ tid: Int, bp: String? = nil) {
                // A step out of order is left out; the end never is (a flow needs one), drawn no earlier than the rest.
                guard ts >= flowTime || ph == "f" else { return }
                flowTime = max(flowTime, ts)
                let ts = flowTime
                out.append(Event(name: "event \(label)", cat: "flow", ph: ph, ts: ts, pid: pid, tid: tid, id: flow, bp: bp))
            }
            out.append(
                Event(
                    name: "HID \(label)", cat: "source", ph: "X", ts: us(e.hardware), pid: sourcePID, tid: sourceTID, dur: 1,
                    args: args.merging(["hardwareNs": "\(e.hardware)"]) { a, _ in a }))
            step("s", us(e.hardware), sourcePID, sourceTID)
            if e.routerReceived > 0, e.forwarded >= e.routerReceived {
                out.append(
                    Event(
                        name: "route \(label)", cat: "springboard", ph: "X", ts: us(e.routerReceived), pid: springBoardPID,
                        tid: routingTID, dur: max(1, us(e.forwarded) - us(e.routerReceived)), args: args))
                step("t", us(e.routerReceived), springBoardPID, routingTID)
            }
            if e.dispatchStarted > 0, e.dispatchFinished >= e.dispatchStarted {
                let key = (e.app, e.dispatchStarted, e.dispatchFinished)
                if lastDispatch.map({ $0 != key }) ?? true {
                    out.append(
                        Event(
                            name: "dispatch", cat: "app", ph: "X", ts: us(e.dispatchStarted), pid: appPID(e.app), tid: mainTID,
                            dur: max(1, us(e.dispatchFinished) - us(e.dispatchStarted)),
                            args: ["first": label, "queuedUs": "\(us(e.dispatchStarted) - us(e.appReceived))"]))
                    lastDispatch = key
                }
                step("t", us(e.dispatchStarted), appPID(e.app), mainTID)
            }
            if lastAck.map({ $0 != (e.app, e.acked) }) ?? true {
                out.append(
                    Event(
                        name: "acks from \(args["app"] ?? "?")", cat: "springboard", ph: "X", ts: us(e.acked),
                        pid: springBoardPID, tid: acksTID, dur: 1, args: ["first": label]))
                lastAck = (e.app, e.acked)
            }
            if trace.frames.indices.contains(e.frame) {
                step("f", us(trace.frames[e.frame].presented), appPID(e.app), displayTID, bp: "e")
            } else {
                step("f", us(e.acked), springBoardPID, acksTID, bp: "e")
            }
        }
        for f in trace.frames {
            let args = [
                "frame": "\(f.frame)", "events": "\(f.firstSequence)...\(f.firstSequence + UInt64(f.count) - 1)",
                "missed": "\(f.missed)", "refreshHz": "\(f.refreshHz)",
            ]
            out.append(
                Event(name: "vsync", cat: "display", ph: "i", ts: us(f.vsync), pid: appPID(f.app), tid: displayTID, s: "t"))
            out.append(
                Event(
                    name: "frame \(f.frame): dispatch → commit", cat: "display", ph: "X", ts: us(f.vsync), pid: appPID(f.app),
                    tid: displayTID, dur: max(1, us(f.committed) - us(f.vsync)), args: args))
            out.append(
                Event(
                    name: "frame \(f.frame) presented", cat: "display", ph: "X", ts: us(f.presented), pid: appPID(f.app),
                    tid: displayTID, dur: 1, args: args))
        }
        // Time order, as a reader expects (metadata first; ties keep their order).
        let meta = out.prefix { $0.ph == "M" }
        let rest = out.dropFirst(meta.count).enumerated().sorted { ($0.element.ts, $0.offset) < ($1.element.ts, $1.offset) }
        return Array(meta) + rest.map(\.element)
    }

    static func metadata(_ apps: [String]) -> [Event] {
        func name(_ kind: String, _ pid: Int, _ tid: Int, _ value: String) -> Event {
            Event(name: kind, ph: "M", ts: 0, pid: pid, tid: tid, args: ["name": value])
        }
        var out = [
            name("process_name", sourcePID, sourceTID, "hid-source"),
            name("thread_name", sourcePID, sourceTID, "HID events (hardware stamps)"),
            name("process_name", springBoardPID, routingTID, "springboard"),
            name("thread_name", springBoardPID, routingTID, "routing: event port read → sent to the app"),
            name("thread_name", springBoardPID, acksTID, "app channel: acks read"),
        ]
        for (index, app) in apps.enumerated() {
            out.append(name("process_name", firstAppPID + index, mainTID, app))
            out.append(name("thread_name", firstAppPID + index, mainTID, "main thread: dispatch (from the acks)"))
            out.append(name("thread_name", firstAppPID + index, displayTID, "display: vsync, commit, present (frames)"))
        }
        return out
    }
}
