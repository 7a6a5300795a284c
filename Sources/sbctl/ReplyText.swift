import CommandLineSupport
import ControlProtocol

/// Human-readable renderings of control replies, as `TextTable`s.
enum ReplyText {
    static func apps(_ apps: [AppInfo]) -> String {
        guard !apps.isEmpty else { return "no apps registered" }
        var rows = [["BUNDLE ID", "NAME", "PID", "STATE", "PAGE", "SLOT", "TRACES CALLS"]]
        for app in apps {
            rows.append([
                app.bundleID, app.displayName, "\(app.pid)", app.state, "\(app.homePage)", "\(app.homeSlot)",
                app.tracesCalls.map { $0 ? "yes" : "no" } ?? "-",
            ])
        }
        return TextTable.render(rows)
    }

    static func sources(_ sources: [SourceInfo]) -> String {
        guard !sources.isEmpty else { return "no sources" }
        var rows = [["SENDER ID", "RECEIVED", "FINGERS DOWN", "IDLE MS", "GAPS", "MISSING", "TIMEOUTS", "CANCELS", "ENDED"]]
        for s in sources {
            rows.append([
                SenderID.text(s.senderID), "\(s.received)", "\(s.fingersDown)", "\(s.idleMilliseconds)", "\(s.sequenceGaps)",
                "\(s.framesMissing)", "\(s.timeouts)", "\(s.cancels)", s.endReceived ? "yes" : "no",
            ])
        }
        return TextTable.render(rows)
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
        var lines = [
            "overload policy: \(stats.overloadMode); counters over \(TextTable.oneDecimal(Double(stats.intervalNanoseconds) / 1e9)) s",
            "hops:",
        ]
        for (name, value) in stats.hops.sorted(by: { $0.key < $1.key }) { lines.append("  \(name): \(value)") }
        lines.append("drops:" + (stats.drops.isEmpty ? " none" : ""))
        for (name, value) in stats.drops.sorted(by: { $0.key < $1.key }) { lines.append("  \(name): \(value)") }
        var rows = [
            [
                "APP", "STATE", "ROUTED", "SENT", "SAMPLES", "COALESCED", "ACKED", "COALESCED IN APP", "CANCELS", "GIVE-UPS",
                "IN FLIGHT / WINDOW", "QUEUED", "DROPS",
            ]
        ]
        for app in stats.apps {
            let drops = Self.drops(app.drops)
            rows.append([
                app.bundleID, app.state, "\(app.routed)", "\(app.sent)", "\(app.samplesSent)", "\(app.coalescedSamples)",
                "\(app.acked)", "\(app.coalescedInApp)", "\(app.cancelsSent)", "\(app.giveUps)",
                "\(app.inFlight) / \(app.window)",
                "\(app.queued) (\(app.queuedSamples))", drops.isEmpty ? "-" : drops,
            ])
        }
        lines.append(TextTable.render(rows))
        lines.append("latency (µs):")
        var latency = [["HOP", "COUNT", "P50", "P90", "P99", "P99.9", "MAX", "MEAN"]]
        for hop in Self.hops { if let summary = stats.latency[hop] { latency.append(row(hop, summary)) } }
        for app in stats.apps where stats.apps.count > 1 {
            for hop in Self.hops { if let summary = app.latency[hop] { latency.append(row("\(app.bundleID) \(hop)", summary)) } }
        }
        lines.append(TextTable.render(latency))
        lines.append("not responding: " + (stats.notResponding.isEmpty ? "none" : stats.notResponding.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }

    /// `name=count` pairs in name order ("" when there are none).
    static func drops(_ drops: [String: UInt64], separator: String = ",") -> String {
        drops.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }.joined(separator: separator)
    }

    /// The hops in the order an event takes them (protocols/control.md).
    static let hops = [
        "sourceToSpringBoard", "springBoardQueue", "springBoardToApp", "appQueue", "dispatch", "ackBack",
        "ack", "endToEnd",
    ]

    private static func row(_ name: String, _ s: LatencySummary) -> [String] {
        ["  " + name, "\(s.count)"]
            + [
                s.p50Microseconds, s.p90Microseconds, s.p99Microseconds, s.p999Microseconds,
                s.maxMicroseconds, s.meanMicroseconds,
            ].map(TextTable.oneDecimal)
    }
}
