import AppChannel
import Foundation
import Logging
import RunLoopKit

/// Starts the apps springboard launches (`--launch BUNDLE_ID=SCENE`), as iOS's SpringBoard asks launchd: it
/// knows each process's pid and hands each launch a fresh secret ($TOUCHPIPELINE_LAUNCH_SECRET) that its
/// registration must carry. A launched app that exits is relaunched with back-off (0.25 s, doubling to 8 s;
/// back to 0.25 s after 10 s alive), or at once on an icon tap. Runs on springboard's loop: exits are
/// reported from Foundation's thread through a source0 signaller.
final class AppLauncher {
    struct Child {
        var process: Process
        var secret: [UInt8]
        var startedAt: UInt64
        /// The write end of the child's lifeline (`LauncherLifeline`): held, never written, closed when the
        /// child is reaped or stopped; the kernel closes it if springboard dies, and the child then exits.
        var lifeline: Int32
    }

    let appHost: String
    let arguments: (AppLaunch) -> [String]
    let logDirectory: String?
    @exclusivity(unchecked)
    private(set) var launches: [AppLaunch]
    @exclusivity(unchecked)
    private(set) var children: [String: Child] = [:]
    @exclusivity(unchecked)
    private var backoff: [String: UInt64] = [:]
    /// Exited pids, from Foundation's termination thread to the loop.
    let exits = ExitQueue()

    static let firstBackoff: UInt64 = 250_000_000
    static let maximumBackoff: UInt64 = 8_000_000_000
    static let stableAfter: UInt64 = 10_000_000_000

    /// The loop side: where relaunch timers run, what is counted and logged, and who hears of an exit.
    private unowned let runLoop: EventRunLoop
    private let counters: SpringBoardCounters
    private let log: SpringBoardLog
    @exclusivity(unchecked)
    private var relaunchTimers: [String: RunLoopTimer] = [:]
    /// A launched app exited (its pid): the app is dead, whatever the monitor has seen yet (set by springboard).
    @exclusivity(unchecked)
    var onExit: (_ bundleID: String, _ pid: Int32) -> Void = { _, _ in }

    init(
        launches: [AppLaunch], appHost: String, logDirectory: String?, runLoop: EventRunLoop, counters: SpringBoardCounters,
        log: SpringBoardLog, arguments: @escaping (AppLaunch) -> [String]
    ) {
        self.launches = launches
        self.appHost = appHost
        self.logDirectory = logDirectory
        self.arguments = arguments
        self.runLoop = runLoop
        self.counters = counters
        self.log = log
        let exitSource = RunLoopSource0(order: SpringBoardSourceOrder.launchedExits, name: "launched app exits") {
            [unowned self] in handleExits()
        }
        runLoop.add(exitSource, mode: .common)
        exits.connect(exitSource.signaller(waking: runLoop))
    }

    /// springboard's launcher for `configuration.launches`: app logs in `<runtime dir>/logs`, and every launch
    /// gets `SCENE --apps ENDPOINT --trace-file <runtime dir>/logs/BUNDLE.trace.jsonl` and the extra arguments.
    convenience init(
        configuration: SpringBoardConfiguration, runLoop: EventRunLoop, counters: SpringBoardCounters, log: SpringBoardLog
    ) throws {
        var logs: String?
        if let dir = configuration.runtimeDirectory {
            let path = dir + "/logs"
            if mkdir(path, 0o700) != 0, errno != EEXIST { throw RuntimeDirectoryError.cannotCreate(path: path, reason: "logs") }
            try RuntimeDirectory(path: path).prepare()  // not a symlink, ours, 0700
            logs = path
        }
        let endpoint = configuration.appEndpoint
        let extra = configuration.appArguments
        self.init(
            launches: configuration.launches, appHost: configuration.appHostPath, logDirectory: logs, runLoop: runLoop,
            counters: counters, log: log
        ) { app in
            ["--apps", endpoint] + (logs.map { ["--trace-file", "\($0)/\(app.bundleID).trace.jsonl"] } ?? []) + extra
        }
    }

    func launchAll() {
        for app in launches { relaunch(app.bundleID, reason: "start") }
    }

    /// Launches `bundleID` now, unless it runs.
    func relaunch(_ bundleID: String, reason: String) {
        relaunchTimers[bundleID]?.invalidate()
        relaunchTimers[bundleID] = nil
        guard let app = launches.first(where: { $0.bundleID == bundleID }), !isRunning(bundleID) else { return }
        do {
            try launch(app, now: runLoop.clock.now)
            counters.launches &+= 1
            log.logger.info("launched \(bundleID) (\(reason)): pid \(children[bundleID]?.process.processIdentifier ?? 0)")
        } catch {
            log.logger.error("cannot launch \(bundleID): \(error)")
        }
    }

    /// On the loop: launched apps that exited are dead (whatever the monitor has seen yet) and come back after
    /// their back-off.
    private func handleExits() {
        let now = runLoop.clock.now
        for exit in takeExits(now: now) {
            counters.launchedExits &+= 1
            onExit(exit.bundleID, exit.pid)
            log.logger.warning("\(exit.bundleID) (pid \(exit.pid)) exited; relaunching in \(exit.delay / 1_000_000) ms")
            let bundleID = exit.bundleID
            let timer = RunLoopTimer(fireAt: now + exit.delay, interval: 0) { [unowned self] _ in
                relaunch(bundleID, reason: "relaunch after exit")
            }
            relaunchTimers[bundleID] = timer
            runLoop.add(timer, mode: .common)
        }
    }

