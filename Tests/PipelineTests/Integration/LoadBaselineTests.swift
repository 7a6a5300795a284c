import Foundation
import XCTest
#if canImport(Glibc)
    import Glibc
#endif

/// `hid-bench relay` (the raw three-process baseline) and `hid-source load --baseline` reading its JSON. Counts
/// only: every frame through the relay and its sink and acknowledged; the ratios and the CPU of every process
/// present, whatever they are.
final class LoadBaselineTests: PipelineTestCase {

    private func run(
        _ executable: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String: Any] {
        let child = try fixture.launch(executable, arguments)
        guard let status = child.wait(timeout: 60) else {
            child.signal(SIGKILL)
            XCTFail("\(executable) did not finish", file: file, line: line)
            return [:]
        }
        XCTAssertEqual(status, 0, child.stderr, file: file, line: line)
        let object = try JSONSerialization.jsonObject(with: Data(child.stdout.utf8))
        return try XCTUnwrap(object as? [String: Any], child.stdout, file: file, line: line)
    }

    /// Every process of the run has a figure; the total is there exactly when each of them read at least one clock
    /// tick (a short run's process may read none: less than 10 ms of CPU is not no CPU).
    private func assertEveryProcess(
        _ cpu: [String: Any], _ processes: Set<String>, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let perFrame = try XCTUnwrap(cpu["microsecondsPerFrame"] as? [String: Double], file: file, line: line)
        XCTAssertEqual(Set(perFrame.keys).subtracting(["total"]), processes, file: file, line: line)
        XCTAssertEqual(perFrame["total"] != nil, !perFrame.values.contains(0), "\(perFrame)", file: file, line: line)
    }

    func testTheRelayDeliversAndAcknowledgesEveryFrameAndLoadDividesByIt() throws {
        let relay = try run("hid-bench", ["relay", "--count", "3000", "--fingers", "2", "--json"])
        XCTAssertEqual(relay["kind"] as? String, "relay")
        XCTAssertEqual(relay["offered"] as? Int, 3000)
        XCTAssertEqual(relay["forwarded"] as? Int, 3000)
        XCTAssertEqual(relay["delivered"] as? Int, 3000)
        XCTAssertEqual(relay["frameBytes"] as? Int, 64 + 8 + 3 * 96, "a real 2-finger digitizer frame")
        let latency = try XCTUnwrap(relay["latency"] as? [String: [String: Any]])
        for hop in ["sourceToRelay", "endToEnd", "ack", "sourceToAck"] {
            XCTAssertEqual(latency[hop]?["count"] as? Int, 3000, hop)
        }
        // What each of its three processes spent per delivered frame (Linux /proc).
        let relayCPU = try XCTUnwrap(relay["cpu"] as? [String: Any])
        XCTAssertEqual(relayCPU["frames"] as? Int, 3000)
        try assertEveryProcess(relayCPU, ["source", "relay", "sink"])

        // Behind its --rate (one frame a nanosecond), the relay too ends at --duration and counts what was due.
        let behind = try run("hid-bench", ["relay", "--rate", "1e9", "--duration", "200ms", "--json"])
        let offered = try XCTUnwrap(behind["offered"] as? Int), unsent = try XCTUnwrap(behind["behindSchedule"] as? Int)
        XCTAssertGreaterThan(unsent, 0)
        XCTAssertEqual(offered + unsent, 200_000_000)
        XCTAssertEqual(behind["delivered"] as? Int, offered)

        let baseline = fixture.directory.appendingPathComponent("relay.json")
        try JSONSerialization.data(withJSONObject: relay).write(to: baseline)
        try fixture.startSpringBoard()
        try fixture.startApp("bench", bundleID: "com.example.bench")
        let load = try run(
            "hid-source",
            [
                "load", "--app", "com.example.bench", "--count", "500", "--overload", "backpressure",
                "--baseline", baseline.path, "--json",
            ] + fixture.runtimeArguments)
        XCTAssertEqual(load["unexplained"] as? Int, 0)
        // The pipeline's three processes, per delivered frame: hid-source, springboard and the app.
        let loadCPU = try XCTUnwrap(load["cpu"] as? [String: Any])
        XCTAssertEqual(loadCPU["frames"] as? Int, load["delivered"] as? Int)
        try assertEveryProcess(loadCPU, ["source", "springboard", "app"])
        // The relay ran 2 fingers, this run 1: the ratios are still given, with a warning.
        let mismatched = try fixture.launch(
            "hid-source",
            ["load", "--app", "com.example.bench", "--count", "100", "--baseline", baseline.path] + fixture.runtimeArguments)
        XCTAssertEqual(mismatched.wait(timeout: 60), 0, mismatched.stderr)
        XCTAssertEqual(
            mismatched.stderr, "hid-source: warning: --baseline \(baseline.path) ran 2 finger(s); this run uses 1\n")
        let ratios = try XCTUnwrap(load["baseline"] as? [String: Any])
        XCTAssertEqual(ratios["file"] as? String, baseline.path)
        XCTAssertNotNil(ratios["throughput"] as? Double)
        XCTAssertNotNil(ratios["endToEndP50"] as? Double)
        XCTAssertNotNil(ratios["endToEndP99"] as? Double)

        // Several relay runs: each relay figure is their median, whichever run it comes from.
        var files: [String] = []
        for (index, (framesPerSecond, p50, p99)) in [(800_000.0, 60.0, 1000.0), (1_000_000, 50, 100), (900_000, 70, 90)]
            .enumerated()
        {
            let hop: [String: Any] = ["count": 1, "p50": p50, "p90": p50, "p99": p99, "p999": p99, "max": p99, "mean": p50]
            let url = fixture.directory.appendingPathComponent("relay-\(index).json")
            try JSONSerialization.data(withJSONObject: ["framesPerSecond": framesPerSecond, "latency": ["endToEnd": hop]])
                .write(to: url)
            files.append(url.path)
        }
        let medians = try run(
            "hid-source",
            ["load", "--app", "com.example.bench", "--count", "100", "--json"] + files.flatMap { ["--baseline", $0] }
                + fixture.runtimeArguments)
        let figures = try XCTUnwrap(medians["baseline"] as? [String: Any])
        XCTAssertEqual(figures["file"] as? String, files.joined(separator: ", "))
        XCTAssertEqual(figures["relayFramesPerSecond"] as? Double, 900_000)
        XCTAssertEqual(figures["relayEndToEndP50"] as? Double, 60)
        XCTAssertEqual(figures["relayEndToEndP99"] as? Double, 100, "the median p99, not the p50-median run's 1000")
    }
}
