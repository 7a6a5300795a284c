import AppChannel
import ControlProtocol

/// Human-readable renderings of control replies.
enum TextTable {
    static func apps(_ apps: [AppInfo]) -> String {
        guard !apps.isEmpty else { return "no apps registered" }
        var rows = [["BUNDLE ID", "NAME", "PID", "STATE", "PAGE", "SLOT"]]
        for app in apps {
            rows.append([app.bundleID, app.displayName, "\(app.pid)", app.state, "\(app.homePage)", "\(app.homeSlot)"])
        }
        return render(rows)
    }

    static func status(_ status: StatusInfo) -> String {
        [
            "springboard pid:  \(status.pid)",
            "foreground:       \(status.foreground ?? "home screen (page \(status.homePage + 1) of \(status.homePageCount))")",
            "gesture:          \(status.gestureTarget) (\(status.liveTouches) touch(es) down)",
            "registered apps:  \(status.registeredApps)",
            "events endpoint:  \(status.eventEndpoint)",
            "apps endpoint:    \(status.appEndpoint)",
            "control endpoint: \(status.controlEndpoint)",
            "uptime:           \(Double(status.uptimeMilliseconds) / 1000) s",
        ].joined(separator: "\n")
    }

    static func stats(_ stats: StatsInfo) -> String {
        var lines = ["overload policy: \(stats.overloadMode); counters over \(String(format1: Double(stats.intervalNanoseconds) / 1e9)) s", "hops:"]
        for (name, value) in stats.hops.sorted(by: { $0.key < $1.key }) { lines.append("  \(name): \(value)") }
        lines.append("drops:" + (stats.drops.isEmpty ? " none" : ""))
        for (name, value) in stats.drops.sorted(by: { $0.key < $1.key }) { lines.append("  \(name): \(value)") }
        var rows = [["APP", "STATE", "ROUTED", "SENT", "SAMPLES", "COALESCED", "ACKED", "CANCELS", "GIVE-UPS", "IN FLIGHT / WINDOW",
                     "QUEUED", "DROPS"]]
        for app in stats.apps {
            let drops = app.drops.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            rows.append([app.bundleID, app.state, "\(app.routed)", "\(app.sent)", "\(app.samplesSent)", "\(app.coalescedSamples)",
                         "\(app.acked)", "\(app.cancelsSent)", "\(app.giveUps)", "\(app.inFlight) / \(app.window)",
                         "\(app.queued) (\(app.queuedSamples))", drops.isEmpty ? "-" : drops])
        }
        lines.append(render(rows))
        lines.append("latency (us):")
        var latency = [["HOP", "COUNT", "P50", "P90", "P99", "P99.9", "MAX", "MEAN"]]
        for hop in Self.hops { if let summary = stats.latency[hop] { latency.append(row(hop, summary)) } }
        for app in stats.apps where stats.apps.count > 1 {
            for hop in Self.hops { if let summary = app.latency[hop] { latency.append(row("\(app.bundleID) \(hop)", summary)) } }
        }
        lines.append(render(latency))
        lines.append("not responding: " + (stats.notResponding.isEmpty ? "none" : stats.notResponding.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }

    /// The hops in the order an event takes them (protocols/control.md).
    static let hops = ["sourceToSpringBoard", "springBoardQueue", "springBoardToApp", "appQueue", "dispatch", "ackBack",
                       "ack", "endToEnd"]

    private static func row(_ name: String, _ s: LatencySummary) -> [String] {
        ["  " + name, "\(s.count)"] + [s.p50Microseconds, s.p90Microseconds, s.p99Microseconds, s.p999Microseconds,
                                        s.maxMicroseconds, s.meanMicroseconds].map { String(format1: $0) }
    }

    private static func render(_ rows: [[String]]) -> String {
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        return rows.map { row in
            row.enumerated().map { i, cell in cell + String(repeating: " ", count: widths[i] - cell.count) }
                .joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }
}

extension String {
    init(format1 value: Double) {
        let tenths = (value * 10).rounded()
        self = "\(Int(tenths) / 10).\(abs(Int(tenths)) % 10)"
    }

    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
