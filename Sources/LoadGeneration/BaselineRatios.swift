import ControlProtocol
import Foundation

/// The pipeline against the raw relay of `hid-bench relay --json` (same frames, same process hops and
/// socket types, no decoding or dispatch): how much of the relay's throughput the pipeline keeps and how
/// many times its latency the pipeline adds. Against several relay runs, each relay figure is their median.
package struct BaselineRatios: Codable, Equatable {
    /// The relay report's file, or the files (comma-separated) whose medians the figures are.
    var file: String
    var relayFramesPerSecond: Double
    var relayEndToEndP50: Double
    var relayEndToEndP99: Double
    /// Pipeline delivered (dispatched) frames/s ÷ relay frames/s.
    var throughput: Double?
    /// Pipeline endToEnd ÷ relay endToEnd (hardware stamp → the sink read it).
    var endToEndP50: Double?
    var endToEndP99: Double?

    /// The fields of `hid-bench relay --json` that the ratios need (the JSON is the contract between the two
    /// executables).
    package struct RelayReport: Decodable {
        var framesPerSecond: Double
        var latency: [String: HopLatency]
        /// How the relay ran (0: flat out), when the file says: compared with the load run's own.
        var rate: Double?
        var fingers: Int?
    }

    /// Reads a relay report; the error says in one line what is wrong with the file.
    package static func load(_ path: String) throws -> RelayReport {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw BaselineError("cannot read \(path): \(error.localizedDescription)")
        }
        do { return try JSONDecoder().decode(RelayReport.self, from: data) } catch {
            throw BaselineError("\(path) is not the JSON of `hid-bench relay --json` (\(reason(error)))")
        }
    }

    private static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            let path = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
            return "it has no \"\(path)\"" + (key.stringValue == "framesPerSecond" ? "; a load report is not a baseline" : "")
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        default:
            return "not JSON"
        }
    }

    /// What makes the ratios compare unlike runs, in lines for stderr: a relay that ran at another rate or with
    /// other fingers than the load run, or relay runs (whose medians are taken) that differ from each other.
    package static func mismatches(_ reports: [(path: String, report: RelayReport)], rate: Double, fingers: Int) -> [String] {
        var lines: [String] = []
        func pace(_ rate: Double) -> String { rate > 0 ? "\(Int(rate.rounded())) frames/s" : "flat out" }
        for (path, report) in reports {
            if let relayRate = report.rate, abs(relayRate - rate) > 0.01 * max(relayRate, rate) {
                lines.append("--baseline \(path) ran \(pace(relayRate)); this run is \(pace(rate))")
            }
            if let relayFingers = report.fingers, relayFingers != fingers {
                lines.append("--baseline \(path) ran \(relayFingers) finger(s); this run uses \(fingers)")
            }
        }
        let rates = Set(reports.compactMap(\.report.rate)), fingerCounts = Set(reports.compactMap(\.report.fingers))
        if rates.count > 1 || fingerCounts.count > 1 {
            let paces = rates.sorted().map(pace).joined(separator: ", ")
            let fingers = fingerCounts.sorted().map(String.init).joined(separator: ", ")
            lines.append(
                "the --baseline runs differ from each other (rates: \(paces); fingers: \(fingers)): their medians mix them")
        }
        return lines
    }

    /// The relay figures the ratios divide by: one run's, or the median of each over several runs (on a shared
    /// machine one relay run's p99 can be an outlier while its p50 is the median one).
    package struct RelayFigures: Equatable {
        var framesPerSecond: Double
        var endToEndP50: Double
        var endToEndP99: Double

        package init(medianOf reports: [RelayReport]) {
            framesPerSecond = reports.map(\.framesPerSecond).median ?? 0
            endToEndP50 = reports.map { $0.latency["endToEnd"]?.p50 ?? 0 }.median ?? 0
            endToEndP99 = reports.map { $0.latency["endToEnd"]?.p99 ?? 0 }.median ?? 0
        }
    }

    init(file: String, relay: RelayFigures, deliveredPerSecond: Double, endToEnd: HopLatency?) {
        self.file = file
        relayFramesPerSecond = relay.framesPerSecond
        relayEndToEndP50 = relay.endToEndP50
        relayEndToEndP99 = relay.endToEndP99
        func ratio(_ a: Double?, _ b: Double) -> Double? { a.flatMap { b > 0 ? $0 / b : nil } }
        throughput = ratio(deliveredPerSecond, relayFramesPerSecond)
        endToEndP50 = ratio(endToEnd?.p50, relayEndToEndP50)
        endToEndP99 = ratio(endToEnd?.p99, relayEndToEndP99)
    }
}

/// Why `--baseline` cannot be used: the file is missing or is not a relay report.
package struct BaselineError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}

extension Array where Element == Double {
    /// The median: the middle value, or the mean of the two middle values for an even count; nil when empty.
    /// What a bench series reports and what a load run divides by when given several relay runs.
    public var median: Double? {
        guard !isEmpty else { return nil }
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
