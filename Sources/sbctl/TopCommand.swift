import ArgumentParser
import CommandLineSupport
import ControlProtocol
import ControlText
import Foundation
import RunLoopKit

#if canImport(Glibc)
    import Glibc
#endif

/// `sbctl top`: a live view of a running springboard, refreshed in place every `--interval` seconds until
/// Ctrl-C: apps and their states, the foreground, events per second at every hop and per app (from the
/// counters' change between two refreshes), latency percentiles per hop, drops with reasons.
struct TopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "top",
        abstract: "Live view: apps and states, foreground, events/s per hop, latency percentiles, drops (Ctrl-C quits).",
        discussion:
            "On a terminal the view is redrawn in place and fitted to its size; otherwise (a pipe, a file) each refresh "
            + "is printed after the previous one, fitted to 40 rows of 120 columns. Apps, rates and latency come first, "
            + "then the counters that are not zero, in the order a frame meets them. --count N stops after N refreshes.")

    @Option(name: .long, help: "Seconds between refreshes.")
    var interval: Double = 1

    @Option(name: .long, help: "Stop after this many refreshes (default: until Ctrl-C).")
    var count: Int?

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        guard interval.isFinite, interval >= 0.05, interval <= 3600 else {
            throw ValidationError("--interval must be between 0.05 and 3600 seconds")
        }
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
    }

    func run() throws {
        Interruption.install()
        let terminal = isatty(STDOUT_FILENO) == 1
        let curve = try connection.curve.client()
        func connect() throws -> ControlClient {
            try ControlClient(endpoint: connection.endpoint, timeoutMilliseconds: connection.timeout, curve: curve)
        }
        var client = try connect()
        var previous: TopSnapshot?
        var refreshes = 0
        var answered = false
        while !Interruption.requested {
            let snapshot = TopSnapshot.take(client)
            answered = answered || snapshot.stats != nil
            let size = terminal ? Self.terminalSize() : nil
            let frame = TopView.render(
                snapshot, previous: previous, endpoint: connection.endpoint, width: size?.columns ?? 120, height: size?.rows ?? 40
            )
            // Home and clear, then the frame: redrawn in place on a terminal.
            // Unbuffered, so a pipe sees each refresh when it is made.
            FileHandle.standardOutput.write(Data((terminal ? "\u{1B}[H\u{1B}[2J" + frame + "\n" : frame + "\n\n").utf8))
            if snapshot.stats != nil { previous = snapshot }
            // A request socket whose reply never came cannot send again: the next refresh asks on a new one.
            if snapshot.error != nil { client = try connect() }
            refreshes += 1
            if let count, refreshes >= count { break }
            var waited = 0.0
            while waited < interval, !Interruption.requested {
                usleep(50_000)
                waited += 0.05
            }
        }
        if !answered { throw ExitCode(.unavailable) }
    }

    /// The terminal's rows and columns (a redraw must fit: one row is the cursor's), nil when unknown.
    static func terminalSize() -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_row) - 1, Int(size.ws_col))
    }
}
