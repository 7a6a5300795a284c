import ArgumentParser
import CommandLineSupport
import LoadGeneration
import Foundation

/// `hid-bench summary DIR`: the one report of a `deploy/bench` session. Reads every run's JSON in DIR/runs
/// (`hid-source load --json` or `hid-bench relay --json`; file names `NN-label.json`, in order), writes
/// DIR/report.md (a Markdown table) and DIR/report.json (every run's full report), prints the table.
struct SummaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "summary",
        abstract: "Combine the JSON reports in DIR/runs into DIR/report.md and DIR/report.json.")

    @Argument(help: "The results directory (deploy/bench's output).") var directory: String
    @Option(help: "The report's title.") var title = "TouchPipeline load test"
    @Option(help: "A line under the title (repeatable).") var note: [String] = []

    func run() throws {
        let runsDirectory = (directory as NSString).appendingPathComponent("runs")
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: runsDirectory).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw ValidationError("cannot list \(runsDirectory): \(error.localizedDescription)")
        }
        guard !files.isEmpty else { throw ValidationError("no run reports (*.json) in \(runsDirectory)") }
        var runs: [SummaryRun] = []
        for file in files {
            let path = (runsDirectory as NSString).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: path),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else {
                throw ValidationError("\(path) is not a JSON report")
            }
            runs.append(SummaryRun(file: file, report: object))
        }
        let markdown = SummaryTable(title: title, notes: note, runs: runs).markdown
        try markdown.write(toFile: (directory as NSString).appendingPathComponent("report.md"), atomically: true, encoding: .utf8)
        let json: [String: Any] = [
            "title": title, "notes": note, "runs": runs.map { ["name": $0.name, "kind": $0.kind, "report": $0.report] },
        ]
        let data = try JSONSerialization.data(
            withJSONObject: json, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try data.write(to: URL(fileURLWithPath: (directory as NSString).appendingPathComponent("report.json")))
        print(markdown)
    }
}

/// One run's JSON report, read generically: the pipeline's (`hid-source load --json`) and the relay's
/// (`hid-bench relay --json`) share the fields a summary row needs.
struct SummaryRun {
    /// The file name without its order prefix and extension (`03-pipeline-saturation-shed`).
    let name: String
    let report: [String: Any]

    init(file: String, report: [String: Any]) {
        var stem = Substring(file.hasSuffix(".json") ? String(file.dropLast(5)) : file)
        if let dash = stem.firstIndex(of: "-"), stem[..<dash].allSatisfy(\.isNumber) { stem = stem[stem.index(after: dash)...] }
        name = String(stem)
        self.report = report
    }

    var kind: String { report["kind"] as? String ?? "pipeline" }
    var isRelay: Bool { kind == "relay" }

    func number(_ path: String...) -> Double? { number(path: path) }

    func number(path: [String]) -> Double? {
        var value: Any? = report
        for key in path { value = (value as? [String: Any])?[key] }
        // JSONSerialization hands numbers back as NSNumber.
        return (value as? NSNumber)?.doubleValue
    }

