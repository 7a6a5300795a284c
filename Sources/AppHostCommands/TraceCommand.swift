import ArgumentParser
import CommandLineSupport
import Foundation
import UIKitModel

/// `app-host trace [FILE]`: reads trace records (JSON lines, protocols/trace-record.md: a live app's trace
/// file, or `app-host run --json`) and prints them as text, explained, or filtered. A line that is not a
/// record is reported on stderr with its number and skipped; the exit status is then 1.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Print trace records (JSON lines from a trace file or stdin) as text.")

    @Argument(help: "A JSON-lines trace file; stdin when absent or '-'.")
    var file: String?

    @Flag(name: .long, help: "Explain each line: arguments, results and reasons.")
    var explain = false

    @Option(name: .long, help: "Print only these groups, comma-separated (as for `run --only`).")
    var only: String?

    func validate() throws {
        _ = try TraceOutput(json: false, explain: explain, only: only)
    }

    func run() throws {
        let output = try TraceOutput(json: false, explain: explain, only: only)
        let handle: FileHandle
        if let file, file != "-" {
            guard let opened = FileHandle(forReadingAtPath: file) else {
                throw CommandError.noInput(
                    "\(file): \(FileManager.default.fileExists(atPath: file) ? "cannot read it" : "no such file")")
            }
            handle = opened
        } else {
            handle = .standardInput
        }
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var bad = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            do {
                output.print(try Trace.Line(jsonLine: String(line)))
            } catch {
                bad += 1
                FileHandle.standardError.write(Data("\(file ?? "stdin"):\(index + 1): not a trace record\n".utf8))
            }
        }
        // The records there were are printed; the lines that are not are refused input.
        if bad > 0 { throw ExitCode(.dataError) }
    }
}

/// How `app-host run` prints trace records: the text iOS would log, explained lines, or JSON records,
/// optionally only some groups (`--only touches,actions,recognizers`).
struct TraceOutput {
    static let groupNames = Trace.Groups.named.map(\.name) + ["events", "runLoop"]

    var json: Bool
    var explain: Bool
    /// Plain text: each line starts with its time on the app's clock, `1.30 View Taped` (protocols/puzzles.md).
    var times: Bool
    /// nil: everything.
    var only: Set<String>?

    init(json: Bool, explain: Bool, only: String?, times: Bool = false) throws {
        self.json = json
        self.explain = explain
        self.times = times
        guard let only else { return }
        let names = only.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        for name in names where !Self.groupNames.contains(name) {
            throw ValidationError("--only: unknown group '\(name)' (groups: \(Self.groupNames.joined(separator: ", ")))")
        }
        self.only = Set(names)
    }

    /// Whether the recorder should add headers, pass labels and recognizer transitions.
    var explains: Bool { json || explain }

    func print(_ line: Trace.Line) {
        // Headers, pass labels and transitions exist only in explained traces (or for a timeline).
        guard explains || line.kind == .call || line.kind == .line else { return }
        if let only {
            // Event headers mark where each event starts: kept when explaining.
            guard (explain && (line.kind == .event || line.kind == .callout)) || line.group.map(only.contains) == true
            else { return }
        }
        if json {
            Swift.print(line.jsonLine)
        } else if explain {
            Swift.print(line.explained)
        } else if times {
            Swift.print(String(format: "%.2f ", Double(line.time) / 1e9) + line.text)
        } else {
            Swift.print(line.text)
        }
    }
}
