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
        for (index, run) in runs.enumerated() {
            lines.append("| " + row(run).joined(separator: " | ") + " |")
            if let series = series(endingAt: index) {
                lines.append("| " + medianRow(series).joined(separator: " | ") + " |")
            }
        }
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
                + "same frames over the same processes and sockets, nothing done to them); against a relay series, by its "
                + "median run.",
            "- **median of N** follows a series of runs named NAME.1 … NAME.N: each of its figures is the median of that "
                + "column over the series (so a row's figures may come from different runs).",
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

    /// The runs NAME.1 … NAME.N (N ≥ 2) when `index` is the last of them, else nil.
    private func series(endingAt index: Int) -> [SummaryRun]? {
        guard let (stem, number) = Self.seriesPosition(runs[index].name), number >= 2 else { return nil }
        if index + 1 < runs.count, let next = Self.seriesPosition(runs[index + 1].name), next.stem == stem,
            next.number == number + 1
        {
            return nil
        }
        let first = index - (number - 1)
        guard first >= 0 else { return nil }
        let members = Array(runs[first...index])
        for (offset, run) in members.enumerated() {
            guard let position = Self.seriesPosition(run.name), position.stem == stem, position.number == offset + 1 else {
                return nil
            }
        }
        return members
    }

    /// `relay-10k.2` → ("relay-10k", 2). A dot, not a dash: `apps-1`, `apps-2` are different runs, not a series.
    static func seriesPosition(_ name: String) -> (stem: String, number: Int)? {
        guard let dot = name.lastIndex(of: "."), let number = Int(name[name.index(after: dot)...]), number > 0 else {
            return nil
        }
        return (String(name[..<dot]), number)
    }

    /// The series' row: its name, then in every figure column the median of the column (the mean of the two
    /// middle values for an even count); a column that is not a number in every run keeps the first run's
    /// text when all agree, else "-".
    func medianRow(_ series: [SummaryRun]) -> [String] {
        let rows = series.map(row)
        var out = rows[0]
        let stem = Self.seriesPosition(series[0].name)?.stem ?? series[0].name
        out[0] = "**\(stem), median of \(series.count)**"
        for column in 1..<out.count {
            let texts = rows.map { $0[column] }
            let values = texts.compactMap { Double($0.hasSuffix("×") ? String($0.dropLast()) : $0) }
            guard values.count == texts.count, !values.isEmpty else {
                out[column] = texts.allSatisfy { $0 == texts[0] } ? texts[0] : "-"
                continue
            }
            let sorted = values.sorted()
            let middle = sorted.count / 2
            let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            let sample = texts[0]
            out[column] =
                sample.hasSuffix("×")
                ? String(format: "%.2f×", median) : sample.contains(".") ? decimal(median) : whole(median)
        }
        return out
    }

    private func whole(_ value: Double) -> String { String(format: "%.0f", value) }
    private func decimal(_ value: Double) -> String { String(format: "%.1f", value) }
}
