import Foundation

/// The Markdown of a bench session: one row per run, pipeline and relay alike, then how to read it.
struct SummaryTable {
    let title: String
    let notes: [String]
    let runs: [SummaryRun]

    var markdown: String {
        var lines = ["# \(title)", ""]
        for note in notes { lines.append(note + "  ") }
        if !notes.isEmpty { lines.append("") }
        let header = [
            "run", "policy", "rate/s", "fingers", "offered/s", "delivered frames/s", "events/s", "sendEvent/s", "lost",
            "unexplained", "e2e p50 µs", "e2e p99 µs", "e2e p99.9 µs", "ack p50 µs", "÷ relay: frames/s",
            "e2e p50", "e2e p99",
        ]
        lines.append("| " + header.joined(separator: " | ") + " |")
        lines.append("|" + header.map { _ in "---" }.joined(separator: "|") + "|")
        for run in runs { lines.append("| " + row(run).joined(separator: " | ") + " |") }
        lines += [
            "",
            "- **offered/s, delivered frames/s, events/s** are counted over the send interval (t0 → the last frame taken by "
                + "the source's socket). Delivered frames reached the app alone or as coalesced samples; events are what the "
                + "app dispatched and acknowledged (shed coalesces moves, so fewer events than frames). **sendEvent/s** are "
                + "the app's own `sendEvent` calls: its UIKit coalesces the moves it finds queued behind each other into one "
                + "event (their samples in `coalescedTouches(for:)`), so under load it sends fewer events than it acknowledges.",
            "- **lost** are frames springboard dropped, with a reason (springboard gives up only on an app that stops responding); "
                + "**unexplained** = offered − (delivered + queued + lost + consumed elsewhere) and must be 0.",
            "- **e2e** is the frame's intended time (open loop: a frame that waits to be sent counts its wait) → the app's "
                + "`sendEvent` returned; for the relay, → the sink read it. **ack** is sent → its ack back (springboard or relay).",
            "- **÷ relay** divides the pipeline by the raw relay run with the same rate and fingers (`hid-bench relay`: the "
                + "same frames over the same processes and sockets, nothing done to them).",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private func row(_ run: SummaryRun) -> [String] {
        let rate = run.number("rate").map { $0 > 0 ? whole($0) : "max" } ?? "?"
        let fingers = run.number("fingers").map(whole) ?? "?"
        let ackP50 = run.number("latency", "ack", "p50").map(decimal) ?? "-"
        let e2e = ["p50", "p99", "p999"].map { run.number("latency", "endToEnd", $0).map(decimal) ?? "-" }
        if run.isRelay {
            let offered = run.number("offered") ?? 0, delivered = run.number("delivered") ?? 0
            return [
                "**\(run.name)**", "relay", rate, fingers, run.number("offeredPerSecond").map(whole) ?? "-",
                run.number("framesPerSecond").map(whole) ?? "-", "-", "-", whole(offered - delivered), "-",
            ]
                + e2e + [ackP50, "", "", ""]
        }
        let ratio = { (key: String) in run.number("baseline", key).map { String(format: "%.2f×", $0) } ?? "" }
        return [
            run.name, run.string("overload") ?? "?", rate, fingers,
            run.number("throughput", "offeredPerSecond").map(whole) ?? "-",
            run.number("throughput", "deliveredPerSecond").map(whole) ?? "-",
            run.number("throughput", "dispatchedEventsPerSecond").map(whole) ?? "-",
            run.number("throughput", "sendEventsPerSecond").map(whole) ?? "-",
            run.number("lost").map(whole) ?? "-", run.number("unexplained").map(whole) ?? "-",
        ]
            + e2e + [ackP50, ratio("throughput"), ratio("endToEndP50"), ratio("endToEndP99")]
    }

    private func whole(_ value: Double) -> String { String(format: "%.0f", value) }
    private func decimal(_ value: Double) -> String { String(format: "%.1f", value) }
}
