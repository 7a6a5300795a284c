import ArgumentParser
import ControlProtocol
import HIDEvent
import LoadGeneration
import ZeroMQ

/// `hid-source load`: an open-loop generator of digitizer frames for load tests, with a report of where
/// every frame went and how long every hop took.
struct LoadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Send digitizer frames at a fixed rate (or flat out) and report throughput, loss and per-hop latency.",
        discussion: """
            Open loop: frame i is due at t0 + i/rate and is stamped with that time, so when the pipeline pushes back \
            the wait shows as latency. Drags and taps use --fingers fingers; a pinch always uses two. Before the \
            run springboard's counters are reset; after it the final end marker is confirmed, the app is left to \
            drain, and the report is built from springboard's counters and histograms. A --rate the sender cannot keep \
            up with still ends at --duration; the frames still due are reported as not sent. Exit status, the \
            first that applies: 69 springboard did not answer or confirm, 1 frames unexplained or the app did not \
            drain, 73 the --hgrm files could not be written, 130 or 143 interrupted by SIGINT or SIGTERM, else 0 \
            (the report is printed in each case); 64 a bad option or no such app, before the run.
            """)

    // Unconditional: the next word is the value even when it starts with "-", so `--rate -5` is said to be
    // negative rather than a missing value.
    @Option(parsing: .unconditional, help: "Frames per second; 0 sends flat out.") var rate: Double = 0
    @Option(parsing: .unconditional, help: "How long to send: 10s, 500ms, 2m or plain seconds.") var duration: String?
    @Option(help: "How many frames to send (the run stops at whichever of --duration and --count comes first).")
    var count: UInt64?
    @Option(help: "Fingers per drag and tap, 1...10.") var fingers: Int = 1
    @Option(help: "Gesture weights: drag=W,tap=W,pinch=W.") var mix: String = GestureMix.standard.description
    @Option(help: "Seed of the gesture generator (the same seed, the same frames).") var seed: UInt64 = 1
    @Option(help: "Switch springboard's overload policy for the run (shed or backpressure); the previous one is restored after.")
    var overload: OverloadMode?
    @Option(
        help:
            "The app to load (brought to the foreground if needed, and what was in front put back after; default: the foreground app, or while the home screen shows, its first app)."
    )
    var app: String?
    @Option(help: "Write each hop's histogram (HdrHistogram percentile distribution, µs) into this directory.")
    var hgrm: String?
    @Option(
        help:
            "The JSON of `hid-bench relay --json`: add the pipeline's ratios to the raw relay (repeatable: each relay figure is then the median of the runs)."
    )
    var baseline: [String] = []
    @Option(help: "Milliseconds to wait for the app to drain after the run.") var drainTimeout: Int = 10_000
    @OptionGroup var options: SourceConnection

    func validate() throws {
        _ = try settings()
    }

    func run() throws {
        let status = try LoadRun.run(try settings())
        if status != 0 { throw ExitCode(status) }
    }

    /// The checked options; every complaint is a `ValidationError` (exit 64).
    private func settings() throws -> LoadSettings {
        guard (1...10).contains(fingers) else { throw ValidationError("--fingers must be 1...10, got \(fingers)") }
        if let problem = PacedSchedule.problem(withRate: rate) { throw ValidationError(problem) }
        guard count != nil || duration != nil else { throw ValidationError("give --count N, --duration TIME or both") }
        if let count, count == 0 { throw ValidationError("--count must be at least 1") }
        var length: LoadDuration?
        if let duration {
            guard let parsed = LoadDuration(parsing: duration) else {
                if let (value, _) = LoadDuration.number(duration), value <= 0 {
                    throw ValidationError("--duration must be longer than 0, got \"\(duration)\"")
                }
                throw ValidationError("--duration: \"\(duration)\" is not a time such as 10s, 500ms, 2m or 1.5")
            }
            length = parsed
        }
        let gestureMix: GestureMix
        do { gestureMix = try GestureMix(parsing: mix) } catch { throw ValidationError(error.description) }
        guard drainTimeout >= 0 else { throw ValidationError("--drain-timeout must be >= 0") }
        let curve: ZMQCurveClient?
        do { curve = try options.curve.client() } catch { throw ValidationError("CURVE keys: \(error)") }
        var relay: ([String], BaselineRatios.RelayFigures)?
        var warnings: [String] = []
        if !baseline.isEmpty {
            do {
                let reports = try baseline.map(BaselineRatios.load)
                relay = (baseline, BaselineRatios.RelayFigures(medianOf: reports))
                warnings = BaselineRatios.mismatches(Array(zip(baseline, reports)), rate: rate, fingers: fingers)
            } catch let error as BaselineError {
                throw ValidationError("--baseline: \(error)")
            }
        }
        return LoadSettings(
            rate: rate, duration: length, count: count, fingers: fingers, mix: gestureMix, seed: seed, overload: overload,
            app: app, json: options.json, histogramDirectory: hgrm, baseline: relay, baselineWarnings: warnings,
            senderID: options.runSenderID, eventEndpoint: options.eventEndpoint,
            controlEndpoint: options.controlEndpoint,
            confirmTimeoutMilliseconds: options.confirmTimeout, drainTimeoutMilliseconds: drainTimeout, curve: curve)
    }
}

extension OverloadMode: ExpressibleByArgument {}
