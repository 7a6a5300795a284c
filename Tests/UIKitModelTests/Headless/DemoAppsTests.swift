import Foundation
import GestureScript
import HeadlessApp
import TestSupport
import UIKitModel
import XCTest

/// The ensemble's demo apps (deploy/apps) with the gesture scripts next to them, run as `app-host run` runs
/// them: the exact trace of each gesture deploy/apps/README.md suggests.
final class DemoAppsTests: XCTestCase {
    private func runner(_ app: String) throws -> HeadlessAppRunner {
        try HeadlessAppRunner(sceneURL: SharedPaths.packageRoot.appendingPathComponent("deploy/apps/\(app)/\(app).yaml"))
    }

    private func play(_ runner: HeadlessAppRunner, _ app: String, _ script: String) throws -> [Trace.Line] {
        let url = SharedPaths.packageRoot.appendingPathComponent("deploy/apps/\(app)/\(script).gesture")
        return runner.run(try GestureScript.parse(try String(contentsOf: url, encoding: .utf8)))
    }

    /// Maps hit-tests the map, then its subviews front to back (zoom out, zoom in, search bar), stopping at
    /// the one that contains the point; a point on none of them lands on the map.
    private func mapsPass(landingOn view: String? = nil) -> [String] {
        var lines = ["-[MapView hitTest:withEvent:]", "-[MapView pointInside:withEvent:]"]
        for subview in ["ZoomOutButton", "ZoomInButton", "SearchBarView"] {
            lines += ["-[\(subview) hitTest:withEvent:]", "-[\(subview) pointInside:withEvent:]"]
            if subview == view { break }
        }
        return lines
    }

    /// Settings hit-tests the list, then the table (its later subview), then the Wi-Fi row and its switch.
    private func settingsPass(reachingWiFiRow: Bool) -> [String] {
        var lines = [
            "-[SettingsListView hitTest:withEvent:]", "-[SettingsListView pointInside:withEvent:]",
            "-[UITableView hitTest:withEvent:]", "-[UITableView pointInside:withEvent:]",
        ]
        if reachingWiFiRow {
            lines += [
                "-[WiFiRow hitTest:withEvent:]", "-[WiFiRow pointInside:withEvent:]",
                "-[UISwitch hitTest:withEvent:]", "-[UISwitch pointInside:withEvent:]",
            ]
        }
        return lines
    }

    private func timed(_ lines: [Trace.Line], _ text: String) -> [UInt64] {
        lines.filter { $0.text == text }.map(\.time)
    }

    // MARK: Maps

    func testMapsIdentityAndTheSearchBarTapTheIntegrationTestsExpect() throws {
        let runner = try runner("maps")
        XCTAssertEqual(runner.scene.bundleIdentifier, "com.example.maps")
        XCTAssertEqual(runner.scene.displayName, "Maps")
        XCTAssertEqual(runner.scene.view("window")?.frame, CGRect(x: 0, y: 0, width: 390, height: 844))
        // The map's recognizers see the tap too, but it neither pans nor pinches: the search bar keeps it.
        let lines = runner.run(try GestureScript.parse("at 0 tap 200 125")).map(\.text)
        XCTAssertEqual(
            lines,
            mapsPass(landingOn: "SearchBarView") + ["-[SearchBarView touchesBegan:withEvent:]"]
                + mapsPass(landingOn: "SearchBarView") + ["-[SearchBarView touchesEnded:withEvent:]"])
    }

