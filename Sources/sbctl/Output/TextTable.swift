import AppChannel

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
        var lines = ["hops:"]
        for (name, value) in stats.hops.sorted(by: { $0.key < $1.key }) { lines.append("  \(name): \(value)") }
        lines.append("drops:" + (stats.drops.isEmpty ? " none" : ""))
        for (name, value) in stats.drops.sorted(by: { $0.key < $1.key }) { lines.append("  \(name): \(value)") }
        var rows = [["APP", "STATE", "SENT", "ACKED", "HANDLED", "CANCELS", "IN FLIGHT", "QUEUED", "DROPS"]]
        for app in stats.apps {
            let drops = app.drops.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            rows.append([app.bundleID, app.state, "\(app.sent)", "\(app.acked)", "\(app.handled)", "\(app.cancelsSent)",
                         "\(app.inFlight)", "\(app.queued)", drops.isEmpty ? "-" : drops])
        }
        lines.append(render(rows))
        lines.append("latency (us, mean / max over count):")
        var latency = [["HOP", "MEAN", "MAX", "COUNT"]]
        if let source = stats.latency["sourceToSpringBoard"] { latency.append(row("hid-source -> springboard", source)) }
        for app in stats.apps {
            for hop in ["springBoardToApp", "inApp", "ackBack", "ack"] {
                if let summary = app.latency[hop] { latency.append(row("\(app.bundleID) \(hop)", summary)) }
            }
        }
        lines.append(render(latency))
        lines.append("not responding: " + (stats.notResponding.isEmpty ? "none" : stats.notResponding.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }

    private static func row(_ name: String, _ summary: LatencySummary) -> [String] {
        ["  " + name, String(format1: summary.meanMicroseconds), String(format1: summary.maxMicroseconds), "\(summary.count)"]
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
