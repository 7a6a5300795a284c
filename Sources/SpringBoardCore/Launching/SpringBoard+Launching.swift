import Foundation
import RunLoopKit

// springboard launches the apps it was given (`--launch BUNDLE_ID=SCENE`), as iOS's SpringBoard asks launchd: it
// knows each process's pid and hands each launch a fresh secret that its registration must carry. A launched app
// that exits is relaunched with back-off (or at once on an icon tap).
extension SpringBoard {
    func makeLauncher() throws {
        var logs: String?
        if let dir = configuration.runtimeDirectory {
            let path = dir + "/logs"
            if mkdir(path, 0o700) != 0, errno != EEXIST { throw RuntimeDirectoryError.cannotCreate(path: path, reason: "logs") }
            try RuntimeDirectory(path: path).prepare()  // not a symlink, ours, 0700
            logs = path
        }
        let endpoint = configuration.appEndpoint
        let extra = configuration.appArguments
        let launcher = AppLauncher(launches: configuration.launches, appHost: configuration.appHostPath, logDirectory: logs) {
            app in
            ["--apps", endpoint] + (logs.map { ["--trace-file", "\($0)/\(app.bundleID).trace.jsonl"] } ?? []) + extra
        }
        let exits = RunLoopSource0(order: 6, name: "launched app exits") { [unowned self] in handleLaunchedExits() }
        runLoop.add(exits, mode: .common)
        launcher.exits.connect(exits.signaller(waking: runLoop))
        self.launcher = launcher
    }

    func launchAll() {
        guard let launcher else { return }
        for app in launcher.launches { relaunch(app.bundleID, reason: "start") }
    }

    /// Launches `bundleID` now, unless it runs.
    func relaunch(_ bundleID: String, reason: String) {
        relaunchTimers[bundleID]?.invalidate()
        relaunchTimers[bundleID] = nil
        guard let launcher, let app = launcher.launches.first(where: { $0.bundleID == bundleID }), !launcher.isRunning(bundleID)
        else { return }
        do {
            try launcher.launch(app, now: now)
            counters.launches &+= 1
            logger.info("launched \(bundleID) (\(reason)): pid \(launcher.children[bundleID]?.process.processIdentifier ?? 0)")
        } catch {
            logger.error("cannot launch \(bundleID): \(error)")
        }
    }

    /// On the loop: launched apps that exited are dead (whatever the monitor has seen yet) and come back after
    /// their back-off.
    private func handleLaunchedExits() {
        guard let launcher else { return }
        for exit in launcher.takeExits(now: now) {
            counters.launchedExits &+= 1
            if let app = registry.record(bundleID: exit.bundleID), app.verifiedPid == exit.pid || app.pid == UInt32(exit.pid) {
                appVanished(app, reason: "exited (pid \(exit.pid))")
            }
            logger.warning("\(exit.bundleID) (pid \(exit.pid)) exited; relaunching in \(exit.delay / 1_000_000) ms")
            let bundleID = exit.bundleID
            let timer = RunLoopTimer(fireAt: now + exit.delay, interval: 0) { [unowned self] _ in
                relaunch(bundleID, reason: "relaunch after exit")
            }
            relaunchTimers[bundleID] = timer
            runLoop.add(timer, mode: .common)
        }
    }
}
