import AppChannel
import Foundation
import RunLoopKit

/// Starts the apps springboard launches, hands each launch a fresh secret ($TOUCHPIPELINE_LAUNCH_SECRET), and
/// relaunches one that exits with back-off (0.25 s, doubling to 8 s; back to 0.25 s after 10 s alive). Runs on
/// springboard's loop: exits are reported from Foundation's thread through a source0 signaller.
final class AppLauncher {
    struct Child {
        var process: Process
        var secret: [UInt8]
        var startedAt: UInt64
    }

    let appHost: String
    let arguments: (AppLaunch) -> [String]
    let logDirectory: String?
    private(set) var launches: [AppLaunch]
    private(set) var children: [String: Child] = [:]
    private var backoff: [String: UInt64] = [:]
    /// Exited pids, from Foundation's termination thread to the loop.
    let exits = ExitQueue()

    static let firstBackoff: UInt64 = 250_000_000
    static let maximumBackoff: UInt64 = 8_000_000_000
    static let stableAfter: UInt64 = 10_000_000_000

    init(launches: [AppLaunch], appHost: String, logDirectory: String?, arguments: @escaping (AppLaunch) -> [String]) {
        self.launches = launches
        self.appHost = appHost
        self.logDirectory = logDirectory
        self.arguments = arguments
    }

    func launch(_ app: AppLaunch, now: UInt64) throws {
        var secret = [UInt8](repeating: 0, count: RegisterMessage.secretSize)
        var generator = SystemRandomNumberGenerator()
        for i in secret.indices { secret[i] = UInt8.random(in: 0...255, using: &generator) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: appHost)
        process.arguments = [app.scene] + arguments(app)
        var environment = ProcessInfo.processInfo.environment
        environment[LaunchSecret.environmentVariable] = secret.map { String(format: "%02x", $0) }.joined()
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let log = try logHandle(app.bundleID)
        process.standardOutput = log
        process.standardError = log
        process.terminationHandler = { [exits] process in exits.note(process.processIdentifier) }
        try process.run()
        children[app.bundleID] = Child(process: process, secret: secret, startedAt: now)
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
    func takeExits(now: UInt64) -> [(bundleID: String, pid: Int32, delay: UInt64)] {
        let pids = exits.take()
        var out: [(String, Int32, UInt64)] = []
        for pid in pids {
            guard let (bundleID, child) = children.first(where: { $0.value.process.processIdentifier == pid }) else { continue }
            children[bundleID] = nil
            let lived = now &- child.startedAt
            let delay =
                lived > Self.stableAfter ? Self.firstBackoff : min(backoff[bundleID] ?? Self.firstBackoff, Self.maximumBackoff)
            backoff[bundleID] = min(delay * 2, Self.maximumBackoff)
            out.append((bundleID, pid, delay))
        }
        return out
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
        children.removeAll()
    }
}

/// Pids of launched apps that exited: filled on Foundation's termination thread, taken on springboard's loop
/// (which a source0 signaller wakes).
final class ExitQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var pids: [Int32] = []
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
