import ExampleKit
import Foundation
import TouchPipelineTesting
import UIKitModel
import XCTest

/// XCTest: the widened hitTest, built in Swift. A tap 10 points outside the 24-point view lands on it; one
/// 30 points outside does not; the window's own views are asked in UIKit's order.
final class WideHitViewTests: XCTestCase {
    private func app() throws -> (TouchTestApp, WideHitView) {
        let app = try TouchTestApp()
        let icon = WideHitView(frame: CGRect(x: 110, y: 100, width: 24, height: 24))
        icon.logsCalls = true
        app.window.addSubview(icon)
        return (app, icon)
    }

    func testATapJustOutsideTheBoundsLandsOnTheView() throws {
        let (app, icon) = try app()
        let trace = try app.play("at 0 tap 102 92")
        XCTAssertEqual(
            trace.lines,
            [
                "-[WideHitView hitTest:withEvent:]", "-[WideHitView touchesBegan:withEvent:]",
                "-[WideHitView hitTest:withEvent:]", "-[WideHitView touchesEnded:withEvent:]", "WideHitView tapped (1)",
            ])
        XCTAssertEqual(trace.explained[2], "-[WideHitView hitTest:withEvent:] (-8,-8) → WideHitView (in the widened hit area)")
        XCTAssertEqual(icon.taps, 1)
    }

    func testATapInsideTheBoundsIsUIKitsOwnAnswer() throws {
        let (app, _) = try app()
        let trace = try app.play("at 0 tap 120 110")
        XCTAssertEqual(
            trace.explained.filter { $0.hasPrefix("-[") }.prefix(3),
            [
                "-[WideHitView hitTest:withEvent:] (10,10) → WideHitView",
                "-[WideHitView pointInside:withEvent:] (10,10) → YES",
                "-[WideHitView touchesBegan:withEvent:] touch#1 began (120,110)",
            ])
    }

    func testATapBeyondTheHitAreaMissesTheView() throws {
        let (app, icon) = try app()
        let trace = try app.play("at 0 tap 80 70")
        XCTAssertEqual(trace.lines, ["-[WideHitView hitTest:withEvent:]", "-[WideHitView hitTest:withEvent:]"])
        XCTAssertEqual(trace.explained[2], "-[WideHitView hitTest:withEvent:] (-30,-30) → nil (outside the widened hit area)")
        XCTAssertEqual(icon.taps, 0)
    }
}
