import CommandLineSupport
import ControlProtocol

/// Human-readable renderings of control replies, as `TextTable`s (sbctl's output).
public enum ReplyText {
    public static func apps(_ apps: [AppInfo]) -> String {
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

    public static func sources(_ sources: [SourceInfo]) -> String {
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

    public static func status(_ status: StatusInfo) -> String {
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

    public static func stats(_ stats: StatsInfo) -> String {
        var lines = [
            "overload policy: \(stats.overloadMode); counters over \(TextTable.oneDecimal(Double(stats.intervalNanoseconds) / 1e9)) s",
            "hops:",
        ]
        // In the order a frame meets them (protocols/control.md lists the same keys), zeros included.
        for (_, names) in counterStages(stats.hops.keys) {
            for name in names { lines.append("  \(name): \(stats.hops[name] ?? 0)") }
        }
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
    public static func drops(_ drops: [String: UInt64], separator: String = ",") -> String {
        drops.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }.joined(separator: separator)
    }

    /// springboard's counters (`stats`' `hops`) by stage, in the order a frame meets them: read from a source, routed
    /// (or consumed or dropped), sent to and acknowledged by an app; then the apps' lives, and the operator's side.
    public static let counterOrder: [(stage: String, names: [String])] = [
        (
            "source",
            [
                "eventPortReceived", "digitizerFrames", "buttonEvents", "motionEvents", "keepAlives", "endMarkers",
                "markersRefused", "sequenceGaps", "framesMissing", "sequenceRegressions", "sourceTimeouts",
                "sourcesCancelled", "sourceDisconnects",
            ]
        ),
        (
            "routing",
            [
                "eventPortPauses", "eventPortDropped", "homeButtonFrames", "homeButtonPresses", "consumedBySystem",
                "routedToHome", "routedToApp", "coalescedSamples", "cancelsSynthesized", "outgoingStreamErrors",
            ]
        ),
        ("app", ["ackMessages", "acks", "implicitAcks", "lostInFlight", "giveUps", "notRespondingTransitions", "heartbeats"]),
        (
            "lifecycle",
            [
                "channelProbes", "registrations", "registrationsRefused", "unregisteredMessages", "foregroundChanges",
                "launches", "launchedExits", "appsKilled",
            ]
        ),
        (
            "operator",
            [
                "authAccepted", "authRefused", "controlRequests", "controlRefused", "monitorRecords",
                "monitorRecordsDropped", "logLinesSuppressed",
            ]
        ),
    ]
    public static let stageLabelWidth = 9

    /// `names` (a reply's counters) by stage in pipeline order; a counter this sbctl does not know (a newer
    /// springboard's) comes last, under `other`, in name order, so none is ever hidden.
    public static func counterStages(_ names: some Sequence<String>) -> [(stage: String, names: [String])] {
        let present = Set(names)
        var stages = counterOrder.map { (stage: $0.stage, names: $0.names.filter(present.contains)) }
        let known = Set(counterOrder.flatMap(\.names))
        stages.append((stage: "other", names: present.subtracting(known).sorted()))
        return stages.filter { !$0.names.isEmpty }
    }

    /// The hops in the order an event takes them (protocols/control.md).
    public static let hops = [
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
