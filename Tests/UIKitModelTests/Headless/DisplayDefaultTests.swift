import Foundation
import HeadlessApp
import AppScene
import UIKitModel
import XCTest

/// Who decides an app's display (`UIApplication.configureDisplay`): the options, then the scene's `display:` key,
/// then the host's default (`app-host serve`: 60 Hz; headless runs: none). `display: {immediateDispatch: true}`
/// keeps a scene without a display under serve's default; an explicit refresh rate still gives it one.
final class DisplayDefaultTests: XCTestCase {
    private func runner(display: String?) throws -> HeadlessAppRunner {
        try HeadlessAppRunner(
            sceneYAML: """
                app: {bundleID: com.example.display-default}
                \(display.map { "display: \($0)" } ?? "")
                windows:
                  - id: window
                    rootViewController: {id: controller, view: {id: canvas, touches: consume}}
                """)
    }

    private func configured(
        _ display: String?, refreshHz: UInt32? = nil, immediate: Bool = false, defaultRefreshHz: UInt32? = 60
    ) throws -> FrameClock? {
        let application = try runner(display: display).application
        application.configureDisplay(
            refreshHz: refreshHz, renderDelayFrames: nil, immediate: immediate, defaultRefreshHz: defaultRefreshHz)
        return application.display
    }

    func testAHostsDefaultGivesAnAppWithoutADisplayKeySixtyHertz() throws {
        XCTAssertNil(try runner(display: nil).application.display, "a headless run has no display by itself")
        XCTAssertEqual(try configured(nil)?.refreshHz, 60)
        XCTAssertEqual(try configured(nil)?.renderDelayFrames, 1)
        XCTAssertNil(try configured(nil, defaultRefreshHz: nil), "no default: immediate dispatch")
    }

    func testTheScenesDisplayWinsOverTheDefaultAndTheOptionsOverTheScene() throws {
        XCTAssertEqual(try configured("{refreshRate: 120}")?.refreshHz, 120)
        XCTAssertEqual(try configured("{refreshRate: 120}", refreshHz: 90)?.refreshHz, 90)
        XCTAssertNil(try configured("{refreshRate: 120}", immediate: true))
    }

    func testASceneAskingForImmediateDispatchGetsNoDefaultDisplayButAnExplicitRateStillGivesOne() throws {
        XCTAssertTrue(try runner(display: "{immediateDispatch: true}").application.prefersImmediateDispatch)
        XCTAssertNil(try configured("{immediateDispatch: true}"))
        XCTAssertEqual(try configured("{immediateDispatch: true}", refreshHz: 120)?.refreshHz, 120)
        XCTAssertEqual(try configured("{immediateDispatch: false}", defaultRefreshHz: nil)?.refreshHz, 60, "false: a display")
    }

    func testImmediateDispatchWithARefreshRateIsRefusedWithItsLine() throws {
        XCTAssertThrowsError(try runner(display: "{immediateDispatch: true, refreshRate: 120}")) { error in
            let sceneError = error as? SceneError
            XCTAssertEqual(
                sceneError?.description, "display.refreshRate: refreshRate cannot go with immediateDispatch: true (no display)")
            XCTAssertEqual(sceneError?.line, 2)
        }
    }
}