    private func launch(_ app: AppLaunch, now: UInt64) throws {
        var secret = [UInt8](repeating: 0, count: RegisterMessage.secretSize)
        var generator = SystemRandomNumberGenerator()
        for i in secret.indices { secret[i] = UInt8.random(in: 0...255, using: &generator) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: app.executable ?? appHost)
        process.arguments = [app.scene] + arguments(app)
        var environment = ProcessInfo.processInfo.environment
        environment[LaunchSecret.environmentVariable] = secret.map { String(format: "%02x", $0) }.joined()
        // The lifeline: the child's stdin is a pipe whose write end only springboard holds (both ends close-on-exec;
        // the child gets the read end as fd 0, which the spawn's dup2 leaves open across exec).
        // (pipe2 is hidden behind _GNU_SOURCE; only this thread spawns, and Foundation's spawn closes every other
        // descriptor in the child anyway, so setting the flag just after is as good.)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        environment[LauncherLifeline.environmentVariable] = "0"
        process.environment = environment
        let readEnd = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false)
        process.standardInput = readEnd
        let log = try logHandle(app.bundleID)
        process.standardOutput = log
        process.standardError = log
        process.terminationHandler = { [exits] process in exits.note(process.processIdentifier) }
        do { try process.run() } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[0])
        children[app.bundleID] = Child(process: process, secret: secret, startedAt: now, lifeline: ends[1])
    }

    /// The log file, appended, opened without following a symlink (`/dev/null` without a log directory).
    private func logHandle(_ bundleID: String) throws -> FileHandle {
        guard let logDirectory else { return FileHandle.nullDevice }
        let path = logDirectory + "/" + bundleID + ".log"
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// On the loop: the bundle ids whose process exited since the last call, with the delay before relaunching.
    private func takeExits(now: UInt64) -> [(bundleID: String, pid: Int32, delay: UInt64)] {
        let pids = exits.take()
        var out: [(String, Int32, UInt64)] = []
        for pid in pids {
            guard let (bundleID, child) = children.first(where: { $0.value.process.processIdentifier == pid }) else { continue }
            close(child.lifeline)
            children[bundleID] = nil
            release(child.process)
            let lived = now &- child.startedAt
            let delay =
                lived > Self.stableAfter ? Self.firstBackoff : min(backoff[bundleID] ?? Self.firstBackoff, Self.maximumBackoff)
            backoff[bundleID] = min(delay * 2, Self.maximumBackoff)
            out.append((bundleID, pid, delay))
        }
        return out
    }

    /// Lets Foundation free a `Process` whose child exited. On Linux a running `Process` and the run-loop source it
    /// adds to the launching thread's CFRunLoop retain each other; the exit only invalidates the source, and only
    /// `waitUntilExit()` drops it (swift-corelibs-foundation, Sources/Foundation/Process.swift: `terminateRunLoop`,
    /// `waitUntilExit`). springboard's loop is not a CFRunLoop and never waited, so every launch kept its process
    /// object, arguments and a copy of the environment (~6 KB, ~50 kB a minute in the soak's app kills). The
    /// termination handler that reported the pid runs after `isRunning` is false, so this returns at once.
    private func release(_ process: Process) {
        process.waitUntilExit()
    }

    /// What a registration of `bundleID` must prove, when springboard launched it: the secret and pid of its
    /// current launch (nil: not launched by springboard).
    func expected(_ bundleID: String) -> (secret: [UInt8], pid: Int32)? {
        guard launches.contains(where: { $0.bundleID == bundleID }) else { return nil }
        guard let child = children[bundleID] else { return ([], -1) }  // not running: nothing may register as it
        return (child.secret, child.process.processIdentifier)
    }

    func isRunning(_ bundleID: String) -> Bool { children[bundleID] != nil }

    /// SIGTERM to every child, then SIGKILL to those still running after a second.
    func stopAll() {
        for child in children.values where child.process.isRunning { kill(child.process.processIdentifier, SIGTERM) }
        let deadline = Date().addingTimeInterval(1)
        while children.values.contains(where: { $0.process.isRunning }), Date() < deadline { usleep(10_000) }
        for child in children.values where child.process.isRunning { kill(child.process.processIdentifier, SIGKILL) }
        for child in children.values { close(child.lifeline) }
        children.removeAll()
    }
}

/// Pids of launched apps that exited: filled on Foundation's termination thread, taken on springboard's loop
/// (which a source0 signaller wakes).
final class ExitQueue: @unchecked Sendable {
    private let lock = NSLock()
    @exclusivity(unchecked)
    private var pids: [Int32] = []
    @exclusivity(unchecked)
    private var signaller: RunLoopSource0.Signaller?

    func connect(_ signaller: RunLoopSource0.Signaller) {
        lock.lock()
        self.signaller = signaller
        lock.unlock()
    }

    func note(_ pid: Int32) {
        lock.lock()
        pids.append(pid)
        let signaller = signaller
        lock.unlock()
        signaller?.signal()
    }

    func take() -> [Int32] {
        lock.lock()
        defer { pids.removeAll(); lock.unlock() }
        return pids
    }
}

/// An app springboard launches itself (`springboard --launch BUNDLE_ID=SCENE`), as iOS's SpringBoard asks launchd:
/// it knows the process's pid and hands it a fresh secret on every launch, which its registration must carry.
public struct AppLaunch: Sendable, Equatable {
    public var bundleID: String
    public var scene: String
    /// The program to start instead of springboard's app-host: an app-host of your own (built on the
    /// AppHostCommands library, with your classes registered), given the same arguments.
    public var executable: String?

    public init(bundleID: String, scene: String, executable: String? = nil) {
        self.bundleID = bundleID
        self.scene = scene
        self.executable = executable
    }

    /// `BUNDLE_ID=SCENE`.
    public init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        bundleID = String(argument[..<equals])
        scene = String(argument[argument.index(after: equals)...])
        guard !scene.isEmpty else { return nil }
    }
}
