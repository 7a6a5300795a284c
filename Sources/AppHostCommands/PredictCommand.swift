import ArgumentParser
import CommandLineSupport
import HeadlessApp

/// `app-host predict RECORDING`: how far `UIEvent.predictedTouches(for:)`'s predictor misses on a real touchscreen
/// recording (over- and under-prediction and jitter in points, as Chromium's prediction metrics).
struct PredictCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "predict",
        abstract: "Measure the predicted-touches predictor on an evemu recording (error, over, under, jitter in points).")

    @Argument(help: "An evemu recording (protocols/evemu-replay.md).")
    var recording: String

    @OptionGroup(title: "Recordings") var options: RecordingOptions

    @Option(name: .long, help: "Predict one frame of this refresh rate ahead (Hz).")
    var refreshRate: UInt32 = 60

    func validate() throws {
        guard (1...1000).contains(refreshRate) else { throw ValidationError("--refresh-rate must be 1...1000 Hz") }
    }

    func run() throws {
        let frames = try options.payloads(of: RecordingOptions.load(recording))
        let horizon = 1_000_000_000 / UInt64(refreshRate)
        for line in PredictionMetrics.measure(frames, horizon: horizon).report(horizon: horizon) { print(line) }
    }
}
