import Foundation
import RunLoopKit
import XCTest

@testable import SpringBoardCore

/// springboard's launcher keeps nothing of an app that exited (issue 24, the residual memory creep of the soak):
/// heaptrack found every launch's `Process`, its arguments and a copy of the environment still held after the
/// child was reaped, ~6 KB a launch, growing with every app kill and relaunch.
final class LauncherMemoryTests: XCTestCase {
    /// Five launches of a program that exits at once, each reaped on the loop: the launcher forgets each child,
    /// and no `Process` object of the five is alive afterwards (before the fix all five were: Foundation's
    /// run-loop source and the process retained each other until `waitUntilExit`).
    func testEveryExitedChildsProcessObjectIsFreed() throws {
        let clock = MonotonicClock()
        let runLoop = EventRunLoop(clock: clock)
        let counters = SpringBoardCounters(since: clock.now)
        let launcher = AppLauncher(
            launches: [AppLaunch(bundleID: "com.example.exits", scene: "unused", executable: "/bin/true")],
            appHost: "/bin/true", logDirectory: nil, runLoop: runLoop, counters: counters, log: SpringBoardLog(clock: clock)
        ) { _ in [] }
        var exited: [String] = []
        launcher.onExit = { bundleID, _ in exited.append(bundleID) }

        final class Weak {
            weak var process: Process?
            init(_ process: Process?) { self.process = process }
        }
        var launched: [Weak] = []
        for _ in 0..<5 {
            launcher.relaunch("com.example.exits", reason: "test")
            let process = try XCTUnwrap(launcher.children["com.example.exits"]?.process)
            launched.append(Weak(process))
            let deadline = clock.now + 5_000_000_000
            while launcher.isRunning("com.example.exits"), clock.now < deadline {
                runLoop.run(mode: .default, until: clock.now + 20_000_000, returnAfterSourceHandled: true)
            }
            XCTAssertFalse(launcher.isRunning("com.example.exits"), "the child's exit reached the loop within 5 s")
        }
        XCTAssertEqual(counters.launches, 5)
        XCTAssertEqual(counters.launchedExits, 5)
        XCTAssertEqual(exited, Array(repeating: "com.example.exits", count: 5))
        // Foundation's termination-handler thread holds its process until the handler returns: give it a moment.
        let settled = Date().addingTimeInterval(2)
        while launched.contains(where: { $0.process != nil }), Date() < settled { usleep(10_000) }
        XCTAssertEqual(launched.filter { $0.process != nil }.count, 0, "Process objects of exited children still alive")
    }
}
