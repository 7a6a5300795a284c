import RunLoopKit
import XCTest

final class ObserverTests: XCTestCase {
    func testAOneShotObserverFiresOnceAndIsRemoved() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        loop.add(RunLoopTimer(fireAt: 10, interval: 10) { _ in }, mode: .default)
        var activities: [RunLoopActivity] = []
        let oneShot = RunLoopObserver(activities: [.beforeWaiting, .afterWaiting], repeats: false) {
            activities.append($0)
        }
        loop.add(oneShot, mode: .common)

        loop.advance(to: 50)

        XCTAssertEqual(activities, [.beforeWaiting])
        XCTAssertFalse(oneShot.isValid)
        XCTAssertFalse(loop.contains(oneShot, mode: .common))
        XCTAssertFalse(loop.contains(oneShot, mode: .default))
        XCTAssertFalse(loop.contains(oneShot, mode: .tracking))
    }

    func testARepeatingObserverSeesEveryTurnAndOnlyItsActivities() {
        let clock = ManualClock()
        let loop = EventRunLoop(clock: clock)
        loop.add(RunLoopTimer(fireAt: 10, interval: 10) { _ in }, mode: .default)
        var seen: [String] = []
        loop.add(
            RunLoopObserver(activities: [.entry, .afterWaiting, .exit]) { seen.append("\($0) @\(clock.now)") }, mode: .default)

        loop.advance(to: 30)

        // Waits end at 10, 20, 30 (timers) and once more at 30 (idle: nothing ready).
        XCTAssertEqual(
            seen,
            [
                "entry @0", "after waiting @10", "after waiting @20", "after waiting @30",
                "after waiting @30", "exit @30",
            ])
    }

    func testAnObserverAddedByACalloutWaitsForTheNextNotification() {
        let loop = EventRunLoop(clock: ManualClock())
        loop.add(RunLoopSource0 {}, mode: .default)
        let log = TestLog()
        let late = RunLoopObserver(activities: .beforeWaiting, order: 5) { _ in log.append("late") }
        loop.add(
            RunLoopObserver(activities: .beforeWaiting, repeats: false, order: 0) { _ in
                log.append("first")
                loop.add(late, mode: .default)
            }, mode: .default)

        loop.runUntilIdle()
        XCTAssertEqual(log.lines, ["first"])
        loop.runUntilIdle()
        XCTAssertEqual(log.lines, ["first", "late"])
    }

    func testObserversDoNotKeepAModeAlive() {
        let loop = EventRunLoop(clock: ManualClock())
        loop.add(RunLoopObserver(activities: .allActivities) { _ in XCTFail("no run happens") }, mode: .default)
        XCTAssertEqual(loop.run(mode: .default, until: 100), .finished)
    }
}
