import CommandLineSupport
import ControlProtocol
import Foundation
import LoadGeneration

/// The baseline's report (`hid-bench relay --json`): one JSON object, keys sorted, times in microseconds.
/// `framesPerSecond` and `latency.endToEnd` are what `hid-source load --baseline` divides by.
struct RelayReport: Codable {
    var kind = "relay"
    var rate: Double
    var fingers: Int
    var frameBytes: Int
    var window: Int
    var interrupted: Bool
    var offered: UInt64
    /// Due before the end of --duration but not sent: the source fell behind --rate (as in `hid-source load`).
    var behindSchedule: UInt64
    /// Read by the relay and sent on to the sink.
    var forwarded: UInt64
    /// Acknowledged by the sink (so read by it).
    var delivered: UInt64
    /// t0 → the last frame taken by the source's socket; t0 → the last ack back at the relay.
    var sendSeconds: Double
    var drainSeconds: Double
    /// Over the send interval, as `hid-source load` counts them.
    var offeredPerSecond: Double
    var framesPerSecond: Double
    var latency: [String: HopLatency]
    /// CPU per process (the source in this process, the relay, the sink) per delivered frame, as `hid-source
    /// load` reports the pipeline's; nil when no frame was delivered.
    var cpu: CPUCost?

    static let hopOrder = ["sourceSend"] + RelayHop.allCases.map(\.rawValue)

    var text: String {
        let pace = rate > 0 ? String(format: "%.0f frames/s", rate) : "flat out"
        var lines = [
            "hid-bench relay: source PUSH → relay PULL/ROUTER → sink DEALER, acks back; \(fingers)-finger frames of \(frameBytes) bytes, \(pace), window \(window)"
                + (interrupted ? ", interrupted" : ""),
            "  offered \(offered), forwarded \(forwarded), delivered \(delivered)"
                + (behindSchedule > 0 ? " (\(behindSchedule) more were due: the source fell behind the rate)" : ""),
            String(
                format: "  over the %.3f s send interval (drained at %.3f s): offered %.0f frames/s, delivered %.0f frames/s",
                sendSeconds, drainSeconds, offeredPerSecond, framesPerSecond),
        ]
        var rows = [["latency (µs)", "count", "p50", "p90", "p99", "p99.9", "max"]]
        for hop in Self.hopOrder {
            guard let l = latency[hop] else { continue }
            rows.append(["  " + hop, "\(l.count)"] + [l.p50, l.p90, l.p99, l.p999, l.max].map { String(format: "%.1f", $0) })
        }
        lines.append(TextTable.render(rows, rightAlignedFrom: 1))
        if let cpu { lines.append(cpu.line(order: ["source", "relay", "sink"])) }
        return lines.joined(separator: "\n")
    }
}
