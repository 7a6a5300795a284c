import ArgumentParser
import CommandLineSupport
import ControlProtocol
import Foundation
import Logging
import SpringBoardCore
import SpringBoardHome
import Yams
import ZeroMQ

/// `springboard`: the router process (event port, app channel, home screen, control socket).
@main
struct SpringBoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "springboard",
        abstract: "Route HID frames to the foreground app, or consume them on the home screen.",
        discussion: """
            Binds three sockets (protocols/app-channel.md, protocols/control.md): the event port (PULL), the app \
            channel (ROUTER) and the control socket (ROUTER). With ipc endpoints in the runtime directory it takes \
            <runtime dir>/springboard.lock first, so a second springboard refuses to start instead of silently \
            taking over the sockets.

            """ + ExitStatus.helpText(failure: nil))

    static func main() { CommandLineMain.run(Self.self) }

    @OptionGroup var runtime: RuntimeDirectoryOptions
    @OptionGroup var events: EndpointOption<EventsSocket>
    @OptionGroup var apps: EndpointOption<AppsSocket>
    @OptionGroup var control: EndpointOption<ControlSocket>
    @OptionGroup var monitor: EndpointOption<MonitorSocket>

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Check an ensemble file (deploy/ensemble.yaml) and print its settings as shell assignments, then exit.",
            valueName: "file"))
    var printEnsemble: String?

    @Option(name: .long, help: "Milliseconds an event may wait for its ack before the app is not responding.")
    var ackTimeoutMs: UInt32 = 5000

    @Option(
        name: .long,
        help:
            "Milliseconds a source may stay silent with fingers down before they are cancelled (0: never; hid-source keeps alive every 250 ms)."
    )
    var sourceTimeoutMs: UInt32 = 2000

    @Option(
        name: .long,
        help:
            "Kill an app that stays not responding this many seconds (SIGKILL to its kernel-verified pid; counted as watchdogKills). Default: no watchdog."
    )
    var watchdog: Double?

    @Option(name: .long, help: "Heartbeat intervals an app may miss before springboard checks on it.")
    var missedHeartbeats: UInt64 = 3

    @Option(name: .long, help: "Most events in flight per app before the rest wait in its outbound queue.")
    var ackWindow: Int = 4096

    @Option(
        name: .long,
        help:
            "Fewest events in flight allowed per app in shed mode (there the window in use is sized from the measured round trip)."
    )
    var minAckWindow: Int = 32

    @Option(name: .long, help: "Outbound queue bound per app, in events (moves coalesce into one).")
    var outboundCapacity: Int = 256

    @Option(name: .long, help: "Most samples one coalesced event carries.")
    var coalesceLimit: Int = 1024

    @Option(
        name: .long,
        help:
            "When an app cannot keep up: shed (coalesce moves, give up on a stuck app) or backpressure (stop reading the event port)."
    )
    var overload: OverloadMode = .shed

    @Option(name: .long, help: "Screen width in points.") var screenWidth: Double = 390
    @Option(name: .long, help: "Screen height in points.") var screenHeight: Double = 844

    @Option(name: .long, help: "springboard's CURVE secret-key file: every socket requires CURVE (with --authorized-keys).")
    var curveKey: String?

    @Option(
        name: .long,
        help: "The CURVE public keys admitted: lines `source KEY`, `control KEY`, `app BUNDLE_ID KEY` (with --curve-key).")
    var authorizedKeys: String?

    @Option(
        name: .long,
        help:
            "Per-launch secrets: lines `BUNDLE_ID HEX64`; a listed app must present its secret to register (deploy/ensemble writes it)."
    )
    var launchSecrets: String?

    @Option(
        name: .long,
        help:
            "Launch this app and keep it running: SCENE (its app.bundleID) or BUNDLE_ID=SCENE (repeatable). Only that process may register as it."
    )
    var launch: [String] = []

    @Option(name: .long, help: "The app-host executable for --launch (default: next to springboard).")
    var appHost: String?

    @Option(
        name: .long,
        help:
            "SCENE=EXECUTABLE: launch the app of `--launch SCENE` (or BUNDLE_ID=SCENE) with EXECUTABLE, an app-host of your own (repeatable)."
    )
    var launchExecutable: [String] = []

    @Option(
        name: .long, parsing: .unconditionalSingleValue,
        help: "An argument for every launched app-host (repeatable), e.g. --app-argument --quiet.")
    var appArgument: [String] = []

    @Flag(
        name: .long,
        help:
            "Allow a tcp endpoint beyond loopback without CURVE: anyone who reaches it can drive springboard (a warning is logged at start)."
    )
    var insecureTcp = false

    @Flag(name: .long, help: "Log registrations, foreground changes and liveness decisions.")
    var verbose = false

    func validate() throws {
        guard ackTimeoutMs > 0 else { throw ValidationError("--ack-timeout-ms must be positive") }
        if let watchdog, !(watchdog > 0 && watchdog <= 86_400) {
            throw ValidationError("--watchdog must be a number of seconds above 0 (at most 86400)")
        }
        guard coalesceLimit >= 1 else { throw ValidationError("--coalesce-limit must be at least 1") }
        guard ackWindow > 0, minAckWindow > 0, outboundCapacity > 0 else {
            throw ValidationError("--ack-window and --outbound-capacity must be positive")
        }
        _ = try launches()
        guard (curveKey == nil) == (authorizedKeys == nil) else {
            throw ValidationError("--curve-key and --authorized-keys go together")
        }
        if curveKey == nil, !insecureTcp, let refusal = EndpointExposure.refusal(boundEndpoints) {
            throw ValidationError(refusal)
        }
    }

    /// The endpoints springboard binds, with the flag that names each.
    var boundEndpoints: [(flag: String, endpoint: String)] {
        [
            ("--events", events.resolved(runtime)), ("--apps", apps.resolved(runtime)),
            ("--control", control.resolved(runtime)), ("--monitor", monitor.resolved(runtime)),
        ]
    }

    func run() throws {
        if let printEnsemble {
            _ = try CommandError.read(printEnsemble)
            do { print(try EnsembleFile.load(printEnsemble).shellAssignments) } catch let problem as EnsembleFile.Problem {
                FileHandle.standardError.write(Data("springboard: \(problem)\n".utf8))
                throw ExitCode(.dataError)
            }
            return
        }
        var configuration = SpringBoardConfiguration(
            eventEndpoint: events.resolved(runtime), appEndpoint: apps.resolved(runtime),
            controlEndpoint: control.resolved(runtime), runtimeDirectory: runtime.endpoints.runtimeDirectory)
        configuration.monitorEndpoint = monitor.resolved(runtime)
        configuration.ackTimeoutMilliseconds = ackTimeoutMs
        configuration.missedHeartbeats = missedHeartbeats
        configuration.watchdogMilliseconds = watchdog.map { UInt64(($0 * 1000).rounded()) } ?? 0
        configuration.sourceTimeoutMilliseconds = sourceTimeoutMs
        configuration.ackWindow = ackWindow
        configuration.minimumAckWindow = minAckWindow
        configuration.outboundCapacity = outboundCapacity
        configuration.coalesceLimit = coalesceLimit
        configuration.overload = overload
        configuration.backpressureQueue = max(1, min(64, outboundCapacity / 2))
        configuration.screenWidth = screenWidth
        configuration.screenHeight = screenHeight
        configuration.verbose = verbose
        configuration.launches = try launches()
        configuration.appHostPath = appHost ?? Self.siblingAppHost
        configuration.appArguments = appArgument
        if let launchSecrets {
            _ = try CommandError.read(launchSecrets)
            do { configuration.launchSecrets = try LaunchSecrets(contentsOf: launchSecrets) } catch {
                FileHandle.standardError.write(Data("springboard: \(error)\n".utf8))
                throw ExitCode(.dataError)
            }
        }
        if let curveKey, let authorizedKeys {
            for file in [curveKey, authorizedKeys] where !FileManager.default.isReadableFile(atPath: file) {
                throw CommandError.noInput(
                    "\(file): \(FileManager.default.fileExists(atPath: file) ? "cannot read it" : "no such file")")
            }
            do {
                configuration.curveSecretKey = try ZMQCurveKeyPair.readKey(curveKey)
                configuration.authorizedKeys = try AuthorizedKeys(contentsOf: authorizedKeys)
            } catch {
                FileHandle.standardError.write(Data("springboard: \(error)\n".utf8))
                throw ExitCode(.dataError)
            }
        }
        if curveKey == nil, insecureTcp, let refusal = EndpointExposure.refusal(boundEndpoints) {
            // Loud on purpose, whatever the log level: the user chose an open port.
            FileHandle.standardError.write(Data("springboard: WARNING: --insecure-tcp: \(refusal)\n".utf8))
        }
        var logger = Logger(label: "springboard")
        logger.logLevel = verbose ? .info : .warning
        let springBoard: SpringBoard
        let layout = HomeScreenLayout(screenWidth: configuration.screenWidth, screenHeight: configuration.screenHeight)
        do {
            springBoard = try SpringBoard(configuration: configuration, logger: logger) { runLoop in
                HomeScreenScene(runLoop: runLoop, layout: layout)
            }
        } catch {
            // Its lock taken by another springboard, an endpoint it cannot bind, a runtime directory it does not
            // trust: it cannot serve (69).
            FileHandle.standardError.write(Data("springboard: \(error)\n".utf8))
            throw ExitCode(.unavailable)
        }
        // Written at once (unbuffered): launchers wait for this line.
        let ready =
            "springboard \(getpid()) ready: events \(configuration.eventEndpoint) apps \(configuration.appEndpoint) control \(configuration.controlEndpoint)\n"
        try? FileHandle.standardOutput.write(contentsOf: Data(ready.utf8))
        springBoard.run()
    }
}

