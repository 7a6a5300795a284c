import ArgumentParser

/// Benchmarks of the HID pipeline: the wire codec, and one ZeroMQ hop against a raw-ZeroMQ baseline.
@main
struct HIDBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hid-bench",
        abstract: "Measure the HID event pipeline.",
        subcommands: [CodecBenchmark.self, TransportBenchmark.self])
}
