import ArgumentParser
import CommandLineSupport
import ControlProtocol
import ControlText
import Foundation
import RunLoopKit

#if canImport(Glibc)
    import Glibc
#endif

/// `sbctl trace --out FILE`: one live timeline of the whole ensemble, recorded by springboard (protocols/control.md,
/// "trace"): starts a recording, waits `--duration` seconds (or until Ctrl-C), stops it, and writes it as Chrome
/// trace-event JSON (chrome://tracing, Perfetto): the source, springboard, every app's dispatches and frames, with
/// a flow from each HID event to the frame that presented it.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Record the whole ensemble's live timeline and write it as Chrome trace-event JSON (--out FILE).",
        discussion:
            "Without --start or --stop: start, wait --duration seconds (Ctrl-C stops early), stop, write FILE. --start "
            + "only starts a recording (another sbctl trace --stop --out FILE ends it); --status says whether one runs. "
            + "springboard keeps at most --limit events and as many frames (the rest are counted and said).")

    @Option(name: .long, help: "Where to write the Chrome trace-event JSON.")
    var out: String?

    @Option(name: .long, help: "Seconds to record (default 5; Ctrl-C stops early).")
    var duration: Double = 5

    @Option(name: .long, help: "At most this many events, and as many frames, are kept (1...250000; default 100000).")
    var limit: Int?

    @Flag(name: .long, help: "Only start a recording.")
    var start = false

    @Flag(name: .long, help: "Only stop the recording in progress and write it.")
    var stop = false

    @Flag(name: .long, help: "Say whether a recording is in progress.")
    var status = false

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if [start, stop, status].filter({ $0 }).count > 1 {
            throw ValidationError("give at most one of --start, --stop, --status")
        }
        if !start && !status && out == nil { throw ValidationError("--out FILE is needed to write the trace") }
        guard duration.isFinite, duration > 0, duration <= 86_400 else {
            throw ValidationError("--duration must be between 0 and 86400 seconds")
        }
        if let limit, !(1...EnsembleTrace.maximumLimit).contains(limit) {
            throw ValidationError("--limit must be 1...\(EnsembleTrace.maximumLimit)")
        }
    }

    func run() throws {
        if status {
            return try connection.run(.trace(action: .status)) { reply in Self.describe(reply.trace) }
        }
        if !stop {
            try connection.run(.trace(action: .start, limit: limit)) { _ in start ? "trace: recording" : "" }
            if start { return }
            Interruption.install()
            var waited = 0.0
            while waited < duration, !Interruption.requested {
                usleep(50_000)
                waited += 0.05
            }
        }
        var failure: Error?
        // The reply can be megabytes: a longer wait than other requests.
        var options = connection
        options.timeout = max(connection.timeout, 30_000)
        try options.run(.trace(action: .stop)) { reply in
            guard let trace = reply.trace, let out else { return "trace: nothing recorded" }
            do {
                try EnsembleTraceExport.json(trace).write(to: URL(fileURLWithPath: out))
            } catch {
                failure = error
                return "trace: not written to \(out): \(error.localizedDescription)"
            }
            return "trace: \(out): " + Self.describe(trace)
        }
        if failure != nil { throw ExitCode(73) }
    }

    static func describe(_ trace: EnsembleTrace?) -> String {
        guard let trace else { return "no trace in the reply" }
        let span =
            trace.stoppedAt > trace.startedAt
            ? String(format: " over %.3f s", Double(trace.stoppedAt - trace.startedAt) / 1e9) : ""
        return (trace.recording ? "recording" : "\(trace.events.count) events, \(trace.frames.count) frames")
            + "\(span) from \(trace.apps.count) app(s)"
            + (trace.eventsDropped + trace.framesDropped > 0
                ? " (over the limit of \(trace.limit): \(trace.eventsDropped) events and \(trace.framesDropped) frames not kept)"
                : "")
    }
}
