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
            "On a terminal the view is redrawn in place and fitted to its size; otherwise (a pipe, a file) each refresh "
            + "is printed after the previous one, fitted to 40 rows of 120 columns. Apps, rates and latency come first, "
            + "then the counters that are not zero, in the order a frame meets them. --count N stops after N refreshes.")

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
        let curve = try connection.curve.client()
        func connect() throws -> ControlClient {
            try ControlClient(endpoint: connection.endpoint, timeoutMilliseconds: connection.timeout, curve: curve)
        }
        var client = try connect()
        var previous: TopSnapshot?
        var refreshes = 0
        var answered = false
        while !Interruption.requested {
            let snapshot = TopSnapshot.take(client)
            answered = answered || snapshot.stats != nil
            let size = terminal ? Self.terminalSize() : nil
            let frame = TopView.render(
                snapshot, previous: previous, endpoint: connection.endpoint, width: size?.columns ?? 120, height: size?.rows ?? 40
            )
            // Home and clear, then the frame: redrawn in place on a terminal.
            // Unbuffered, so a pipe sees each refresh when it is made.
            FileHandle.standardOutput.write(Data((terminal ? "\u{1B}[H\u{1B}[2J" + frame + "\n" : frame + "\n\n").utf8))
            if snapshot.stats != nil { previous = snapshot }
            // A request socket whose reply never came cannot send again: the next refresh asks on a new one.
            if snapshot.error != nil { client = try connect() }
            refreshes += 1
            if let count, refreshes >= count { break }
            var waited = 0.0
            while waited < interval, !Interruption.requested {
                usleep(50_000)
                waited += 0.05
            }
        }
        if !answered { throw ExitCode(2) }
    }

    /// The terminal's rows and columns (a redraw must fit: one row is the cursor's), nil when unknown.
    static func terminalSize() -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_row) - 1, Int(size.ws_col))
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

