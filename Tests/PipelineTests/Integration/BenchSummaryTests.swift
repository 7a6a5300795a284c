import Foundation
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// `hid-bench summary DIR`, the table `deploy/bench` prints: a series of runs NAME.1, NAME.2, … gets a median
/// row after its last run, every figure the median of its column (lost and unexplained: the largest).
final class BenchSummaryTests: PipelineTestCase {

    private func write(_ report: [String: Any], _ file: String, in runs: URL) throws {
        try JSONSerialization.data(withJSONObject: report).write(to: runs.appendingPathComponent(file))
    }

    private func relay(_ framesPerSecond: Double, p50: Double, cpu: Double) -> [String: Any] {
        [
            "cpu": ["frames": 100, "microsecondsPerFrame": ["total": cpu], "seconds": [:]],
            "kind": "relay", "rate": 0, "fingers": 1, "offered": 100, "delivered": 100,
            "offeredPerSecond": framesPerSecond, "framesPerSecond": framesPerSecond,
            "latency": ["endToEnd": ["p50": p50, "p99": p50 * 2, "p999": p50 * 3], "ack": ["p50": p50]],
        ]
    }

    private func pipeline(_ delivered: Double, ratio: Double, lost: Int = 0, cpu: Double = 3.8) -> [String: Any] {
        [
            "cpu": ["frames": 100, "microsecondsPerFrame": ["total": cpu], "seconds": [:]],
            "overload": "backpressure", "rate": 0, "fingers": 1, "lost": lost, "unexplained": 0,
            "throughput": [
                "offeredPerSecond": delivered, "deliveredPerSecond": delivered,
                "dispatchedEventsPerSecond": delivered, "sendEventsPerSecond": delivered / 10,
            ],
            "latency": ["endToEnd": ["p50": 100.0, "p99": 200.0, "p999": 300.0], "ack": ["p50": 50.0]],
            "baseline": ["throughput": ratio, "endToEndP50": ratio * 2, "endToEndP99": ratio * 3],
        ]
    }

    func testASeriesGetsAMedianRowAndOtherRunsDoNot() throws {
        let directory = fixture.directory.appendingPathComponent("bench")
        let runs = directory.appendingPathComponent("runs")
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        try write(relay(900_000, p50: 60, cpu: 2.0), "01-relay-saturation.1.json", in: runs)
        try write(relay(1_000_000, p50: 50, cpu: 2.1), "02-relay-saturation.2.json", in: runs)
        try write(relay(800_000, p50: 70, cpu: 1.9), "03-relay-saturation.3.json", in: runs)
        // Run .2 failed (no report): .1 and .3 are still a series of 2. One lost frame in .3 shows in its row.
        try write(pipeline(450_000, ratio: 0.5), "04-pipeline-saturation-backpressure.1.json", in: runs)
        try write(pipeline(500_000, ratio: 0.56, lost: 1, cpu: 3.6), "05-pipeline-saturation-backpressure.3.json", in: runs)
        try write(pipeline(470_000, ratio: 0.52), "06-pipeline-saturation-shed.json", in: runs)
        try write(pipeline(440_000, ratio: 0.49), "07-apps-1.json", in: runs)
        try write(pipeline(430_000, ratio: 0.48), "08-apps-2.json", in: runs)

        let child = try fixture.launch("hid-bench", ["summary", directory.path, "--title", "T"])
        guard let status = child.wait(timeout: 30) else {
            child.signal(SIGKILL)
            return XCTFail("hid-bench summary did not finish")
        }
        XCTAssertEqual(status, 0, child.stderr)
        let table = try String(contentsOf: directory.appendingPathComponent("report.md"), encoding: .utf8)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") }.map(String.init)
        XCTAssertEqual(
            Array(rows.dropFirst()),
            [
                "| **relay-saturation.1** | relay | max | 1 | 900000 | 900000 | - | - | 0 | - | 2.00 | 60.0 | 120.0 | 180.0 | 60.0 |  |  |  |",
                "| **relay-saturation.2** | relay | max | 1 | 1000000 | 1000000 | - | - | 0 | - | 2.10 | 50.0 | 100.0 | 150.0 | 50.0 |  |  |  |",
                "| **relay-saturation.3** | relay | max | 1 | 800000 | 800000 | - | - | 0 | - | 1.90 | 70.0 | 140.0 | 210.0 | 70.0 |  |  |  |",
                "| **relay-saturation, median of 3** | relay | max | 1 | 900000 | 900000 | - | - | 0 | - | 2.00 | 60.0 | 120.0 | 180.0 | 60.0 |  |  |  |",
                "| pipeline-saturation-backpressure.1 | backpressure | max | 1 | 450000 | 450000 | 450000 | 45000 | 0 | 0 | 3.80 | 100.0 | 200.0 | 300.0 | 50.0 | 0.50× | 1.00× | 1.50× |",
                "| pipeline-saturation-backpressure.3 | backpressure | max | 1 | 500000 | 500000 | 500000 | 50000 | 1 | 0 | 3.60 | 100.0 | 200.0 | 300.0 | 50.0 | 0.56× | 1.12× | 1.68× |",
                "| **pipeline-saturation-backpressure, median of 2** | backpressure | max | 1 | 475000 | 475000 | 475000 | 47500 | 1 | 0 | 3.70 | 100.0 | 200.0 | 300.0 | 50.0 | 0.53× | 1.06× | 1.59× |",
                "| pipeline-saturation-shed | backpressure | max | 1 | 470000 | 470000 | 470000 | 47000 | 0 | 0 | 3.80 | 100.0 | 200.0 | 300.0 | 50.0 | 0.52× | 1.04× | 1.56× |",
                "| apps-1 | backpressure | max | 1 | 440000 | 440000 | 440000 | 44000 | 0 | 0 | 3.80 | 100.0 | 200.0 | 300.0 | 50.0 | 0.49× | 0.98× | 1.47× |",
                "| apps-2 | backpressure | max | 1 | 430000 | 430000 | 430000 | 43000 | 0 | 0 | 3.80 | 100.0 | 200.0 | 300.0 | 50.0 | 0.48× | 0.96× | 1.44× |",
            ])
    }

