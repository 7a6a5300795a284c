import CAllocationCounter
import HeadlessApp
import HIDEvent
import TestSupport
import XCTest

/// Heap allocations of the app's dispatch path, counted exactly (issue 27), as swift-nio's allocation-counter
/// tests count theirs: malloc hooked in-process (Tests/CAllocationCounter), a warm-up that grows every buffer
/// to its steady size, then a fixed burst counted on this thread only. The bench app (deploy/apps/bench: 50
/// views, a pan and a tap) is dragged; each move goes source1 → source0 → event queue → `sendEvent` →
/// recognizers and views, as in app-host (the headless runner's port stands in for the app channel's socket).
/// A change in the count is a change in the hot path: the assertion says by how much, and the figure is to
/// be updated only with the reason.
final class DispatchAllocationTests: XCTestCase {
    /// Allocations for `burst` moves of `fingers` fingers after a down and `warmUp` moves, on a second app: the
    /// first run pays the process's one-time costs (type metadata, caches), which otherwise land in the count or
    /// not depending on which tests ran before (9,203 alone against 9,200 in the whole suite).
    private func movesAllocations(fingers: UInt32, burst: Int, warmUp: Int = 40) throws -> Int64 {
        _ = try movesAllocationsOnce(fingers: fingers, burst: burst, warmUp: warmUp)
        return try movesAllocationsOnce(fingers: fingers, burst: burst, warmUp: warmUp)
    }

    private func movesAllocationsOnce(fingers: UInt32, burst: Int, warmUp: Int) throws -> Int64 {
        let runner = try HeadlessAppRunner(
            sceneURL: SharedPaths.packageRoot.appendingPathComponent("deploy/apps/bench/bench.yaml"))
        runner.application.trace.retainsLines = false
        func frame(_ change: HIDFingerChange, step: Int) -> HIDPayload {
            .digitizer(
                HIDDigitizerFrame(
                    fingers: (1...fingers).map { finger in
                        HIDDigitizerEvent(
                            finger: finger, change, x: 40 + Float(finger) * 30, y: 200 + Float(step), identity: finger,
                            tipPressure: change.contains(.up) ? 0 : 1)
                    }))
        }
        // Built before counting: the frames are the test's, not the app's.
        let moves = (1...(warmUp + burst)).map { frame(.move, step: $0) }
        var time: UInt64 = 1_000_000_000
        runner.feed(frame(.down, step: 0), at: time)
        for move in moves[..<warmUp] {
            time += 8_000_000
            runner.feed(move, at: time)
        }
        tp_allocation_counting_begin()
        for move in moves[warmUp...] {
            time += 8_000_000
            runner.feed(move, at: time)
        }
        let allocations = tp_allocation_counting_end()
        runner.feed(frame(.up, step: warmUp + burst + 1), at: time + 8_000_000)
        return allocations
    }

    private func skipUnlessHooked() throws {
        tp_allocation_counting_begin()
        let probe = malloc(16)
        let counted = tp_allocation_counting_end()
        free(probe)
        try XCTSkipUnless(counted == 1, "malloc is not hooked on this platform (glibc only)")
    }

    func testOneFingerMovesOnTheBenchApp() throws {
        try skipUnlessHooked()
        // Debug build, 84 a move (issue 27's target is zero): was 89 before the recognizers' delivery reused its
        // sets and recipients; what is left is the event fetcher's and dispatcher's (UIEvent, UITouch sets, the
        // delivery plan) and the run loop's. 92 since the display merge (issue 25): `predictedTouches(for:)`'s
        // predictors are fed on every move, in immediate dispatch too (+8 a move; issue 27 cuts it). 88 (measured) with
        // the hot path's `@exclusivity(unchecked)`: no dynamic access checks on those properties in debug either.
        XCTAssertEqual(try movesAllocations(fingers: 1, burst: 100), 8_800, "100 one-finger moves")
    }

    func testTenFingerMovesOnTheBenchApp() throws {
        try skipUnlessHooked()
        // Debug build, 716 a move: was 650 before the recognizers' delivery reused its storage (636 after), +80
        // since the display merge (issue 25: the ten fingers' predictors are fed on every move); 712 (measured) with
        // the hot path's `@exclusivity(unchecked)`.
        XCTAssertEqual(try movesAllocations(fingers: 10, burst: 100), 71_200, "100 ten-finger moves")
    }
}
