import UIKitModel

extension TimelineExport {
    static func slice(for line: UITraceLine, at ts: Double) -> TraceEvent {
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
        ]
    }
}