    func testPanTheMap() throws {
        let lines = try play(try runner("maps"), "maps", "pan")
        XCTAssertEqual(
            lines.map(\.text),
            mapsPass() + [
                "-[MapView touchesBegan:withEvent:]",
                // The first move (20 points) is past the hysteresis: the action, then the map's touch is cancelled.
                "Map panned began translation=(0, -20) velocity=(0, -1000)",
                "-[MapView touchesCancelled:withEvent:]",
                "Map panned changed translation=(0, -40) velocity=(0, -1000)",
                "Map panned changed translation=(0, -60) velocity=(0, -1000)",
                "Map panned changed translation=(0, -80) velocity=(0, -1000)",
            ] + mapsPass() + ["Map panned ended translation=(0, -100) velocity=(0, -1000)"])
        XCTAssertEqual(
            lines.filter { $0.text.hasPrefix("Map panned") }.map(\.time),
            [20_000_000, 40_000_000, 60_000_000, 80_000_000, 100_000_000])
    }

    func testPinchTheMap() throws {
        let lines = try play(try runner("maps"), "maps", "pinch")
        // Two fingers in one frame: one hit-test pass each, one touchesBegan with both touches.
        XCTAssertEqual(
            lines.map(\.text),
            mapsPass() + mapsPass() + [
                "-[MapView touchesBegan:withEvent:]",
                "Map pinched began scale=1.250 velocity=5.000",
                "-[MapView touchesCancelled:withEvent:]",
                "Map pinched changed scale=1.500 velocity=5.000",
                "Map pinched changed scale=1.750 velocity=5.000",
            ] + mapsPass() + mapsPass() + ["Map pinched ended scale=2.000 velocity=5.000"])
        XCTAssertEqual(timed(lines, "Map pinched ended scale=2.000 velocity=5.000"), [200_000_000])
    }

    func testPanAndPinchRecognizeTogetherBecauseTheirDelegateSaysSo() throws {
        let lines = try play(try runner("maps"), "maps", "pan-and-pinch")
        XCTAssertEqual(
            lines.map(\.text),
            mapsPass() + mapsPass() + [
                "-[MapView touchesBegan:withEvent:]",
                "Map panned began translation=(0, -20) velocity=(0, -400)",
                "-[MapView touchesCancelled:withEvent:]",
                "Map panned changed translation=(0, -40) velocity=(0, -400)",
                "Map pinched began scale=1.300 velocity=3.000",  // 130 points apart: past 10 points more than 100
                "Map panned changed translation=(0, -60) velocity=(0, -400)",
                "Map pinched changed scale=1.500 velocity=4.000",
            ] + mapsPass() + mapsPass() + [
                "Map panned ended translation=(0, -60) velocity=(0, 0)",  // the lift does not move
                "Map pinched ended scale=1.500 velocity=0.000",
            ])

        // Without the delegates' answer the pan, which began first, excludes the pinch.
        let alone = try runner("maps")
        for id in ["mapPan", "mapPinch"] { alone.scene.gestureRecognizer(id)?.delegate = nil }
        let actions = try play(alone, "maps", "pan-and-pinch").map(\.text).filter { $0.hasPrefix("Map ") }
        XCTAssertEqual(
            actions,
            [
                "Map panned began translation=(0, -20) velocity=(0, -400)",
                "Map panned changed translation=(0, -40) velocity=(0, -400)",
                "Map panned changed translation=(0, -60) velocity=(0, -400)",
                "Map panned ended translation=(0, -60) velocity=(0, 0)",
            ])
    }

    func testZoomButtonsSendTheirActions() throws {
        let lines = try play(try runner("maps"), "maps", "zoom").map(\.text)
        XCTAssertEqual(
            lines,
            mapsPass(landingOn: "ZoomInButton") + ["-[ZoomInButton beginTrackingWithTouch:withEvent:]"]
                + mapsPass(landingOn: "ZoomInButton") + [
                    "-[ZoomInButton endTrackingWithTouch:withEvent:]",
                    "-[MapViewController zoomIn:]", "Zoom in",
                ]
                + mapsPass(landingOn: "ZoomOutButton") + ["-[ZoomOutButton beginTrackingWithTouch:withEvent:]"]
                + mapsPass(landingOn: "ZoomOutButton") + [
                    "-[ZoomOutButton endTrackingWithTouch:withEvent:]",
                    "-[MapViewController zoomOut:]", "Zoom out",
                ])
    }

