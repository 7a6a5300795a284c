import AppChannel
import AppHostCore
import AppInspection
import AppScene
import ArgumentParser
import CommandLineSupport
import Foundation
import UIKitModel

/// `app-host serve SCENE.yaml` (also `app-host SCENE.yaml`): connects to springboard's app channel,
/// registers, and runs the app's main run loop until SIGTERM.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the app live: register with springboard, receive its events, acknowledge them, print the trace.")

    @Argument(help: "The app's scene file (protocols/scene-format.md).")
    var scene: String

    @OptionGroup var apps: EndpointOption<AppsSocket>
    @OptionGroup var runtime: RuntimeDirectoryOptions
    @OptionGroup var curve: CurveOptions

    @Option(name: .long, help: "Bundle id (default: the scene's app.bundleID).")
    var bundleID: String?

    @Option(name: .long, help: "Icon label (default: the scene's app.displayName).")
    var displayName: String?

    @Option(name: .long, help: "Heartbeat interval of the main run loop, milliseconds.")
    var heartbeatMs: UInt32 = 500

    @Option(name: .long, help: "Append the trace as JSON trace records (protocols/trace-record.md) to this file.")
    var traceFile: String?

    @Option(name: .long, help: "Publish the trace records as JSON on this PUB endpoint.")
    var traceEndpoint: String?

    @Flag(name: .long, help: "Do not print trace lines on stdout.")
    var quiet = false

    @Flag(name: .long, help: "Start each stdout trace line with its monotonic time in seconds, `[   5.120333] `.")
    var timestamps = false

    @Option(name: .long, help: "At exit, write the run as Chrome trace-event JSON (hops, run loop, UIKit) to this file.")
    var timeline: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Send every frame as its own event.",
            discussion: "By default UIKit coalesces the moves it finds queued behind each other into one touchesMoved "
                + "(the samples in coalescedTouches(for:)), as iOS does when an app falls behind; then what the trace "
                + "shows depends on how fast the app kept up. With this flag it does not."))
    var noCoalescing = false

    @OptionGroup(title: "Display") var display: DisplayOptions

    @Flag(name: .long, help: "Log channel activity on stderr.")
    var verbose = false

    @Flag(name: .long, help: "Test only: SIGUSR1 blocks the main thread (no acks, no heartbeats) until the process is killed.")
    var hangOnSigusr1 = false

    func validate() throws {
        guard heartbeatMs > 0 else { throw ValidationError("--heartbeat-ms must be positive") }
    }

    func run() throws {
        let sceneApp = try SceneFile.load(scene)
        for warning in sceneApp.warnings { printWarning(warning.located(in: scene)) }
        let application = sceneApp.application
        let bundle = bundleID ?? application.bundleIdentifier
        guard !bundle.isEmpty else { throw ValidationError("\(scene) has no app.bundleID; pass --bundle-id") }
        if let bundleID { application.bundleIdentifier = bundleID }
        if let displayName { application.displayName = displayName }
        var configuration = AppHostConfiguration(
            appEndpoint: apps.resolved(runtime), bundleID: bundle,
            displayName: application.displayName.isEmpty ? bundle : application.displayName)
        configuration.heartbeatIntervalMilliseconds = heartbeatMs
        configuration.traceFile = traceFile
        configuration.traceEndpoint = traceEndpoint
        configuration.traceToStdout = !quiet
        configuration.traceTimestamps = timestamps
        configuration.timelineFile = timeline
        configuration.verbose = verbose
        configuration.coalescesQueuedMoves = !noCoalescing
        configuration.refreshHz = display.refreshRate
        configuration.renderDelayFrames = display.renderDelayFrames
        configuration.immediateDispatch = display.immediateDispatch
        // Apps have a display unless told otherwise: UIKit delivers touches once per frame.
        configuration.defaultRefreshHz = FrameClock.defaultRefreshHz
        configuration.hangOnSIGUSR1 = hangOnSigusr1
        configuration.curve = try curve.client()
        configuration.launchSecret = try LaunchSecret.takeFromEnvironment()
        configuration.launcherLifeline = LauncherLifeline.takeFromEnvironment()
        let host = try AppHost(application: application, configuration: configuration)
        host.viewLocator = { id in
            // Looking is not a touch: the hit-test that checks the point stays out of the app's trace.
            let onRecord = application.trace.onRecord
            application.trace.onRecord = nil
            defer { application.trace.onRecord = onRecord }
            do {
                let point = try SceneViewLocator.tapPoint(of: id, in: sceneApp)
                return .found(x: Float(point.x), y: Float(point.y))
            } catch {
                return .notFound(reason: "\(error)")
            }
        }
        host.run()
        if let status = host.exitStatus { throw ExitCode(status) }
    }
}
