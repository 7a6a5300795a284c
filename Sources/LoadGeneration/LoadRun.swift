import ControlProtocol
import EventPort
import Foundation
import RunLoopKit

/// One load run against a live springboard: set it up through the control socket, send, end the run the
/// way every hid-source run ends (a final end marker confirmed through `source`), let the app drain, collect
/// the counters and histograms, report.
package enum LoadRun {
    /// Runs, prints the report, and returns the exit status `hid-source load --help` lists (0: all went well):
    /// the numbers of CommandLineSupport's `ExitStatus` (69 springboard not answering, 73 an output not
    /// written, 64 a bad argument found out from springboard).
    package static func run(_ settings: LoadSettings) throws -> Int32 {
        // Each request waits 2 s, or --confirm-timeout when that is longer (as the other subcommands' requests do): a
        // springboard under callgrind (deploy/measure --springboard) takes ~3 s to encode `stats` with histograms.
        let control = LoadControl(
            endpoint: settings.controlEndpoint, timeoutMilliseconds: max(2000, settings.confirmTimeoutMilliseconds),
            curve: settings.curve)
        do {
            return try perform(settings, control)
        } catch let error as ControlClientError {
            FileHandle.standardError.write(Data("hid-source: \(error)\n".utf8))
            return 69
        } catch let error as ControlError {
            FileHandle.standardError.write(Data("hid-source: springboard refused a request: \(error)\n".utf8))
            return 69
        } catch let error as LoadTargetError {
            // Found out from springboard (no such app): said in a line, without the parser's usage text.
            FileHandle.standardError.write(Data("hid-source: \(error)\n".utf8))
            return 64
        }
    }

    private static func perform(_ settings: LoadSettings, _ control: LoadControl) throws -> Int32 {
        // First: a ^C from here on ends the run cleanly, so what the run changes below is always put back.
        Interruption.install()
        for warning in settings.baselineWarnings {
            FileHandle.standardError.write(Data("hid-source: warning: \(warning)\n".utf8))
        }
        if let directory = settings.histogramDirectory {
            do { try HistogramFiles.prepare(directory) } catch {
                FileHandle.standardError.write(Data("hid-source: --hgrm: \(error)\n".utf8))
                return 73
            }
        }
        let target = try control.target(requested: settings.app)
        let app = target.app
        let warnings = try control.warnings(for: app)
        for warning in warnings { FileHandle.standardError.write(Data("hid-source: warning: \(warning)\n".utf8)) }
        // Put back what was in front, whatever ends the run (after the drain: it runs last).
        defer { if let restore = target.restore { putBack(restore, control) } }
        let previous = try control.overload()
        var mode = previous
        if let wanted = settings.overload, wanted != previous { mode = try control.overload(wanted) }
        // The policy is springboard-wide: put back what the user had, whatever ends the run.
        defer { if mode != previous { _ = try? control.overload(previous) } }
        // Counters and histograms from zero, so the report holds this run only.
        _ = try control.stats(reset: true)

        let sender = try LoadSender(endpoint: settings.eventEndpoint, curve: settings.curve)
        // Keeps the socket open until the run is confirmed (see `LoadSender.close`).
        defer { sender.close() }
        let progress = LoadProgress(runControl: control, app: app)
        // What each process spends from the start of sending until the app has drained (hid-source included;
        // a process that cannot be found or read is left out, and the report says so).
        let cpu = CPUSampler([CPUSampler.Process(name: "source")] + ((try? control.processes(of: target)) ?? []))
        let sent = try LoadSendLoop(settings: settings, sender: sender, progress: progress).run()
        progress.finish()

        // Final: springboard cancels fingers a cut-short gesture left down. Under backpressure the marker waits
        // behind the frames still queued, like they did.
        let markerWait = UInt64(max(settings.confirmTimeoutMilliseconds, 10_000)) * 1_000_000
        let marker = EndMarker(senderID: settings.senderID, count: sent.offered, isFinal: true)
        let (source, confirmed): (SourceInfo?, Bool)
        if try sender.sendEndMarker(marker, timeoutNanoseconds: markerWait) {
            (source, confirmed) = try confirm(
                control, settings.senderID, offered: sent.offered,
                timeoutMilliseconds: settings.confirmTimeoutMilliseconds)
        } else {
            (source, confirmed) = (try? control.source(settings.senderID), false)
        }
        let drainedAt = try waitForDrain(control, app: app, timeoutMilliseconds: settings.drainTimeoutMilliseconds)
        let cpuNanoseconds = cpu.elapsed()
        if drainedAt != nil { try waitForPresents(control, app: app) }
        let stats = try control.stats(histograms: true)

        let report = LoadReport(
            LoadOutcome(
                settings: settings, app: app, overload: mode, sent: sent, source: source,
                confirmed: confirmed, drainedAt: drainedAt, stats: stats, cpuNanoseconds: cpuNanoseconds,
                warnings: warnings))
        var files: [String] = []
        var filesError: Error?
        if let directory = settings.histogramDirectory {
            var histograms = stats.histograms ?? [:]
            histograms["sourceSend"] = sent.sourceSend
            // A failure here still prints the report (the run happened); it is said after it.
            do { files = try HistogramFiles.write(histograms, to: directory) } catch { filesError = error }
        }
        if settings.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.text)
            if !files.isEmpty { print("histograms (µs): \(files.joined(separator: " "))") }
        }
        if report.behindSchedule > 0 {
            FileHandle.standardError.write(
                Data(
                    ("hid-source: the sender fell behind --rate: \(report.behindSchedule) frame(s) due before the end of "
                        + "--duration were not sent\n").utf8))
        }
        // Every problem is said; the exit status is the first that applies, in the order of `load --help`.
        var status: Int32?
        func fail(_ code: Int32, _ message: String) {
            FileHandle.standardError.write(Data("hid-source: \(message)\n".utf8))
            status = status ?? code
        }
        if !confirmed {
            fail(69, "springboard did not confirm the end marker (read \(source?.received ?? 0) of \(sent.offered))")
        }
        if report.unexplained != 0 || !report.drained {
            fail(1, "\(report.unexplained) frame(s) unexplained\(report.drained ? "" : ", \(app) did not drain")")
        }
        if let filesError { fail(73, "--hgrm: could not write the histograms: \(filesError.localizedDescription)") }
        // 128 + the signal, as a shell reports a command a signal ended: the report is there, but the run was cut
        // short (130 for ^C).
        if sent.interrupted { status = status ?? 128 + (Interruption.receivedSignal ?? SIGINT) }
        return status ?? 0
    }

    /// Polls `source` until springboard has read the final marker and everything before it. The deadline
    /// moves while `received` still grows: a long backlog (backpressure) is progress, not a lost marker.
    private static func confirm(
        _ control: LoadControl, _ senderID: UInt64, offered: UInt64,
        timeoutMilliseconds: Int
    ) throws -> (SourceInfo?, Bool) {
        let patience = UInt64(timeoutMilliseconds) * 1_000_000
        var deadline = MonotonicClock.now + patience
        var last: SourceInfo?
        while true {
            let source = try control.source(senderID)
            if source.endReceived, source.received >= offered { return (source, true) }
            if let last, source.received > last.received { deadline = MonotonicClock.now + patience }
            last = source
            if MonotonicClock.now >= deadline { return (last, false) }
            MonotonicClock.sleep(until: MonotonicClock.now + 2_000_000)
        }
    }

    /// Waits until the app has nothing in flight or queued; returns when that was seen, or nil at the timeout.
    /// Brings back what was in front before the run; a refusal or no reply is said on stderr, not fatal.
    private static func putBack(_ restore: ControlCommand, _ control: LoadControl) {
        do { _ = try control.request(restore) } catch {
            FileHandle.standardError.write(Data("hid-source: could not put back what was in front (\(restore)): \(error)\n".utf8))
        }
    }

    /// An app with a display presents its last events a few frames after acknowledging them: waits (at most half
    /// a second) until none awaits its frame, so the report's touch-to-present holds the run's last events too.
    /// An app that sends no `frames` is not waited for.
    private static func waitForPresents(_ control: LoadControl, app: String) throws {
        let deadline = MonotonicClock.now + 500_000_000
        while MonotonicClock.now < deadline {
            guard let present = try control.stats().apps.first(where: { $0.bundleID == app })?.present,
                present.framesPresented > 0, present.awaiting > 0
            else { return }
            MonotonicClock.sleep(until: MonotonicClock.now + 2_000_000)
        }
    }

    private static func waitForDrain(_ control: LoadControl, app: String, timeoutMilliseconds: Int) throws -> UInt64? {
        let deadline = MonotonicClock.now + UInt64(timeoutMilliseconds) * 1_000_000
        while true {
            let now = MonotonicClock.now
            if let stats = try control.stats().apps.first(where: { $0.bundleID == app }), stats.inFlight == 0, stats.queued == 0 {
                return now
            }
            if now >= deadline { return nil }
            MonotonicClock.sleep(until: MonotonicClock.now + 2_000_000)
        }
    }
}