    // MARK: Settings

    func testSettingsIdentityAndTheWiFiRowTapTheIntegrationTestsExpect() throws {
        let runner = try runner("settings")
        XCTAssertEqual(runner.scene.bundleIdentifier, "com.example.settings")
        XCTAssertEqual(runner.scene.displayName, "Settings")
        XCTAssertEqual(runner.scene.view("window")?.frame, CGRect(x: 0, y: 0, width: 390, height: 844))
        let lines = runner.run(try GestureScript.parse("at 0 tap 200 125")).map(\.text)
        XCTAssertEqual(
            lines,
            settingsPass(reachingWiFiRow: true) + ["-[WiFiRow touchesBegan:withEvent:]"]
                + settingsPass(reachingWiFiRow: true) + ["-[WiFiRow touchesEnded:withEvent:]"])
    }

    func testToggleTheWiFiSwitch() throws {
        let runner = try runner("settings")
        let lines = try play(runner, "settings", "toggle-wifi")
        let toggle = { (value: Bool) in
            self.settingsPass(reachingWiFiRow: true) + ["-[UISwitch beginTrackingWithTouch:withEvent:]"]
                + self.settingsPass(reachingWiFiRow: true) + [
                    "-[UISwitch endTrackingWithTouch:withEvent:]",
                    "-[SettingsViewController wifiSwitchChanged:]",
                    "Wi-Fi switched \(value)",
                ]
        }
        XCTAssertEqual(lines.map(\.text), toggle(false) + toggle(true))
        XCTAssertEqual(timed(lines, "Wi-Fi switched false"), [50_000_000])
        XCTAssertEqual((runner.scene.view("wifiSwitch") as? UISwitch)?.isOn, true)
    }

    func testSelectRows() throws {
        let runner = try runner("settings")
        let lines = try play(runner, "settings", "select-row")
        let pass = settingsPass(reachingWiFiRow: false)
        XCTAssertEqual(
            lines.map(\.text),
            pass + pass + [
                // The quick tap lifts before the content delay: the withheld began and the end arrive together.
                "-[UITableView touchesShouldBegin:withEvent:inContentView:]",
                "didHighlightRowAt 3", "didUnhighlightRowAt 3", "didSelectRowAt 3",
            ] + pass + [
                // The press reaches the cell after 0.15 s.
                "-[UITableView touchesShouldBegin:withEvent:inContentView:]", "didHighlightRowAt 1",
            ] + pass + ["didUnhighlightRowAt 1", "didDeselectRowAt 3", "didSelectRowAt 1"])
        XCTAssertEqual(timed(lines, "didSelectRowAt 3"), [50_000_000])
        XCTAssertEqual(timed(lines, "didHighlightRowAt 1"), [1_150_000_000])
        XCTAssertEqual(timed(lines, "didSelectRowAt 1"), [1_300_000_000])
        XCTAssertEqual(
            (runner.scene.view("settingsTable") as? UITableView)?.indexPathForSelectedRow, IndexPath(row: 1, section: 0))
    }

    func testScrollTheTable() throws {
        let runner = try runner("settings")
        let lines = try play(runner, "settings", "scroll")
        let pass = settingsPass(reachingWiFiRow: false)
        XCTAssertEqual(
            lines.map(\.text),
            pass + ["-[UIApplication _pushRunLoopMode:requester:] UITrackingRunLoopMode"]
                + pass + ["-[UIApplication _popRunLoopMode:requester:] UITrackingRunLoopMode"])
        XCTAssertEqual(timed(lines, "-[UIApplication _pushRunLoopMode:requester:] UITrackingRunLoopMode"), [50_000_000])
        XCTAssertEqual((runner.scene.view("settingsTable") as? UIScrollView)?.contentOffset, CGPoint(x: 0, y: 104))
    }
}
