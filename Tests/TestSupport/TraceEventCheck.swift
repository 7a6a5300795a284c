import Foundation

/// Checks Chrome trace-event JSON (`app-host run --timeline`, `app-host serve --timeline`) the way its
/// readers need it: every event has `name`, `ph`, `ts`, `pid`, `tid`; phases are known; `B`/`E` match per
/// thread and never go back in time; `X` has a positive `dur`; every process is named; each flow id is one
/// `s`, any `t`s and one `f`, in time order. Returns the problems found (empty: valid) and the events.
package enum TraceEventCheck {
    package struct Flow {
        package var phases: [String] = []
        package var times: [Double] = []
        package var pids: [Int] = []
    }

    package static func check(_ data: Data) -> (problems: [String], events: [[String: Any]], flows: [UInt64: Flow]) {
        guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let events = document["traceEvents"] as? [[String: Any]]
        else { return (["not a JSON object with traceEvents"], [], [:]) }
        var problems: [String] = []
        var stacks: [String: [Double]] = [:]
        var flows: [UInt64: Flow] = [:]
        var pids: Set<Int> = [], named: Set<Int> = []
        for (index, event) in events.enumerated() {
            guard event["name"] is String, let ph = event["ph"] as? String, let ts = event["ts"] as? Double,
                let pid = event["pid"] as? Int, let tid = event["tid"] as? Int
            else {
                problems.append("event \(index): a required field is missing")
                continue
            }
            pids.insert(pid)
            let thread = "\(pid)/\(tid)"
            switch ph {
            case "B": stacks[thread, default: []].append(ts)
            case "E":
                guard let begin = stacks[thread]?.popLast() else {
                    problems.append("event \(index): E without B on \(thread)")
                    continue
                }
                if ts < begin { problems.append("event \(index): E before its B on \(thread)") }
            case "X":
                if ((event["dur"] as? Double) ?? 0) <= 0 { problems.append("event \(index): X without a positive dur") }
            case "s", "t", "f":
                guard let id = (event["id"] as? NSNumber)?.uint64Value else {
                    problems.append("event \(index): flow without id")
                    continue
                }
                flows[id, default: Flow()].phases.append(ph)
                flows[id, default: Flow()].times.append(ts)
                flows[id, default: Flow()].pids.append(pid)
            case "i": break
            case "M": if event["name"] as? String == "process_name" { named.insert(pid) }
            default: problems.append("event \(index): unknown phase \(ph)")
            }
        }
        for (thread, stack) in stacks where !stack.isEmpty { problems.append("\(stack.count) B without E on \(thread)") }
        for pid in pids.subtracting(named) { problems.append("process \(pid) has no process_name") }
        for (id, flow) in flows {
            let shape =
                flow.phases.first == "s" && flow.phases.last == "f" && flow.phases.dropFirst().dropLast().allSatisfy { $0 == "t" }
            if !shape { problems.append("flow \(id): \(flow.phases) is not s, t..., f") }
            if flow.times != flow.times.sorted() { problems.append("flow \(id) goes back in time") }
        }
        return (problems, events, flows)
    }
}
