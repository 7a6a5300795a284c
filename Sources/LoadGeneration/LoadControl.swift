import ControlProtocol
import Foundation
import ZeroMQ
#if canImport(Glibc)
    import Glibc
#endif

/// springboard's control socket as a load run uses it: one REQ client kept for the whole run (a new one
/// costs a ZeroMQ context and its I/O thread), replaced after a timeout because a REQ socket that missed its
/// reply cannot send again.
final class LoadControl {
    let endpoint: String
    private let timeoutMilliseconds: Int
    /// The CURVE keys of a secured springboard (`--curve-server-key`, `--curve-key`).
    let curve: ZMQCurveClient?
    private var client: ControlClient?

    init(endpoint: String, timeoutMilliseconds: Int = 2000, curve: ZMQCurveClient?) {
        self.endpoint = endpoint
        self.timeoutMilliseconds = timeoutMilliseconds
        self.curve = curve
    }

    /// One request; an error reply throws `ControlError`, no reply `ControlClientError`.
    func request(_ command: ControlCommand) throws -> ControlReply {
        let client = try self.client ?? ControlClient(endpoint: endpoint, timeoutMilliseconds: timeoutMilliseconds, curve: curve)
        do {
            let reply = try client.request(command)
            self.client = client
            if !reply.ok, let error = reply.error { throw error }
            return reply
        } catch let error as ControlClientError {
            self.client = nil
            throw error
        }
    }

    func stats(reset: Bool = false, histograms: Bool = false) throws -> StatsInfo {
        guard let stats = try request(.stats(reset: reset, histograms: histograms)).stats else {
            throw ControlClientError.badReply("stats reply without stats")
        }
        return stats
    }

    func source(_ senderID: UInt64) throws -> SourceInfo {
        guard let source = try request(.source(senderID: senderID)).source else {
            throw ControlClientError.badReply("source reply without source")
        }
        return source
    }

    /// Reads the overload policy, or sets it and returns the one now in force.
    func overload(_ mode: OverloadMode? = nil) throws -> OverloadMode {
        guard let mode = try request(.overload(mode: mode)).overload else {
            throw ControlClientError.badReply("overload reply without a mode")
        }
        return mode
    }

    /// The app a run loads, and what was in front before it when the run had to change that.
    struct Target {
        let app: String
        /// What puts the foreground back after the run (`foreground` of the app that was in front, or `home`);
        /// nil when the app was already in front.
        let restore: ControlCommand?
        /// springboard's pid, from the same `status` reply (for `processes`).
        let springBoardPid: Int32
    }

    /// The app the run loads: `requested` (brought to the foreground if it is not there), else the
    /// foreground app, else, while the home screen shows, the app of its first icon (an ensemble's first app),
    /// brought forward as a user would tap it, and said on stderr. Bad input (no such app, no app running)
    /// is a `LoadTargetError`. A load run measures, it does not navigate: what it brought forward is put back
    /// after the run (`Target.restore`), as the overload policy is.
    func target(requested: String?) throws -> Target {
        guard let status = try request(.status).status else { throw ControlClientError.badReply("status reply without status") }
        let restore: ControlCommand = status.foreground.map { .foreground(bundleID: $0) } ?? .home
        guard let requested else {
            if let foreground = status.foreground { return Target(app: foreground, restore: nil, springBoardPid: status.pid) }
            let first = try firstHomeScreenApp()
            try bringForward(first, option: "the home screen's first app")
            FileHandle.standardError.write(
                Data(
                    ("hid-source: the home screen showed: loading \(first), its first app (--app chooses another); "
                        + "the home screen comes back after the run\n").utf8))
            return Target(app: first, restore: restore, springBoardPid: status.pid)
        }
        if status.foreground == requested { return Target(app: requested, restore: nil, springBoardPid: status.pid) }
        try bringForward(requested, option: "--app \(requested)")
        return Target(app: requested, restore: restore, springBoardPid: status.pid)
    }

