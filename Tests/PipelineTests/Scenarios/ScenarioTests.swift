import XCTest

/// Scenarios that run the same body headless and against the live processes, and must see the same trace.
final class ScenarioTests: XCTestCase {
    /// Runs `body` with each driver in turn; a failure names the driver.
    private func inBothModes(_ body: (ScenarioDriver) throws -> Void) throws {
        for driver: ScenarioDriver in [HeadlessDriver(), try LiveDriver()] {
            defer { driver.tearDown() }
            do { try body(driver) } catch { XCTFail("\(driver.name): \(error)") }
        }
    }

    func testATapOnMapsSearchBarReachesItAlone() throws {
        try inBothModes { driver in
            try driver.launch("maps")
            let pass = [
                "-[MapView hitTest:withEvent:]", "-[MapView pointInside:withEvent:]",
                "-[ZoomOutButton hitTest:withEvent:]", "-[ZoomOutButton pointInside:withEvent:]",
                "-[ZoomInButton hitTest:withEvent:]", "-[ZoomInButton pointInside:withEvent:]",
                "-[SearchBarView hitTest:withEvent:]", "-[SearchBarView pointInside:withEvent:]",
            ]
            XCTAssertEqual(
                try driver.play("at 0 tap 200 125"),
                pass + ["-[SearchBarView touchesBegan:withEvent:]"] + pass + ["-[SearchBarView touchesEnded:withEvent:]"],
                driver.name)
        }
    }

    /// The trace without the hit-testing passes.
    private func calls(_ trace: [String]) -> [String] {
        trace.filter { !$0.hasSuffix(" hitTest:withEvent:]") && !$0.hasSuffix(" pointInside:withEvent:]") }
    }

    func testTheZoomInButtonSendsItsActionOnTouchUpInside() throws {
        try inBothModes { driver in
            try driver.launch("maps")
            XCTAssertEqual(
                calls(try driver.play("at 0 tap 345 685")),
                [
                    "-[ZoomInButton beginTrackingWithTouch:withEvent:]", "-[ZoomInButton endTrackingWithTouch:withEvent:]",
                    "-[MapViewController zoomIn:]", "Zoom in",
                ], driver.name)
        }
    }

    /// A quick tap selects at the lift; a 0.3 s press highlights after the table's 0.15 s content delay.
    func testTableRowsHighlightAndSelectAsOnIOS() throws {
        try inBothModes { driver in
            try driver.launch("settings")
            XCTAssertEqual(
                calls(try driver.play("at 0.000 tap 200 360\nat 1.000 tap 200 230 duration 0.3")),
                [
                    "-[UITableView touchesShouldBegin:withEvent:inContentView:]",
                    "didHighlightRowAt 3", "didUnhighlightRowAt 3", "didSelectRowAt 3",
                    "-[UITableView touchesShouldBegin:withEvent:inContentView:]", "didHighlightRowAt 1",
                    "didUnhighlightRowAt 1", "didDeselectRowAt 3", "didSelectRowAt 1",
                ], driver.name)
        }
    }
}