    func string(_ key: String) -> String? { report[key] as? String }
}

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
            "unexplained", "CPU µs/frame", "e2e p50 µs", "e2e p99 µs", "e2e p99.9 µs", "ack p50 µs", "÷ relay: frames/s",
            "e2e p50", "e2e p99",
        ]
        lines.append("| " + header.joined(separator: " | ") + " |")
        lines.append("|" + header.map { _ in "---" }.joined(separator: "|") + "|")
        for group in Self.groups(runs) {
            for run in group { lines.append(Self.markdownRow(row(run))) }
            if group.count > 1 { lines.append(Self.markdownRow(medianRow(group))) }
        }
        lines += presentTable
        lines += [
            "",
            "- **offered/s, delivered frames/s, events/s** are counted over the send interval (t0 → the last frame taken by "
                + "the source's socket). Delivered frames reached the app alone or as coalesced samples; events are what the "
                + "app dispatched and acknowledged (shed coalesces moves, so fewer events than frames). **sendEvent/s** are "
                + "the app's own `sendEvent` calls: its UIKit coalesces the moves it finds queued behind each other into one "
                + "event (their samples in `coalescedTouches(for:)`), so under load it sends fewer events than it acknowledges.",
            "- **CPU µs/frame** is the CPU every process of the run used (user and system, all threads: source, springboard "
                + "and app; or source, relay and sink) from the start of sending until everything was acknowledged, divided by "
                + "the frames delivered (Linux `/proc`, 10 ms resolution); the pipeline's includes hid-source's control "
                + "requests while it waits for the app to drain. \"-\" when a process could not be measured.",
            "- **lost** are frames springboard dropped, with a reason (springboard gives up only on an app that stops responding); "
                + "**unexplained** = offered − (delivered + queued + lost + consumed elsewhere) and must be 0.",
            "- **e2e** is the frame's intended time (open loop: a frame that waits to be sent counts its wait) → the app's "
                + "`sendEvent` returned; for the relay, → the sink read it. **ack** is sent → its ack back (springboard or relay).",
            "- **÷ relay** divides the pipeline by the raw relay run with the same rate and fingers (`hid-bench relay`: the "
                + "same frames over the same processes and sockets, nothing done to them); against a relay series, by the "
                + "median of each figure over its runs (its median row).",
            "- **median of N** follows a series of runs named NAME.1, NAME.2, …: each of its figures is the median of that "
                + "column over the series' N runs, except **lost** and **unexplained**, which show the largest (so a row's "
                + "figures may come from different runs).",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The runs that measure the display (named `present-…`, or whose app presented frames): a second table of
    /// touch-to-present by kind (`hid-source load`'s `touchToPresent`, µs), frames and samples per move; "n/a"
    /// where the app sent no `frames` (an app without a display, or one older than them).
    var presentTable: [String] {
        let measured = runs.filter {
            !$0.isRelay && ($0.name.hasPrefix("present-") || ($0.number("display", "framesPresented") ?? 0) > 0)
        }
        guard !measured.isEmpty else { return [] }
        let header = [
            "run", "rate/s", "fingers", "frames presented", "frames missed", "samples/move", "down p50 µs", "down p99 µs",
            "move p50 µs", "move p90 µs", "move p99 µs", "move p99.9 µs", "move max µs", "up p50 µs", "up p99 µs",
        ]
        var lines = [
            "", "Touch to present (the HID hardware stamp → the vsync that put the first frame showing the event on screen):",
            "", "| " + header.joined(separator: " | ") + " |", "|" + header.map { _ in "---" }.joined(separator: "|") + "|",
        ]
        for run in measured {
            let presents = (run.number("display", "framesPresented") ?? 0) > 0
            func figure(_ path: String..., format: String = "%.1f") -> String {
                guard presents else { return "n/a" }
                return run.number(path: path).map { String(format: format, $0) } ?? "-"
            }
            let rate = run.number("rate").map { $0 > 0 ? String(format: "%.0f", $0) : "max" } ?? "?"
            lines.append(
                "| "
                    + [
                        run.name, rate, run.number("fingers").map { String(format: "%.0f", $0) } ?? "?",
                        figure("display", "framesPresented", format: "%.0f"), figure("display", "framesMissed", format: "%.0f"),
                        run.number("display", "samplesPerMove").map { String(format: "%.2f", $0) } ?? "n/a",
                        figure("touchToPresent", "down", "p50"), figure("touchToPresent", "down", "p99"),
                        figure("touchToPresent", "move", "p50"), figure("touchToPresent", "move", "p90"),
                        figure("touchToPresent", "move", "p99"), figure("touchToPresent", "move", "p999"),
                        figure("touchToPresent", "move", "max"), figure("touchToPresent", "up", "p50"),
                        figure("touchToPresent", "up", "p99"),
                    ].joined(separator: " | ") + " |")
        }
        return lines
    }

    /// One table cell: text, or a number kept as a number (so a median row is computed from the figures,
    /// not from their rounded text) with how it is shown.
    enum Cell: Equatable {
        case text(String)
        case number(Double, Format)

        enum Format { case whole, decimal, hundredths, ratio }

        var text: String {
            switch self {
            case .text(let text): text
            case .number(let value, .whole): String(format: "%.0f", value)
            case .number(let value, .decimal): String(format: "%.1f", value)
            case .number(let value, .hundredths): String(format: "%.2f", value)
            case .number(let value, .ratio): String(format: "%.2f×", value)
            }
        }

        var value: Double? {
            if case .number(let value, _) = self { return value }
            return nil
        }
    }

    static func markdownRow(_ cells: [Cell]) -> String { "| " + cells.map(\.text).joined(separator: " | ") + " |" }

    func row(_ run: SummaryRun) -> [Cell] {
        func number(_ format: Cell.Format, _ path: String...) -> Cell {
            run.number(path: path).map { .number($0, format) } ?? .text("-")
        }
        let rate: Cell = run.number("rate").map { $0 > 0 ? .number($0, .whole) : .text("max") } ?? .text("?")
        let fingers = number(.whole, "fingers")
        let ackP50 = number(.decimal, "latency", "ack", "p50")
        let e2e = ["p50", "p99", "p999"].map { number(.decimal, "latency", "endToEnd", $0) }
        let cpu = number(.hundredths, "cpu", "microsecondsPerFrame", "total")
        if run.isRelay {
            let lost: Cell = .number((run.number("offered") ?? 0) - (run.number("delivered") ?? 0), .whole)
            return [
                .text("**\(run.name)**"), .text("relay"), rate, fingers, number(.whole, "offeredPerSecond"),
                number(.whole, "framesPerSecond"), .text("-"), .text("-"), lost, .text("-"), cpu,
            ]
                + e2e + [ackP50, .text(""), .text(""), .text("")]
        }
        let ratio = { (key: String) in run.number("baseline", key).map { Cell.number($0, .ratio) } ?? .text("") }
        return [
            .text(run.name), .text(run.string("overload") ?? "?"), rate, fingers,
            number(.whole, "throughput", "offeredPerSecond"), number(.whole, "throughput", "deliveredPerSecond"),
            number(.whole, "throughput", "dispatchedEventsPerSecond"), number(.whole, "throughput", "sendEventsPerSecond"),
            number(.whole, "lost"), number(.whole, "unexplained"), cpu,
        ]
            + e2e + [ackP50, ratio("throughput"), ratio("endToEndP50"), ratio("endToEndP99")]
    }

    /// The columns where a series shows its worst run, not its median: a loss in any run must not hide.
    static let worstColumns: Set<Int> = [8, 9]

    /// Runs in order, a series NAME.1, NAME.2, … (consecutive runs with the same stem, whatever numbers are
    /// missing: a failed run leaves no report) as one group, every other run alone.
    static func groups(_ runs: [SummaryRun]) -> [[SummaryRun]] {
        var groups: [[SummaryRun]] = []
        for run in runs {
            if let stem = seriesStem(run.name), let last = groups.last?.last, seriesStem(last.name) == stem {
                groups[groups.count - 1].append(run)
            } else {
                groups.append([run])
            }
        }
        return groups
    }

    /// `relay-10k.2` → "relay-10k". A dot, not a dash: `apps-1`, `apps-2` are different runs, not a series.
    static func seriesStem(_ name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), let number = Int(name[name.index(after: dot)...]), number > 0 else {
            return nil
        }
        return String(name[..<dot])
    }

    /// The series' row: its name, then in every number column the median over the series (the mean of the two
    /// middle values for an even count), except lost and unexplained: their largest. A column that is not a
    /// number in every run keeps the first run's text when all agree, else "-".
    func medianRow(_ series: [SummaryRun]) -> [Cell] {
        let rows = series.map(row)
        var out = rows[0]
        out[0] = .text("**\(Self.seriesStem(series[0].name) ?? series[0].name), median of \(series.count)**")
        for column in 1..<out.count {
            let cells = rows.map { $0[column] }
            let values = cells.compactMap(\.value)
            guard values.count == cells.count, case .number(_, let format) = cells[0], let median = values.median,
                let worst = values.max()
            else {
                out[column] = cells.allSatisfy { $0.text == cells[0].text } ? cells[0] : .text("-")
                continue
            }
            out[column] = .number(Self.worstColumns.contains(column) ? worst : median, format)
        }
        return out
    }
}
