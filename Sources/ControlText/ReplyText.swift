import CommandLineSupport
import ControlProtocol
import Foundation

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
        lines += present(stats)
        lines.append("not responding: " + (stats.notResponding.isEmpty ? "none" : stats.notResponding.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }

    /// The display's figures (`present`): a summary line, then touch-to-present by kind, all apps and (with more than
    /// one) per app; "n/a" when no app sent `frames` (an app without a display, or an older one).
    public static func present(_ stats: StatsInfo) -> [String] {
        guard let all = stats.present else { return ["touch-to-present: n/a (springboard does not read `frames`)"] }
        guard all.framesPresented > 0 else {
            let samples = all.samplesPerMove.map { String(format: "%.2f", $0) } ?? "n/a"
            return ["display: no app sent `frames` (touch-to-present n/a); samples per move \(samples)"]
        }
        var lines = ["display: " + presentSummary(all), "touch-to-present (µs):"]
        var rows = [["KIND", "COUNT", "P50", "P90", "P99", "P99.9", "MAX", "MEAN"]]
        for kind in PresentStats.kinds { if let summary = all.touchToPresent[kind] { rows.append(row(kind, summary)) } }
        let presenting = stats.apps.filter { ($0.present?.framesPresented ?? 0) > 0 }
        for app in stats.apps where stats.apps.count > 1 {
            guard let present = app.present else { continue }
            guard present.framesPresented > 0 else {
                if !presenting.isEmpty { rows.append(["  \(app.bundleID)", "n/a", "", "", "", "", "", ""]) }
                continue
            }
            for kind in PresentStats.kinds {
                if let summary = present.touchToPresent[kind] { rows.append(row("\(app.bundleID) \(kind)", summary)) }
            }
        }
        lines.append(TextTable.render(rows))
        return lines
    }

    /// One line of `present`'s counters: frames, events, samples per move.
    public static func presentSummary(_ p: PresentStats) -> String {
        var text = "frames presented \(p.framesPresented), missed \(p.framesMissed)"
        if let hz = p.refreshHz { text += " at \(hz) Hz" }
        text += "; events presented \(p.eventsPresented) of \(p.eventsTracked) tracked (awaiting \(p.awaiting)"
        text += ", overwritten \(p.eventsOverwritten), abandoned \(p.eventsAbandoned))"
        if p.sequencesUnknown > 0 { text += "; unknown sequences \(p.sequencesUnknown)" }
        if p.framesMalformed > 0 { text += "; malformed frames \(p.framesMalformed)" }
        text += "; samples per move " + (p.samplesPerMove.map { String(format: "%.2f", $0) } ?? "n/a")
        return text
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
