import CommandLineSupport
import ControlProtocol
import Foundation

extension LoadReport {
    /// The report as a terminal table.
    var text: String {
        var lines: [String] = []
        let pace = rate > 0 ? "\(rate == rate.rounded() ? format(rate, 0) : String(format: "%g", rate)) frames/s" : "flat out"
        lines.append(
            "hid-source load → \(app): \(pace), \(overload), \(fingers) finger\(fingers == 1 ? "" : "s"), mix \(mix) (seed \(seed))"
                + (interrupted ? ", interrupted" : ""))
        let dropText =
            drops.isEmpty ? "none" : drops.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        let elsewhereText = elsewhere.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        lines.append(
            TextTable.render(
                [
                    ["frames", ""],
                    [
                        "  offered",
                        "\(offered)"
                            + (behindSchedule > 0
                                ? " (\(behindSchedule) more were due: the sender fell behind the rate, and the duration ended)"
                                : ""),
                    ],
                    ["  received by springboard", "\(received)" + (sequenceGaps > 0 ? " (\(sequenceGaps) sequence gaps)" : "")],
                    ["  routed to the app", "\(routed)"],
                    ["  delivered", "\(delivered)" + (coalesced > 0 ? " (springboard coalesced \(coalesced) moves)" : "")],
                    ["  queued / in flight", "\(queued) / \(inFlight) events" + (drained ? "" : " (the app did not drain)")],
                    ["  lost", "\(lost)" + (lost > 0 ? " (\(dropText))" : "")],
                    ["  consumed elsewhere", elsewhereText.isEmpty ? "0" : elsewhereText.joined(separator: ", ")],
                    ["  unexplained", "\(unexplained)" + (unexplained == 0 ? "" : "  ← frames nobody accounts for")],
                    ["events", ""],
                    [
                        "  sent to the app",
                        "\(events)" + (cancelsSent > 0 ? " (\(cancelsSent) cancel\(cancelsSent == 1 ? "" : "s"))" : "")
                            + (giveUps > 0 ? ", \(giveUps) give-up\(giveUps == 1 ? "" : "s")" : ""),
                    ],
                    ["  dispatched (acknowledged)", "\(dispatched)"],
                    [
                        "  sendEvent calls in the app",
                        "\(sendEvents)"
                            + (coalescedInApp > 0 ? " (UIKit coalesced \(coalescedInApp) queued moves)" : ""),
                    ],
                    [
                        "throughput",
                        "over the \(format(sendSeconds, 3)) s send interval"
                            + (drainSeconds.map { "; drained at \(format($0, 3)) s" } ?? ""),
                    ],
                    ["  offered", "\(format(throughput.offeredPerSecond, 0)) frames/s"],
                    ["  delivered", "\(format(throughput.deliveredPerSecond, 0)) frames/s"],
                    ["  dispatched", "\(format(throughput.dispatchedEventsPerSecond, 0)) events/s"],
                    ["  sendEvent", "\(format(throughput.sendEventsPerSecond, 0)) calls/s"],
                ], rightAlignedFrom: 99))
        var rows = [["latency (µs)", "count", "p50", "p90", "p99", "p99.9", "max"]]
        for hop in HopLatency.ordered(latency) {
            guard let l = latency[hop] else { continue }
            rows.append([
                "  " + hop, "\(l.count)", format(l.p50, 1), format(l.p90, 1), format(l.p99, 1), format(l.p999, 1),
                format(l.max, 1),
            ])
        }
        lines.append(TextTable.render(rows, rightAlignedFrom: 1))
        if let cpu { lines.append(cpu.line(order: ["source", "springboard", "app"])) }
        if let baseline {
            lines.append(
                "against the raw relay (\(baseline.file)): \(format(baseline.relayFramesPerSecond, 0)) frames/s, "
                    + "endToEnd p50 \(format(baseline.relayEndToEndP50, 1)) µs, p99 \(format(baseline.relayEndToEndP99, 1)) µs")
            lines.append(
                "  throughput \(ratio(baseline.throughput)) of the relay's; endToEnd p50 \(ratio(baseline.endToEndP50)), "
                    + "p99 \(ratio(baseline.endToEndP99)) the relay's")
        }
        return lines.joined(separator: "\n")
    }

    private func ratio(_ value: Double?) -> String { value.map { "\(format($0, 2))×" } ?? "n/a" }

    private func format(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }
}