/// The text of one refresh, fitted to the screen (issue 26: a 40-row pane must show it whole): what a user
/// looks at first, the apps with their rates and the latency per hop, then the counters that are not zero, in
/// the order a frame meets them (`ReplyText.counterStages`), each with its name, packed into lines of the
/// screen's width. When the apps do not fit, the foreground and the busiest are shown and the rest counted.
enum TopView {
    static func render(
        _ now: TopSnapshot, previous: TopSnapshot?, endpoint: String, width: Int = 120, height: Int = 40
    ) -> String {
        guard let stats = now.stats, let status = now.status else {
            return "sbctl top — springboard not answering on \(endpoint): \(now.error ?? "no reply") (retrying)"
        }
        let seconds = previous.map { now.time.timeIntervalSince($0.time) } ?? 0
        func perSecond(_ value: UInt64, _ old: UInt64?) -> Double? {
            guard let old, seconds > 0, value >= old else { return nil }
            return Double(value - old) / seconds
        }
        func rate(_ value: UInt64, _ old: UInt64?) -> String { perSecond(value, old).map(TextTable.oneDecimal) ?? "-" }
        let hops = stats.hops, oldHops = previous?.stats?.hops
        func hopRate(_ name: String) -> String { rate(hops[name] ?? 0, oldHops?[name]) }

        let head = [
            "sbctl top — springboard pid \(status.pid) on \(endpoint), up \(TextTable.oneDecimal(Double(status.uptimeMilliseconds) / 1000)) s, "
                + "policy \(stats.overloadMode)",
            "foreground: \(status.foreground ?? "home screen (page \(status.homePage + 1) of \(status.homePageCount))")"
                + " · gesture: \(status.gestureTarget) (\(status.liveTouches) touch(es) down)",
            "per s: frames read \(hopRate("eventPortReceived")) · to apps \(hopRate("routedToApp")) · "
                + "to home \(hopRate("routedToHome")) · events acked \(hopRate("acks")) · dropped \(hopRate("eventPortDropped"))",
            "",
        ]
        var latency = [["LATENCY (us)", "COUNT", "P50", "P90", "P99", "P99.9", "MAX"]]
        for hop in ReplyText.hops {
            guard let s = stats.latency[hop] else { continue }
            latency.append(
                [hop, "\(s.count)"]
                    + [s.p50Microseconds, s.p90Microseconds, s.p99Microseconds, s.p999Microseconds, s.maxMicroseconds]
                    .map(TextTable.oneDecimal))
        }
        let latencyLines = TextTable.render(latency, rightAligned: [1, 2, 3, 4, 5, 6]).components(separatedBy: "\n")

        // Counters: only the non-zero ones, each `name=total`, with `+rate/s` while it moves.
        var counterLines = ["COUNTERS (non-zero, in pipeline order; total, +per s)"]
        for (stage, names) in ReplyText.counterStages(hops.keys) {
            let items = names.compactMap { name -> String? in
                guard let value = hops[name], value > 0 else { return nil }
                let moving = perSecond(value, oldHops?[name]).flatMap { $0 > 0 ? " +" + TextTable.oneDecimal($0) : nil }
                return "\(name)=\(value)\(moving ?? "")"
            }
            counterLines += pack(items, label: stage, width: width)
        }
        if counterLines.count == 1 { counterLines.append("  none yet") }
        let drops = ReplyText.drops(stats.drops, separator: ", ")
        let tail = [
            "drops: " + (drops.isEmpty ? "none" : drops) + " · not responding: "
                + (stats.notResponding.isEmpty ? "none" : stats.notResponding.joined(separator: ", "))
        ]

        // The screen is shared: the apps get their rows first (at least ten of them when there are more), the
        // counters what is left; whichever does not fit says how many more there are, and `sbctl stats` lists all.
        let available = height - (head.count + 1 + latencyLines.count + 1 + 1 + tail.count)
        var counterBody = Array(counterLines.dropFirst())
        let appNeed = 1 + stats.apps.count
        let appRows = min(appNeed, max(min(appNeed, 12), available - counterBody.count))
        if counterBody.count > available - appRows {
            let keep = max(0, available - appRows - 1)
            let hiddenCounters = counterBody.dropFirst(keep).joined(separator: " ").split(separator: "=").count - 1
            counterBody =
                Array(counterBody.prefix(keep)) + ["  … and \(hiddenCounters) more counter(s) (sbctl stats lists every one)"]
        }
        counterLines = [counterLines[0]] + counterBody
        var appLines: [String]
        if stats.apps.isEmpty {
            appLines = ["no apps registered"]
        } else {
            var shown = stats.apps
            var hidden = 0
            if appNeed > appRows {
                // The foreground first, then the busiest; one row says how many more there are.
                let busy = { (app: AppStats) -> UInt64 in
                    app.routed - min(app.routed, previous?.stats?.apps.first { $0.bundleID == app.bundleID }?.routed ?? 0)
                }
                shown.sort { a, b in
                    let af = a.bundleID == status.foreground, bf = b.bundleID == status.foreground
                    if af != bf { return af }
                    return busy(a) != busy(b) ? busy(a) > busy(b) : a.bundleID < b.bundleID
                }
                shown = Array(shown.prefix(appRows - 2))
                hidden = stats.apps.count - shown.count
            }
            var rows = [["APP", "STATE", "SLOT", "ROUTED/S", "SENT/S", "ACKED/S", "IN FLIGHT/WINDOW", "QUEUED", "DROPS"]]
            for app in shown {
                let old = previous?.stats?.apps.first { $0.bundleID == app.bundleID }
                let slot = now.apps?.first { $0.bundleID == app.bundleID }.map { "\($0.homeSlot)" } ?? "-"
                let drops = ReplyText.drops(app.drops)
                rows.append([
                    app.bundleID, app.state, slot, rate(app.routed, old?.routed), rate(app.sent, old?.sent),
                    rate(app.acked, old?.acked), "\(app.inFlight)/\(app.window)", "\(app.queued)", drops.isEmpty ? "-" : drops,
                ])
            }
            appLines = TextTable.render(rows).components(separatedBy: "\n")
            if hidden > 0 { appLines.append("… and \(hidden) more app(s) (sbctl stats lists every one)") }
        }
        // Never wider than the screen: a wrapped line would push the top off it.
        return (head + appLines + [""] + latencyLines + [""] + counterLines + tail).map {
            $0.count > width ? String($0.prefix(width - 1)) + "…" : $0
        }
        .joined(separator: "\n")
    }

    /// `items` in lines of at most `width` columns, the first starting with `label`, the others indented as far.
    static func pack(_ items: [String], label: String, width: Int) -> [String] {
        guard !items.isEmpty else { return [] }
        let indent = String(repeating: " ", count: 2 + ReplyText.stageLabelWidth + 1)
        var lines: [String] = []
        var line = "  " + label.padding(toLength: ReplyText.stageLabelWidth, withPad: " ", startingAt: 0) + " "
        var empty = true
        for item in items {
            if !empty, line.count + 1 + item.count > width {
                lines.append(line)
                line = indent
                empty = true
            }
            line += (empty ? "" : " ") + item
            empty = false
        }
        lines.append(line)
        return lines
    }
}
