import ArgumentParser
import CommandLineSupport
import ControlProtocol
import Foundation
import RunLoopKit

#if canImport(Glibc)
    import Glibc
#endif

/// `sbctl top`: a live view of a running springboard, refreshed in place every `--interval` seconds until
/// Ctrl-C: apps and their states, the foreground, events per second at every hop and per app (from the
/// counters' change between two refreshes), latency percentiles per hop, drops with reasons.
struct TopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "top",
        abstract: "Live view: apps and states, foreground, events/s per hop, latency percentiles, drops (Ctrl-C quits).",
        discussion:
            "On a terminal the view is redrawn in place; otherwise (a pipe, a file) each refresh is printed after the "
            + "previous one. --count N stops after N refreshes.")

    @Option(name: .long, help: "Seconds between refreshes.")
    var interval: Double = 1

    @Option(name: .long, help: "Stop after this many refreshes (default: until Ctrl-C).")
    var count: Int?

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard interval.isFinite, interval >= 0.05, interval <= 3600 else {
            throw ValidationError("--interval must be between 0.05 and 3600 seconds")
        }
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
    }

    func run() throws {
        Interruption.install()
        let terminal = isatty(STDOUT_FILENO) == 1
        let client = try ControlClient(endpoint: connection.endpoint, timeoutMilliseconds: connection.timeout)
        var previous: TopSnapshot?
        var refreshes = 0
        var answered = false
        while !Interruption.requested {
            let snapshot = TopSnapshot.take(client)
            answered = answered || snapshot.stats != nil
            let frame = TopView.render(snapshot, previous: previous, endpoint: connection.endpoint)
            // Home and clear, then the frame: redrawn in place on a terminal.
            // Unbuffered, so a pipe sees each refresh when it is made.
            FileHandle.standardOutput.write(Data((terminal ? "\u{1B}[H\u{1B}[2J" + frame + "\n" : frame + "\n\n").utf8))
            if snapshot.stats != nil { previous = snapshot }
            refreshes += 1
            if let count, refreshes >= count { break }
            var waited = 0.0
            while waited < interval, !Interruption.requested {
                usleep(50_000)
                waited += 0.05
            }
        }
        if !answered { throw ExitCode(.unavailable) }
    }
}

/// One refresh of `sbctl top`: what springboard answered, and when.
struct TopSnapshot {
    var time: Date
    var stats: StatsInfo?
    var status: StatusInfo?
    var apps: [AppInfo]?
    var error: String?

    static func take(_ client: ControlClient) -> TopSnapshot {
        var snapshot = TopSnapshot(time: Date())
        do {
            snapshot.status = try client.request(.status).status
            snapshot.apps = try client.request(.apps).apps
            snapshot.stats = try client.request(.stats()).stats
        } catch {
            snapshot.error = "\(error)"
        }
        return snapshot
    }
}

/// The text of one refresh: a header, hops with totals and rates, apps, latency percentiles, drops.
enum TopView {
    static func render(_ now: TopSnapshot, previous: TopSnapshot?, endpoint: String) -> String {
        guard let stats = now.stats, let status = now.status else {
            return "sbctl top — springboard not answering on \(endpoint): \(now.error ?? "no reply") (retrying)"
        }
        let seconds = previous.map { now.time.timeIntervalSince($0.time) } ?? 0
        func rate(_ value: UInt64, _ old: UInt64?) -> String {
            guard let old, seconds > 0, value >= old else { return "-" }
            return TextTable.oneDecimal(Double(value - old) / seconds)
        }
        var lines = [
            "sbctl top — springboard pid \(status.pid), up \(TextTable.oneDecimal(Double(status.uptimeMilliseconds) / 1000)) s, "
                + "policy \(stats.overloadMode)",
            "foreground: \(status.foreground ?? "home screen (page \(status.homePage + 1) of \(status.homePageCount))")"
                + " · gesture: \(status.gestureTarget) (\(status.liveTouches) touch(es) down)",
            "",
        ]
        var hops = [["HOP", "TOTAL", "PER S"]]
        for (name, value) in stats.hops.sorted(by: { $0.key < $1.key }) {
            hops.append([name, "\(value)", rate(value, previous?.stats?.hops[name])])
        }
        lines.append(TextTable.render(hops, rightAligned: [1, 2]))
        lines.append("")
        var apps = [["APP", "STATE", "SLOT", "ROUTED/S", "SENT/S", "ACKED/S", "IN FLIGHT/WINDOW", "QUEUED", "DROPS"]]
        for app in stats.apps {
            let old = previous?.stats?.apps.first { $0.bundleID == app.bundleID }
            let slot = now.apps?.first { $0.bundleID == app.bundleID }.map { "\($0.homeSlot)" } ?? "-"
            let drops = ReplyText.drops(app.drops)
            apps.append([
                app.bundleID, app.state, slot, rate(app.routed, old?.routed), rate(app.sent, old?.sent),
                rate(app.acked, old?.acked), "\(app.inFlight)/\(app.window)", "\(app.queued)", drops.isEmpty ? "-" : drops,
            ])
        }
        lines.append(stats.apps.isEmpty ? "no apps registered" : TextTable.render(apps))
        lines.append("")
        var latency = [["LATENCY (us)", "COUNT", "P50", "P90", "P99", "P99.9", "MAX"]]
        for hop in ReplyText.hops {
            guard let s = stats.latency[hop] else { continue }
            latency.append(
                [hop, "\(s.count)"]
                    + [s.p50Microseconds, s.p90Microseconds, s.p99Microseconds, s.p999Microseconds, s.maxMicroseconds]
                    .map(TextTable.oneDecimal))
        }
        lines.append(TextTable.render(latency, rightAligned: [1, 2, 3, 4, 5, 6]))
        let drops = ReplyText.drops(stats.drops, separator: ", ")
        lines.append("")
        lines.append("drops: " + (drops.isEmpty ? "none" : drops))
        lines.append("not responding: " + (stats.notResponding.isEmpty ? "none" : stats.notResponding.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }
}
