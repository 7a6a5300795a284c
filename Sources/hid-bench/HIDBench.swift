import ArgumentParser

/// Benchmarks of the HID pipeline: the wire codec now, the process pipeline later.
@main
struct HIDBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hid-bench",
        abstract: "Measure the HID event pipeline.",
        subcommands: [CodecBenchmark.self])
}