extension SpringBoardCommand {
    /// `--launch` items: `BUNDLE_ID=SCENE`, or a scene file whose `app.bundleID` names the app; each with the
    /// executable `--launch-executable SCENE=EXECUTABLE` gives its scene.
    func launches() throws -> [AppLaunch] {
        var executables: [String: String] = [:]
        for item in launchExecutable {
            guard let equals = item.lastIndex(of: "="), equals != item.startIndex, item.index(after: equals) != item.endIndex
            else { throw ValidationError("--launch-executable \(item): expected SCENE=EXECUTABLE") }
            executables[String(item[..<equals])] = String(item[item.index(after: equals)...])
        }
        var launches = try plainLaunches()
        for index in launches.indices {
            launches[index].executable = executables.removeValue(forKey: launches[index].scene)
        }
        if let scene = executables.keys.sorted().first {
            throw ValidationError("--launch-executable \(scene)=...: no --launch names that scene")
        }
        return launches
    }

    private func plainLaunches() throws -> [AppLaunch] {
        try launch.map { item in
            if let explicit = AppLaunch(argument: item), !FileManager.default.fileExists(atPath: item) { return explicit }
            let root: Any?
            do { root = try Yams.load(yaml: String(contentsOfFile: item, encoding: .utf8)) } catch {
                throw ValidationError("--launch \(item): \(error)")
            }
            guard let app = (root as? [String: Any])?["app"] as? [String: Any], let bundleID = app["bundleID"] as? String,
                !bundleID.isEmpty
            else { throw ValidationError("--launch \(item): no app.bundleID (or pass BUNDLE_ID=SCENE)") }
            return AppLaunch(bundleID: bundleID, scene: item)
        }
    }

    /// `app-host` in springboard's own directory (`/proc/self/exe`).
    static var siblingAppHost: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("app-host").path
    }
}

extension OverloadMode: ExpressibleByArgument {}
