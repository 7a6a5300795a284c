import ControlProtocol
import Foundation

/// The pipeline against the raw relay of `hid-bench relay --json` (same frames, same process hops and
/// socket types, no decoding or dispatch): how much of the relay's throughput the pipeline keeps and how
/// many times its latency the pipeline adds.
struct BaselineRatios: Codable, Equatable {
    /// The relay report's file.
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
    struct RelayReport: Decodable {
        var framesPerSecond: Double
        var latency: [String: HopLatency]
    }

    /// Reads a relay report; the error says what is wrong with the file.
    static func load(_ path: String) throws -> RelayReport {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw BaselineError("cannot read \(path): \(error.localizedDescription)")
        }
        do { return try JSONDecoder().decode(RelayReport.self, from: data) } catch {
            throw BaselineError("\(path) is not the JSON of `hid-bench relay --json`: \(error)")
        }
    }

    init(file: String, relay: RelayReport, deliveredPerSecond: Double, endToEnd: HopLatency?) {
        self.file = file
        relayFramesPerSecond = relay.framesPerSecond
        let relayEndToEnd = relay.latency["endToEnd"]
        relayEndToEndP50 = relayEndToEnd?.p50 ?? 0
        relayEndToEndP99 = relayEndToEnd?.p99 ?? 0
        func ratio(_ a: Double?, _ b: Double) -> Double? { a.flatMap { b > 0 ? $0 / b : nil } }
        throughput = ratio(deliveredPerSecond, relay.framesPerSecond)
        endToEndP50 = ratio(endToEnd?.p50, relayEndToEndP50)
        endToEndP99 = ratio(endToEnd?.p99, relayEndToEndP99)
    }
}
