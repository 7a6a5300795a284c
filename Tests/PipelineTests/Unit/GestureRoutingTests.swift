import Foundation
import HIDEvent
import SpringBoardCore
import SpringBoardHome
import XCTest

final class GestureRoutingTests: XCTestCase {
    private func sample(_ index: UInt32, _ phase: HIDDigitizerPhase, _ x: Float, _ y: Float) -> TouchSample {
        TouchSample(index: index, phase: phase, x: x, y: y)
    }

    func testLatchKeepsTargetUntilLastFingerLifts() {
        let maps = AppRecord(bundleID: "maps", windowCapacity: 1, outboundCapacity: 1)
        var latch = GestureLatch()
        var chosen = 0
        latch.beginFrame {
            chosen += 1; return .app(maps)
        }
        latch.apply(sample(1, .began, 10, 10))
        latch.endFrame()
        latch.beginFrame {
            chosen += 1; return .home
        }
        latch.apply(sample(1, .changed, 12, 10))
        latch.apply(sample(2, .began, 50, 50))
        latch.endFrame()
        XCTAssertTrue(latch.target.isApp(maps))
        XCTAssertEqual(latch.touches.count, 2)
        latch.beginFrame {
            chosen += 1; return .home
        }
        latch.apply(sample(1, .ended, 12, 10))
        latch.endFrame()
        XCTAssertTrue(latch.target.isApp(maps))
        XCTAssertEqual(latch.touches[0], LiveTouches.Touch(index: 2, x: 50, y: 50))
        latch.beginFrame {
            chosen += 1; return .home
        }
        latch.apply(sample(2, .ended, 50, 50))
        latch.endFrame()
        XCTAssertEqual(latch.target.name, "none")
        XCTAssertEqual(chosen, 1)
        XCTAssertEqual(latch.startX, 10)
    }

    func testFingersAreKeyedBySenderAndForgottenWhenItsRunEnds() {
        var latch = GestureLatch()
        latch.beginFrame { .home }
        latch.apply(sample(1, .began, 10, 10), sender: 7)
        latch.apply(sample(1, .began, 20, 20), sender: 8)  // same finger index, another source
        XCTAssertEqual(latch.touches.count, 2)
        XCTAssertTrue(latch.touches.contains(sender: 7))
        latch.removeTouches(of: 7)
        XCTAssertEqual(latch.touches.count, 1)
        XCTAssertEqual(latch.touches[0], LiveTouches.Touch(index: 1, x: 20, y: 20, sender: 8))
        XCTAssertEqual(latch.target.name, "home")
        latch.removeTouches(of: 8)
        XCTAssertEqual(latch.target.name, "none", "no finger left: the latch opens")
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

    func testHomeScreenGridAndTapSlop() {
        var home = HomeScreen()
        home.setIcons(["maps", "settings"])
        XCTAssertEqual(home.layout.iconFrame(slot: 1), CGRect(x: 120, y: 70, width: 60, height: 60))
        XCTAssertEqual(home.layout.slot(at: CGPoint(x: 130, y: 90), page: 0), 1)
        XCTAssertNil(home.layout.slot(at: CGPoint(x: 5, y: 5), page: 0))
        XCTAssertTrue(home.isTap(farthest: 10))
        XCTAssertFalse(home.isTap(farthest: 10.5))
        XCTAssertEqual(home.slot(of: "settings"), 1)
    }

    func testHomeScreenPagesSwipe() {
        var home = HomeScreen()
        home.setIcons((0..<30).map { "app\($0)" })
        XCTAssertEqual(home.pageCount, 2)
        XCTAssertEqual(home.layout.page(ofSlot: 24), 1)
        XCTAssertEqual(home.layout.iconFrame(slot: 24), home.layout.iconFrame(slot: 0), "slot 24 is the first icon of page 1")
        XCTAssertEqual(home.page(afterSwipe: -150, 10), 1)
        XCTAssertNil(home.page(afterSwipe: -40, 0), "too short")
        XCTAssertNil(home.page(afterSwipe: -60, 80), "more vertical than horizontal")
        XCTAssertNil(home.page(afterSwipe: 150, 0), "no page before the first")
        home.show(page: 1)
        XCTAssertNil(home.page(afterSwipe: -150, 0), "no page after the last")
        XCTAssertEqual(home.page(afterSwipe: 200, 0), 0)
        home.setIcons(["only"])
        XCTAssertEqual(home.page, 0, "the page stays in range when icons go")
    }
}
