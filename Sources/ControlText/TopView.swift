import CommandLineSupport
import ControlProtocol
import Foundation

/// One refresh of `sbctl top`: what springboard answered, and when.
public struct TopSnapshot {
    public var time: Date
    public var stats: StatsInfo?
    public var status: StatusInfo?
    public var apps: [AppInfo]?
    public var error: String?

    public init(time: Date, stats: StatsInfo? = nil, status: StatusInfo? = nil, apps: [AppInfo]? = nil, error: String? = nil) {
        self.time = time
        self.stats = stats
        self.status = status
        self.apps = apps
        self.error = error
    }

    public static func take(_ client: ControlClient) -> TopSnapshot {
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
public enum TopView {
    public static func render(
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

        var head = [
            "sbctl top — springboard pid \(status.pid) on \(endpoint), up \(TextTable.oneDecimal(Double(status.uptimeMilliseconds) / 1000)) s, "
                + "policy \(stats.overloadMode)",
            "foreground: \(status.foreground ?? "home screen (page \(status.homePage + 1) of \(status.homePageCount))")"
                + " · gesture: \(status.gestureTarget) (\(status.liveTouches) touch(es) down)",
            "per s: frames read \(hopRate("eventPortReceived")) · to apps \(hopRate("routedToApp")) · "
                + "to home \(hopRate("routedToHome")) · events acked \(hopRate("acks")) · dropped \(hopRate("eventPortDropped"))",
            "",
        ]
        // The display (`frames`): a line while any app presents, and touch-to-present by kind among the hops.
        if let present = stats.present, present.framesPresented > 0 {
            let old = previous?.stats?.present
            head.insert(
                "display: frames/s \(rate(present.framesPresented, old?.framesPresented)) · missed "
                    + "\(present.framesMissed) (\(rate(present.framesMissed, old?.framesMissed))/s) · samples/move "
                    + (present.samplesPerMove.map { TextTable.oneDecimal($0) } ?? "-") + " · awaiting \(present.awaiting)"
                    + (present.sequencesUnknown + present.framesMalformed > 0
                        ? " · unknown \(present.sequencesUnknown), malformed \(present.framesMalformed)" : ""),
                at: head.count - 1)
        }
        var latency = [["LATENCY (us)", "COUNT", "P50", "P90", "P99", "P99.9", "MAX"]]
        for hop in ReplyText.hops {
            guard let s = stats.latency[hop] else { continue }
            latency.append(
                [hop, "\(s.count)"]
                    + [s.p50Microseconds, s.p90Microseconds, s.p99Microseconds, s.p999Microseconds, s.maxMicroseconds]
                    .map(TextTable.oneDecimal))
        }
        for kind in PresentStats.kinds {
            guard let s = stats.present?.touchToPresent[kind] else { continue }
            latency.append(
                ["present \(kind)", "\(s.count)"]
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