    /// The `present-…` runs get a second table of touch-to-present by kind; a run whose app sent no `frames` says n/a.
    func testPresentRunsGetTheTouchToPresentTable() throws {
        let directory = fixture.directory.appendingPathComponent("bench-present")
        let runs = directory.appendingPathComponent("runs")
        try FileManager.default.createDirectory(at: runs, withIntermediateDirectories: true)
        try write(pipeline(470_000, ratio: 0.52), "01-pipeline-saturation-shed.json", in: runs)
        var presented = pipeline(120, ratio: 0)
        presented["rate"] = 120
        presented["display"] = ["framesPresented": 360, "framesMissed": 2, "samplesPerMove": 2.0]
        presented["touchToPresent"] = [
            "down": ["p50": 20_000.0, "p99": 21_000.0],
            "move": ["p50": 24_000.0, "p90": 30_000.0, "p99": 33_000.0, "p999": 33_500.0, "max": 34_000.0],
            "up": ["p50": 25_000.0, "p99": 26_000.0],
        ]
        try write(presented, "02-present-120hz-1finger.json", in: runs)
        var old = pipeline(1000, ratio: 0)
        old["rate"] = 1000
        old["display"] = ["framesPresented": 0, "framesMissed": 0, "samplesPerMove": 1.0]
        try write(old, "03-present-1khz.json", in: runs)

        let child = try fixture.launch("hid-bench", ["summary", directory.path, "--title", "T"])
        guard let status = child.wait(timeout: 30) else {
            child.signal(SIGKILL)
            return XCTFail("hid-bench summary did not finish")
        }
        XCTAssertEqual(status, 0, child.stderr)
        let table = try String(contentsOf: directory.appendingPathComponent("report.md"), encoding: .utf8)
        let rows = table.split(separator: "\n").map(String.init).drop { !$0.hasPrefix("Touch to present") }
            .filter { $0.hasPrefix("| ") }
        XCTAssertEqual(
            Array(rows.dropFirst()),
            [
                "| present-120hz-1finger | 120 | 1 | 360 | 2 | 2.00 | 20000.0 | 21000.0 | 24000.0 | 30000.0 | 33000.0 | 33500.0 | 34000.0 | 25000.0 | 26000.0 |",
                "| present-1khz | 1000 | 1 | n/a | n/a | 1.00 | n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a |",
            ])
    }
}
