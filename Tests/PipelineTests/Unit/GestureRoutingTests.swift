import Foundation
import HIDEvent
import SpringBoardCore
import XCTest

final class GestureRoutingTests: XCTestCase {
    private func sample(_ index: UInt32, _ phase: HIDDigitizerPhase, _ x: Float, _ y: Float) -> TouchSample {
        TouchSample(index: index, phase: phase, x: x, y: y)
    }

    func testLatchKeepsTargetUntilLastFingerLifts() {
        let maps = AppRecord(bundleID: "maps", windowCapacity: 1, outboundCapacity: 1)
        var latch = GestureLatch()
        var chosen = 0
        latch.beginFrame { chosen += 1; return .app(maps) }
        latch.apply(sample(1, .began, 10, 10))
        latch.endFrame()
        latch.beginFrame { chosen += 1; return .home }
        latch.apply(sample(1, .changed, 12, 10))
        latch.apply(sample(2, .began, 50, 50))
        latch.endFrame()
        XCTAssertTrue(latch.target.isApp(maps))
        XCTAssertEqual(latch.touches.count, 2)
        latch.beginFrame { chosen += 1; return .home }
        latch.apply(sample(1, .ended, 12, 10))
        latch.endFrame()
        XCTAssertTrue(latch.target.isApp(maps))
        XCTAssertEqual(latch.touches[0], LiveTouches.Touch(index: 2, x: 50, y: 50))
        latch.beginFrame { chosen += 1; return .home }
        latch.apply(sample(2, .ended, 50, 50))
        latch.endFrame()
        XCTAssertEqual(latch.target.name, "none")
        XCTAssertEqual(chosen, 1)
        XCTAssertEqual(latch.startX, 10)
    }

    func testRetargetOnlyWhileFingersAreDown() {
        var latch = GestureLatch()
        latch.retarget(.cancelled)
        XCTAssertEqual(latch.target.name, "none")
        latch.beginFrame { .home }
        latch.apply(sample(1, .began, 10, 830))
        latch.retarget(.system)
        XCTAssertEqual(latch.target.name, "system")
        XCTAssertEqual(latch.startY, 830)
    }

    func testSystemGestureNeedsBottomEdgeAndTravel() {
        let detector = SystemGestureDetector(screenHeight: 844)
        XCTAssertTrue(detector.isSwipeUp(startY: 830, y: 700))
        XCTAssertFalse(detector.isSwipeUp(startY: 830, y: 760), "not far enough")
        XCTAssertFalse(detector.isSwipeUp(startY: 800, y: 600), "did not start at the edge")
    }

    func testHomeScreenTapLaunchesTheIconUnderTheFinger() {
        var home = HomeScreen()
        home.setIcons(["maps", "settings"])
        let second = home.layout.iconFrame(slot: 1)
        XCTAssertEqual(second, CGRect(x: 120, y: 70, width: 60, height: 60))
        XCTAssertNil(home.handle(sample(1, .began, 130, 90)))
        XCTAssertNil(home.handle(sample(1, .changed, 133, 92)))
        XCTAssertEqual(home.handle(sample(1, .ended, 133, 92)), .launch(bundleID: "settings"))
        XCTAssertNil(home.handle(sample(1, .began, 5, 5)))
        XCTAssertEqual(home.handle(sample(1, .ended, 5, 5)), HomeScreenAction.none)
    }

    func testHomeScreenPagesSwipe() {
        var home = HomeScreen()
        home.setIcons((0..<30).map { "app\($0)" })
        XCTAssertEqual(home.pageCount, 2)
        _ = home.handle(sample(1, .began, 300, 400))
        XCTAssertEqual(home.handle(sample(1, .ended, 150, 410)), .page(1))
        // Slot 24 is the first icon of page 1.
        _ = home.handle(sample(1, .began, 40, 80))
        XCTAssertEqual(home.handle(sample(1, .ended, 40, 80)), .launch(bundleID: "app24"))
        _ = home.handle(sample(1, .began, 300, 400))
        XCTAssertEqual(home.handle(sample(1, .ended, 150, 400)), HomeScreenAction.none, "no page 2")
        _ = home.handle(sample(1, .began, 100, 400))
        XCTAssertEqual(home.handle(sample(1, .ended, 300, 400)), .page(0))
    }
}
