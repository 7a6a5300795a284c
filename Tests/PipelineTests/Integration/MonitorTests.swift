import ControlProtocol
import Foundation
import XCTest

/// `sbctl monitor`: one record per frame springboard reads, with where it went, in order.
final class MonitorTests: PipelineTestCase {

    func testEachFrameIsShownWithWhereItWent() throws {
        let nobody = try fixture.sbctl("monitor", "--timeout", "200")
        XCTAssertEqual(nobody.status, 69, "no springboard: no subscription taken")
        XCTAssertTrue(nobody.stderr.hasPrefix("sbctl: springboard's frame monitor did not answer at ipc://"), nobody.stderr)

        try fixture.startSpringBoard()
        try fixture.startApp("maps", bundleID: "com.example.maps")
        let monitor = try fixture.launch("sbctl", ["monitor", "--count", "9", "--json"] + fixture.runtimeArguments)
        eventually("the monitor's subscription", timeout: 5) { monitor.stderr.hasPrefix("monitoring ipc://") }

        XCTAssertEqual(try fixture.hidSource("tap", "300", "700").status, 0)  // the home screen, no icon there
        XCTAssertEqual(try fixture.request(.foreground(bundleID: "com.example.maps")).ok, true)
        XCTAssertEqual(try fixture.hidSource("tap", "200", "125").status, 0)  // Maps' search bar
        XCTAssertEqual(try fixture.hidSource("press", "home").status, 0)
        XCTAssertEqual(monitor.wait(timeout: 5), 0, monitor.stderr)

        let records = try monitor.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(MonitorRecord.self, from: Data($0.utf8))
        }
        XCTAssertEqual(
            records.map { [$0.kind, $0.outcome, $0.target ?? "-", $0.reason ?? "-"].joined(separator: " ") },
            [
                "digitizer home - -", "digitizer home - -", "endMarker springboard - -",
                "digitizer app com.example.maps sent", "digitizer app com.example.maps sent", "endMarker springboard - -",
                "button springboard - home button", "button springboard - home button", "endMarker springboard - -",
            ])
        XCTAssertEqual(
            records.compactMap(\.fingers).map { $0.map { "\($0.phase) \($0.x),\($0.y)" } },
            [["began 300.0,700.0"], ["ended 300.0,700.0"], ["began 200.0,125.0"], ["ended 200.0,125.0"]])
        XCTAssertEqual(records.compactMap(\.detail), ["home down", "home up"])
        XCTAssertEqual(records.compactMap(\.sequence), [1, 2, 1, 2, 1, 2], "each source's own sequence")
        XCTAssertEqual(try fixture.stats().hops["monitorRecords"], 10, "nine frames and the greeting")
        XCTAssertEqual(try fixture.stats().hops["monitorRecordsDropped"], 0)
    }
}
