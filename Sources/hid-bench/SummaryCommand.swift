import ArgumentParser
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