    /// springboard and the target app as processes whose CPU a run measures, by the pids springboard reports. Only the
    /// command name checks them: a springboard on another host reports pids of its own host, which here name
    /// other processes or, by chance, a local springboard or app-host (an ipc endpoint is always local).
    func processes(of target: Target) throws -> [CPUSampler.Process] {
        var processes = [CPUSampler.Process(name: "springboard", pid: target.springBoardPid, command: "springboard")]
        if let info = try request(.apps).apps?.first(where: { $0.bundleID == target.app }) {
            processes.append(CPUSampler.Process(name: "app", pid: Int32(bitPattern: info.pid), command: "app-host"))
        }
        return processes
    }

    /// What a run against `app` should be told before it starts: the app traces every UIKit call, so its
    /// figures include the trace writer (the registration says so: `sbctl apps`, TRACES CALLS).
    func warnings(for app: String) throws -> [String] {
        guard try request(.apps).apps?.first(where: { $0.bundleID == app })?.tracesCalls == true else { return [] }
        return [
            "\(app) traces every UIKit call (sbctl apps: TRACES CALLS yes): the app's CPU and latency include writing "
                + "its trace; load an app that does not (deploy/apps/bench) to measure the pipeline"
        ]
    }

    /// The running app whose icon comes first on the home screen (page, then slot).
    private func firstHomeScreenApp() throws -> String {
        guard let apps = try request(.apps).apps else { throw ControlClientError.badReply("apps reply without apps") }
        let running = apps.filter { $0.state == "background" && $0.homePage >= 0 }
        guard let first = running.min(by: { ($0.homePage, $0.homeSlot) < ($1.homePage, $1.homeSlot) }) else {
            throw LoadTargetError(
                "no app is in the foreground and none is running to bring forward: start one (deploy/ensemble up) "
                    + "or pass --app BUNDLEID")
        }
        return first.bundleID
    }

    private func bringForward(_ bundleID: String, option: String) throws {
        do { _ = try request(.foreground(bundleID: bundleID)) } catch let error as ControlError {
            throw LoadTargetError("\(option): \(error.message)")
        }
    }
}

/// The live line on stderr while a run sends, when stderr is a terminal: elapsed time, offered frames and
/// their rate, events the app acknowledged. Polls `stats` (no reset, no histograms) at most 4 times a second
/// from the sending thread, between sends, through its own control client with a short timeout, so a
/// slow reply costs the generator at most that long (and a stall, being open-loop, shows as latency).
final class LoadProgress {
    static let periodNanoseconds: UInt64 = 250_000_000

    let enabled: Bool
    private let control: LoadControl?
    private let app: String
    private var start: UInt64 = 0
    private var next: UInt64 = 0
    private var acknowledged: UInt64 = 0

    /// `runControl`: the run's own client, whose endpoint and keys the line's client (with a short timeout) takes.
    init(runControl: LoadControl, app: String) {
        enabled = isatty(STDERR_FILENO) != 0
        control = enabled ? LoadControl(endpoint: runControl.endpoint, timeoutMilliseconds: 250, curve: runControl.curve) : nil
        self.app = app
    }

    func begin(at time: UInt64) {
        start = time
        next = time + Self.periodNanoseconds
    }

    /// Cheap unless a period has passed: one comparison.
    /// Returns true when it updated the line (it asked springboard for its counters: that takes time).
    @discardableResult
    @inline(__always) func tick(now: UInt64, offered: UInt64) -> Bool {
        guard enabled, now >= next else { return false }
        next = now + Self.periodNanoseconds
        if let app = try? control?.stats().apps.first(where: { $0.bundleID == self.app }) { acknowledged = app.acked }
        let seconds = Double(now - start) / 1e9
        let rate = seconds > 0 ? Double(offered) / seconds : 0
        let line = String(
            format: "\r\u{1B}[K%6.1f s  offered %llu (%.0f/s)  acknowledged %llu events", seconds, offered, rate, acknowledged)
        FileHandle.standardError.write(Data(line.utf8))
        return true
    }

    /// Clears the line before the report.
    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

/// The app a run was asked to load cannot be loaded (no such app, none running): bad input, found out from
/// springboard, said in one line (exit status 64, as the command's own validation).
struct LoadTargetError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
