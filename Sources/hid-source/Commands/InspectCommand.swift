import ArgumentParser
import CommandLineSupport
import Foundation
import TouchRecording

/// `hid-source inspect FILE`: what an evemu recording holds, per touch session: contacts, duration, travel,
/// sampling rate, and spread and rotation for two-finger sessions (in points under the mapping options).
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect", abstract: "Summarise an evemu recording per touch session.")

    @Argument(help: "The recording (evemu text).") var file: String
    @OptionGroup var recording: RecordingOptions
    @Flag(name: .long, help: "Print the summary as JSON.") var json = false

    func run() throws {
        let summary: RecordingSummary
        do { summary = try RecordingOptions.load(file).summary(mapping: recording.mapping) } catch let error
            as RecordingMappingError
        {
            throw ValidationError(error.description)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(summary), as: UTF8.self))
            return
        }
        print(Self.text(summary))
    }

    static func text(_ summary: RecordingSummary) -> String {
        var lines = [
            "\(summary.file): \(summary.frames) frames, \(summary.contacts) contacts, \(format(summary.duration)) s, "
                + "\(summary.samplingRate.map { "\(format($0, 1)) Hz" } ?? "no rate"), dropped reports \(summary.droppedReports)",
            "placed at x \(format(summary.placement[0])) y \(format(summary.placement[1])) size \(format(summary.placement[2])) x \(format(summary.placement[3])) points",
        ]
        var rows = [
            ["session", "start s", "duration s", "contacts", "fingers", "travel pt", "rate Hz", "spread pt", "rotation °"]
        ]
        for (index, session) in summary.sessions.enumerated() {
            rows.append([
                "\(index + 1)", format(session.start), format(session.duration), "\(session.contacts)",
                "\(session.maximumFingers)", format(session.travel, 1), session.samplingRate.map { format($0, 1) } ?? "-",
                session.spread.map {
                    "\(format($0.start, 1)) → \(format($0.end, 1)) (\(format($0.minimum, 1))…\(format($0.maximum, 1)))"
                } ?? "-",
                session.rotation.map { format($0, 1) } ?? "-",
            ])
        }
        lines.append(TextTable.render(rows, rightAligned: Set(0...6)))
        return lines.joined(separator: "\n")
    }

    private static func format(_ value: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }
}
