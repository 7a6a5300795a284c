import CommandLineSupport
import XCTest

/// The tools' plain-text tables and the endpoints their options default to.
final class TextTableTests: XCTestCase {
    func testColumnsAsWideAsTheirWidestCellTwoSpacesApartNoTrailingSpaces() {
        let rows = [["hop", "p50", "p99"], ["source→springboard", "12.5", "130"], ["app", "3", "40.25"]]
        XCTAssertEqual(
            TextTable.render(rows, rightAlignedFrom: 1),
            """
            hop                  p50    p99
            source→springboard  12.5    130
            app                    3  40.25
            """)
        XCTAssertEqual(TextTable.render([["a", "b"], ["long", ""]]), "a     b\nlong")
        XCTAssertEqual(TextTable.render([]), "")
    }

    func testOneDecimalRoundsHalfAwayFromZero() {
        XCTAssertEqual(TextTable.oneDecimal(12.34), "12.3")
        XCTAssertEqual(TextTable.oneDecimal(0.05), "0.1")
        XCTAssertEqual(TextTable.oneDecimal(7), "7.0")
    }

    func testDefaultEndpointsAreIpcSocketsInTheRuntimeDirectory() {
        let endpoints = DefaultEndpoints(runtimeDirectory: "/run/user/1000/touchpipeline")
        XCTAssertEqual(endpoints.events, "ipc:///run/user/1000/touchpipeline/events")
        XCTAssertEqual(endpoints.apps, "ipc:///run/user/1000/touchpipeline/apps")
        XCTAssertEqual(endpoints.control, "ipc:///run/user/1000/touchpipeline/control")
        XCTAssertEqual(endpoints.monitor, "ipc:///run/user/1000/touchpipeline/monitor")
    }
}
