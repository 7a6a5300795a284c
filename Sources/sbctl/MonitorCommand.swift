import ArgumentParser
import CommandLineSupport
import ControlProtocol
import Foundation
import RunLoopKit
import ZeroMQ

/// `sbctl monitor`: a getevent-style line per frame springboard reads off its event port (time, sender and
/// sequence, fingers with phases and positions) and where it went: the app (sent, queued, coalesced, or why
/// it was dropped), the home screen, a system gesture, springboard itself, or dropped with the reason. Reads
/// springboard's frame monitor socket (SUB); springboard publishes only while someone listens.
struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "A line per frame springboard reads: sender, fingers and phases, where it was routed or why it was dropped.",
        discussion:
            "Runs until Ctrl-C, or --count frames. Lines go to stdout as they come; \"monitoring ...\" on stderr says "
            + "springboard has the subscription (records published before it are not seen). A subscriber too slow "
            + "to keep up loses records, never the frames themselves: springboard counts them (stats: "
            + "monitorRecordsDropped). Exit status 69 if springboard never answered within --timeout.")

    @OptionGroup var monitor: EndpointOption<MonitorSocket>
    @OptionGroup var runtime: RuntimeDirectoryOptions
    @OptionGroup var curve: CurveOptions

    @Option(name: .long, help: "Stop after this many frames.")
    var count: Int?

    @Option(name: .long, help: "Milliseconds to wait for springboard to take the subscription.")
    var timeout: Int = 2000

    @Flag(name: .long, help: "Print each record as JSON (protocols/control.md, \"Frame monitor\").")
    var json = false

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }

    func run() throws {
        Interruption.install()
        let endpoint = monitor.resolved(runtime)
        let context = try ZMQContext()
        let socket = try context.socket(.sub)
        defer { socket.close() }
        try socket.setLinger(0)
        try curve.client()?.apply(to: socket)
        try socket.connect(endpoint)
        try socket.subscribe()
        // Short waits, so Ctrl-C ends the command within 100 ms whatever the socket does.
        try socket.setReceiveTimeout(100)
        let decoder = JSONDecoder()
        var subscribed = false
        var frames = 0
        let deadline = MonotonicClock.now + UInt64(timeout) * 1_000_000
        while !Interruption.requested {
            guard let bytes = try socket.receive() else {
                if !subscribed, MonotonicClock.now > deadline {
                    printError("sbctl: springboard's frame monitor did not answer at \(endpoint)")
                    throw ExitCode(.unavailable)
                }
                continue
            }
            guard let record = try? decoder.decode(MonitorRecord.self, from: Data(bytes)) else { continue }
            if record.kind == "subscribed" {
                if !subscribed { printError("monitoring \(endpoint) (Ctrl-C quits)") }
                subscribed = true
                continue
            }
            subscribed = true
            // Unbuffered: a pipe sees each line when the frame is read.
            FileHandle.standardOutput.write(Data(((json ? String(decoding: bytes, as: UTF8.self) : record.text) + "\n").utf8))
            frames += 1
            if let count, frames >= count { break }
        }
    }
}
