import CommandLineSupport
import ControlProtocol
import Foundation

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
            let drops = app.drops.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }.joined(separator: ",")
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
        let drops = stats.drops.sorted(by: { $0.key < $1.key }).map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        lines.append("")
        lines.append("drops: " + (drops.isEmpty ? "none" : drops))
        lines.append("not responding: " + (stats.notResponding.isEmpty ? "none" : stats.notResponding.joined(separator: ", ")))
        return lines.joined(separator: "\n")
    }
}
