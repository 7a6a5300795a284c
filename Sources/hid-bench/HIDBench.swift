import ArgumentParser

/// Benchmarks of the HID pipeline: the wire codec, one ZeroMQ hop against a raw-ZeroMQ baseline, and the
/// raw three-process relay that `hid-source load --baseline` compares the pipeline with.
@main
struct HIDBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hid-bench",
        abstract: "Measure the HID event pipeline.",
        subcommands: [
            CodecBenchmark.self, TransportBenchmark.self, RelayBenchmark.self, SummaryCommand.self, RelayNodeCommand.self,
        ])
}
