import HIDEvent
import UIKitModel

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
